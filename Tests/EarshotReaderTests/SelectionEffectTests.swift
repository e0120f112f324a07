import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// `set:` changes an element's selection and traits, as a segmented control's segment or a
/// checked row does when activated.
struct SelectionEffectTests {
    static let filters = """
        scene: Filters
        platform: ios
        root:
          - group: Period
            series: true
            children:
              - button: Weekly
                id: weekly
                selected: true
                activate: [ { set: { weekly: { selected: true }, monthly: { selected: false } } } ]
              - button: Monthly
                id: monthly
                activate: [ { set: { monthly: { selected: true }, weekly: { selected: false } } } ]
          - button: Favourites
            id: favourites
            activate: [ { set: { favourites: { traits: [selected, header] } } } ]
          - button: Archived
            id: archived
            traits: [header]
            activate: [ { set: { archived: { traits: [] } } } ]
        """

    @Test func selectingASegmentMovesTheSelectedStateBetweenSegments() throws {
        let scene = try loadScene(Self.filters)
        var reader = ScreenReader(scene: scene)
        reader.touch("Monthly")
        #expect(reader.lastDescription == "Monthly. Button. 2 of 2.")
        reader.doubleTap()
        reader.touch("Weekly")
        #expect(reader.lastDescription == "Weekly. Button. 1 of 2.")
        reader.touch("Monthly")
        #expect(reader.lastDescription == "Selected: Monthly. Button. 2 of 2.")
    }

    @Test func traitsReplaceThoseWrittenAndKeepTheRolesOwn() throws {
        let scene = try loadScene(Self.filters)
        var reader = ScreenReader(scene: scene)
        reader.touch("Favourites")
        reader.doubleTap()
        reader.touch("Favourites")
        #expect(reader.lastDescription == "Selected: Favourites. Button. Heading.")
        reader.touch("Archived")
        #expect(reader.lastDescription == "Archived. Button. Heading.")
        reader.doubleTap()
        reader.touch("Archived")
        #expect(reader.lastDescription == "Archived. Button.")
    }

    @Test func anUnknownTraitInSetIsBadInputAtItsLine() {
        let yaml = """
            scene: Filters
            platform: ios
            root:
              - button: Monthly
                id: monthly
                activate: [ { set: { monthly: { traits: [chosen] } } } ]
            """
        #expect { try SceneLoader.load(yaml: yaml, file: "test.yaml") } throws: { error in
            "\(error)".contains("test.yaml:6:") && "\(error)".contains("unknown trait 'chosen'")
        }
    }
}
