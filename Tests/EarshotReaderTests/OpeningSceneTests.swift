import EarshotCore
import EarshotReader
import Testing

/// Scenes that open with a presentation showing (`presented:`), persistent sheets, and the
/// OS version whose facts apply (`os:`).
@Suite("Opening scenes and OS versions")
struct OpeningSceneTests {
    static let maps = """
        scene: Maps
        root:
          - heading: Map
          - button: Current Location
        presented: card
        presentations:
          card:
            detents: [ { id: peek, fraction: 0.2 }, medium, large ]
            selected: peek
            undimmed: medium
            grabber: true
            persistent: true
            content:
              - searchField: Search Maps
              - button: Share Location
                activate: { present: share }
          share:
            content:
              - button: Done
                placement: topTrailing
                activate: dismiss
        """

    func reader(_ yaml: String = Self.maps) throws -> ScreenReader { ScreenReader(scene: try loadScene(yaml)) }

    @Test func aPresentedCardShowsWhenTheSceneOpensAtItsSelectedDetent() throws {
        var reader = try reader()
        #expect(reader.presented == "card")
        #expect(reader.detent == "peek")
        #expect(reader.cursor == nil)
        reader.swipeRight()
        #expect(reader.lastDescription == "Map. Heading.")     // nonmodal at peek: the map is reachable
        #expect(reader.isReachable("Sheet Grabber"))
        #expect(!reader.isReachable("Activate to dismiss pop-up window"))
    }

    @Test func presentedListsPresentationsBottomFirst() throws {
        let yaml = Self.maps.replacingOccurrences(of: "presented: card", with: "presented: [card, share]")
        let reader = try reader(yaml)
        #expect(reader.state.stack.map(\.id) == ["card", "share"])
        #expect(reader.state.stack.allSatisfy { $0.presenter == nil })
    }

    @Test func aPersistentSheetStaysUpUnderScrubAndSwipeWithTheFailureEarcon() throws {
        var reader = try reader()
        reader.touch("Search Maps")
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "card")
        reader.swipeToDismiss()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "card")
        reader.touch("Sheet Grabber")
        reader.doubleTap(); reader.doubleTap()             // peek → medium → large: dimmed
        #expect(reader.detent == "large")
        reader.touch("Activate to dismiss pop-up window")
        reader.doubleTap()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "card")
    }

    @Test func whatTheCardPresentsIsDismissedOntoIt() throws {
        var reader = try reader()
        reader.touch("Share Location")
        reader.doubleTap()
        #expect(reader.presented == "share")
        reader.scrub()
        #expect(reader.presented == "card")
        #expect(reader.focused?.label == "Share Location")
    }

    // MARK: OS versions

    @Test func theDefaultIOSVersionIs17() throws {
        let profile = try Profile.bundled(.ios)
        #expect(profile.version == "17")
        #expect(profile.os.default == "17")
        #expect(profile.dimming?.label == "Activate to dismiss pop-up window")
        #expect(profile.grabber?.values["medium"] == "Half screen")
    }

    @Test func laterVersionsPatchTheirFacts() throws {
        let ios18 = try Profile.bundled(.ios, os: "18")
        #expect(ios18.grabber?.values == ["medium": "Collapsed", "large": "Expanded"])
        #expect(ios18.dimming != nil)
        let ios26 = try Profile.bundled(.ios, os: "26")
        #expect(ios26.dimming == nil)
        #expect(ios26.grabber?.values["medium"] == "Collapsed")   // patches accumulate
        #expect(try Profile.bundled(.ios, os: "16").grabber?.values["medium"] == "Half screen")
        #expect(throws: ProfileError.self) { try Profile.bundled(.ios, os: "99") }
    }

    @Test func aSceneNamesItsVersionAndAppliesItsFacts() throws {
        let yaml = Self.maps.replacingOccurrences(of: "scene: Maps\n", with: "scene: Maps\nos: \"18\"\n")
        var reader = try reader(yaml)
        #expect(reader.scene.os == "18")
        reader.touch("Sheet Grabber")
        reader.doubleTap()
        #expect(reader.lastDescription == "Sheet Grabber: Collapsed")
    }

    @Test func applyingAnotherVersionRemakesTheSystemElements() throws {
        let scene = try loadScene(Self.maps)
        let later = try scene.applying(os: "26")
        #expect(later.os == "26")
        #expect(later.presentations["card"]?.dismissElement == nil)
        #expect(later.elements.count == scene.elements.count - 2)   // no dimming view on either sheet
        #expect(later.opening == ["card"])
        let back = try later.applying(os: "17")
        #expect(back.elements.map(\.label) == scene.elements.map(\.label))
        #expect(throws: ProfileError.self) { try scene.applying(os: "5") }
    }

    @Test func versionsCompareNumberByNumber() {
        #expect(Profile.version("26", isAtLeast: "18"))
        #expect(!Profile.version("9", isAtLeast: "18"))
        #expect(Profile.version("17.5", isAtLeast: "17"))
        #expect(!Profile.version("17", isAtLeast: "17.5"))
    }
}
