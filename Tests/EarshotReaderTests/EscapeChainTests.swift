import EarshotCore
import EarshotReader
import Testing

/// Escape routed as UIKit routes `accessibilityPerformEscape` (docs/decisions.md, "Escape"): the
/// element, its containers, the navigation stack of its presentation, then the presentation (the
/// scene's `escape:`, else the profile's default for the style), else `failure`.
@Suite("Escape chain")
struct EscapeChainTests {
    /// A full-screen cover holding a three-page navigation stack; `escape` is set per test.
    /// The editor presentation, with `key` (`grabber: true`) added to it if given.
    static func cover(escape: String? = nil, style: String = "fullScreen", platform: String = "ios", key: String? = nil) -> String {
        """
        scene: T
        platform: \(platform)
        root: [ { button: Edit, activate: { present: editor } } ]
        presentations:
          editor:
            style: \(style)
        \(escape.map { "    escape: \($0)\n" } ?? "")\(key.map { "    \($0)\n" } ?? "")    pages:
              - id: one
                title: Photo
                content:
                  - button: Close
                    placement: topLeading
                    activate: dismiss
                  - button: Adjust
                    activate: { navigate: two }
              - id: two
                title: Adjust
                content:
                  - group: Light
                    escape: { announce: "Light reset" }
                    children: [ { slider: Exposure } ]
                  - button: Crop
                    activate: { navigate: three }
              - id: three
                title: Crop
                content:
                  - button: Rotate
                    escape: { announce: "Rotation reset" }
                  - text: Straighten
        """
    }

    func reader(_ yaml: String) throws -> ScreenReader { ScreenReader(scene: try loadScene(yaml)) }

    /// Pushes both pages and touches page three's Back button (a push lands past the bar).
    func pushedTwice(_ yaml: String) throws -> ScreenReader {
        var reader = try reader(yaml)
        reader.open("Edit")
        reader.open("Adjust")
        reader.open("Crop")
        #expect(reader.state.topmost?.history == [0, 1])
        #expect(reader.lastDescription == "Rotate. Button.")
        reader.touch("Back")
        return reader
    }

    @Test func theElementsOwnEscapeComesBeforeThePageStack() throws {
        var reader = try pushedTwice(Self.cover())
        reader.touch("Rotate")
        reader.scrub()
        #expect(reader.spoken == ["Rotation reset"])
        #expect(reader.state.topmost?.page == 2)
    }

    @Test func aContainersEscapeComesBeforeThePageStack() throws {
        var reader = try reader(Self.cover())
        reader.open("Edit")
        reader.open("Adjust")
        reader.touch("Exposure")
        reader.scrub()
        #expect(reader.spoken == ["Light reset"])
        #expect(reader.state.topmost?.page == 1)
    }

    @Test func aScrubPopsAPageAndPutsTheCursorBackOnWhatLeftIt() throws {
        var reader = try pushedTwice(Self.cover())
        reader.touch("Straighten")
        reader.scrub()
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.presented == "editor")
        #expect(reader.state.topmost?.page == 1)
        #expect(reader.lastDescription == "Crop. Button.")
        // The Back button pops the same way.
        reader.open("Back")
        #expect(reader.state.topmost?.page == 0)
        #expect(reader.lastDescription == "Adjust. Button.")
        #expect(reader.state.topmost?.history == [])
    }

    @Test func withTheElementThatLeftThePageGoneAPopLandsOnThePagesFirstElement() throws {
        // Crop hides itself as it pushes the Crop page.
        let yaml = Self.cover().replacingOccurrences(
            of: "activate: { navigate: three }",
            with: "id: crop\n            activate: [ { set: { crop: { hidden: true } } }, { navigate: three } ]")
        var reader = try pushedTwice(yaml)
        reader.scrub()
        #expect(reader.state.topmost?.page == 1)
        #expect(reader.lastDescription == "Photo. Back Button.")
    }

    /// The Back button is titled with the page it returns to (UIKit's navigation bar: the
    /// previous item's title, else Back; Settings' Keyboards page reads "General. Back Button."),
    /// and still answers to `Back`.
    /// Holds: backTitle.previousPage.
    @Test func theBackButtonSaysThePageItReturnsTo() throws {
        var reader = try ScreenReader(scene: loadScene(Self.cover()))
        reader.open("Edit")
        reader.open("Adjust")
        reader.touch("Back")
        #expect(reader.lastDescription == "Photo. Back Button.")
        reader.touch("Crop")
        reader.doubleTap()
        reader.touch("Back")
        #expect(reader.lastDescription == "Adjust. Back Button.")
        reader.doubleTap()
        reader.touch("Back")
        #expect(reader.lastDescription == "Photo. Back Button.")
        // A page without a title to return to: Back.
        var untitled = try ScreenReader(scene: loadScene(Self.cover().replacingOccurrences(of: #"\n *title: Photo"#, with: "", options: .regularExpression)))
        untitled.open("Edit")
        untitled.open("Adjust")
        untitled.touch("Back")
        #expect(untitled.lastDescription == "Back Button.")
        // A platform whose profile says nothing of it keeps Back.
        var watch = try ScreenReader(scene: loadScene(Self.cover(style: "sheet", platform: "watchos")))
        watch.open("Edit")
        watch.open("Adjust")
        #expect(watch.lastDescription == "Back Button.")
    }

    @Test func fromTheGrabberTheStackIsNotReached() throws {
        let yaml = Self.cover(style: "sheet", key: "grabber: true")
        var reader = try reader(yaml)
        reader.open("Edit")
        reader.open("Adjust")
        reader.touch("Sheet Grabber")
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.state.topmost?.page == 1)
    }

    /// Holds: escape.default.
    /// Whether the system's grabber reaches the sheet's escape is the profile's `escape.default`.
    @Test func whatTheGrabberReachesComesFromTheProfile() throws {
        let yaml = Self.cover(style: "sheet", key: "grabber: true")
        for (handling, dismissed) in [(EscapeHandling.content, false), (.sheet, true)] {
            var scene = try loadScene(yaml)
            scene.profile.escape.default = handling
            var reader = ScreenReader(scene: scene)
            reader.open("Edit")
            reader.touch("Sheet Grabber")
            reader.scrub()
            #expect((reader.presented == nil) == dismissed, "\(handling)")
        }
    }

    @Test func aFullScreenCoverDoesNotDismissOnEscapeByDefault() throws {
        var reader = try pushedTwice(Self.cover())
        reader.touch("Straighten")
        reader.scrub()
        reader.scrub()
        #expect(reader.state.topmost?.page == 0)
        reader.scrub()                              // from the root page: UIKit's default is NO
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "editor")
    }

    @Test func aCoverWhoseAppHandlesEscapeDismissesFromItsRootPage() throws {
        for escape in ["sheet", "content"] {
            var reader = try pushedTwice(Self.cover(escape: escape))
            reader.scrub()                          // still pops first
            #expect(reader.state.topmost?.page == 1)
            reader.scrub()
            reader.scrub()
            #expect(reader.presented == nil)
            #expect(reader.lastDescription == "Edit. Button.")
        }
    }

    /// A dismissible sheet with pages pushed is dismissed by the scrub, not popped, on iPhone,
    /// iPad and Vision Pro (the sheet's container is an ancestor of its content; the pop is the
    /// navigation bar's Back, beside it: docs/decisions.md, "Escape"); with unsaved changes it
    /// asks first. A full-screen cover, and macOS and watchOS, pop first.
    /// Holds: escapeDefaults.dismissBeforePop.styles.
    @Test(arguments: [
        ("ios", "sheet", true), ("ios", "formSheet", true), ("ios", "pageSheet", true), ("ios", "fullScreen", false),
        ("ipados", "pageSheet", true), ("visionos", "sheet", true), ("macos", "sheet", false), ("watchos", "sheet", false),
    ])
    func aDismissibleSheetIsDismissedBeforeItsPagesPop(platform: String, style: String, dismissed: Bool) throws {
        func pushed(_ yaml: String) throws -> ScreenReader {
            var reader = try self.reader(yaml)
            reader.open("Edit")
            reader.open("Adjust")
            reader.open("Crop")
            #expect(reader.state.topmost?.history == [0, 1])
            reader.touch("Straighten")
            return reader
        }
        var reader = try pushed(Self.cover(style: style, platform: platform))
        reader.scrub()
        #expect((reader.presented == nil) == dismissed, "\(platform) \(style)")
        if !dismissed { #expect(reader.state.topmost?.page == 1) }
        // The app's own handler on the sheet is an ancestor too; its refusal (`none`) leaves it to the pop.
        var handled = try pushed(Self.cover(escape: "content", style: style, platform: platform))
        handled.scrub()
        #expect((handled.presented == nil) == dismissed)
    }

    @Test func unsavedChangesOnAPushedPageAskBeforeDismissing() throws {
        let yaml = Self.cover(style: "pageSheet", key: "confirm: discard")
            .replacingOccurrences(of: "- text: Straighten", with: "- button: Straighten\n            activate: { state: { unsaved: true } }")
            + "\n  discard:\n    style: actionSheet\n    content: [ { button: Discard, activate: { dismissAll: true } } ]\n"
        var reader = try pushedTwice(yaml)
        reader.touch("Straighten")
        reader.doubleTap()
        #expect(reader.state.topmost?.unsaved == true)
        reader.scrub()
        #expect(reader.presented == "discard")
    }

    @Test func escapeNoneStillPopsThenFails() throws {
        var reader = try reader(Self.cover(escape: "none", style: "sheet"))
        reader.open("Edit")
        reader.open("Adjust")
        reader.touch("Crop")
        reader.scrub()
        #expect(reader.state.topmost?.page == 0)
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "editor")
    }

    @Test func aNonDismissibleSheetPopsButIsNotDismissed() throws {
        let yaml = Self.cover(style: "sheet", key: "dismissible: false")
        var reader = try reader(yaml)
        reader.open("Edit")
        reader.open("Adjust")
        reader.touch("Crop")
        reader.scrub()
        #expect(reader.state.topmost?.page == 0)
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "editor")
    }

    /// Each style's default with no `escape:`, from the root page, on iPhone and iPad.
    /// Holds: escapeDefaults.styles.sheet, escapeDefaults.styles.formSheet, escapeDefaults.styles.pageSheet, escapeDefaults.styles.fullScreen, escapeDefaults.styles.popover.
    @Test(arguments: [
        ("ios", "sheet", true), ("ios", "formSheet", true), ("ios", "pageSheet", true), ("ios", "fullScreen", false),
        ("ios", "popover", true),
        ("ipados", "sheet", true), ("ipados", "formSheet", true), ("ipados", "pageSheet", true),
        ("ipados", "fullScreen", false), ("ipados", "popover", true),
        ("visionos", "fullScreen", false), ("macos", "fullScreen", true), ("watchos", "fullScreen", true),
    ])
    func eachStylesDefault(platform: String, style: String, dismisses: Bool) throws {
        var reader = try reader(Self.cover(style: style, platform: platform))
        reader.open("Edit")
        reader.touch("Adjust")
        reader.scrub()
        #expect((reader.presented == nil) == dismisses, "\(platform) \(style)")
        if !dismisses { #expect(reader.earcons == [.failure]) }
    }

    static let dialogs = """
        scene: T
        platform: PLATFORM
        root:
          - button: Ask
            activate: { present: ask }
          - button: Share
            activate: { present: share }
        presentations:
          ask:
            style: alert
            title: Delete?
            content: [ { button: Delete, role: destructive, activate: dismiss } ]
          share:
            style: actionSheet
            content: [ { button: Copy, activate: dismiss } ]
        """

    /// Holds: escapeDefaults.styles.alert.
    @Test func anAlertWithoutACancelActionRefusesEscape() throws {
        var reader = try reader(Self.dialogs.replacingOccurrences(of: "PLATFORM", with: "ios"))
        reader.open("Ask")
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "ask")
    }

    /// Holds: escapeDefaults.styles.actionSheet.
    @Test func anActionSheetWithoutACancelActionIsDismissedOnlyAsAPopover() throws {
        var phone = try reader(Self.dialogs.replacingOccurrences(of: "PLATFORM", with: "ios"))
        phone.open("Share")
        phone.scrub()
        #expect(phone.presented == "share")
        var pad = try reader(Self.dialogs.replacingOccurrences(of: "PLATFORM", with: "ipados"))
        pad.open("Share")
        pad.scrub()
        #expect(pad.presented == nil)
    }

    /// The defaults are data: every profile says what every style does, with its source.
    @Test(arguments: Platform.allCases)
    func everyProfileGivesEveryStylesDefault(platform: Platform) throws {
        let profile = try Profile.bundled(platform)
        for style in PresentationStyle.allCases {
            #expect(profile.escapeDefaults.styles[style.rawValue] != nil, "\(platform) \(style)")
        }
        #expect(!profile.escapeDefaults.source.isEmpty)
    }
}
