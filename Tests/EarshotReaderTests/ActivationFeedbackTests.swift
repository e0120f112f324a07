import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// `set:` changes an element's selection and traits, as a segmented control's segment or a
/// checked row does when activated; VoiceOver says what changed under the cursor, and that
/// feedback cuts off an announcement posted in the same moment, not a later one.
struct ActivationFeedbackTests {
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

    static let feedback = """
        scene: Filters
        platform: ios
        root:
          - group: Period
            series: true
            children:
              - button: Weekly
                id: weekly
                selected: true
                activate:
                  - set: { weekly: { selected: true }, monthly: { selected: false } }
                  - announce: "Showing this week"
              - button: Monthly
                id: monthly
                activate:
                  - set: { monthly: { selected: true }, weekly: { selected: false } }
                  - announce: { text: "Showing this month", delay: 0.5 }
          - text: Set as default checkbox
            id: setDefault
            value: Unchecked
            activate: { set: { setDefault: { value: Checked } } }
          - button: Sort
            activate: { present: sort }
        presentations:
          sort:
            style: sheet
            content:
              - button: Newest first
                activate: { set: { Sort: { selected: true } } }
        """

    // magentaA11y's segmented control: "Selected last 10 days, two of two." after the double tap.
    // Holds: activation.saysChange, activation.source
    @Test func aSegmentSelectedByADoubleTapSaysSoWithItsPosition() throws {
        var reader = ScreenReader(scene: try loadScene(Self.feedback))
        reader.touch("Monthly")
        reader.doubleTap()
        #expect(reader.spoken == ["Selected: Monthly. 2 of 2.", "Showing this month"])
        reader.doubleTap()   // already selected: nothing changed, nothing said but the announcement
        #expect(reader.spoken == ["Showing this month"])
    }

    // magentaA11y's checkbox: "Checked." after the double tap.
    @Test func aValueChangedByADoubleTapIsSaid() throws {
        var reader = ScreenReader(scene: try loadScene(Self.feedback))
        reader.touch("setDefault")
        reader.doubleTap()
        #expect(reader.spoken == ["Checked."])
    }

    @Test func theFeedbackCutsOffAnAnnouncementOfTheSameMomentNotALaterOne() throws {
        var reader = ScreenReader(scene: try loadScene(Self.feedback))
        reader.touch("Monthly")
        reader.doubleTap()
        reader.touch("Weekly")
        reader.doubleTap()
        #expect(reader.announcements.map(\.text) == ["Showing this week"])
        #expect(reader.heardAnnouncements.isEmpty)
        #expect(reader.spoken == ["Selected: Weekly. 1 of 2."])

        reader.touch("Monthly")
        let start = reader.clock
        reader.doubleTap()
        #expect(reader.heardAnnouncements == ["Showing this month"])
        let delayed = try #require(reader.announcements.first)
        #expect(delayed.start >= start + 0.5)
    }

    @Test func nothingIsSaidForAnElementTheEffectTookTheCursorFrom() throws {
        var reader = ScreenReader(scene: try loadScene(Self.feedback))
        reader.touch("Sort")
        reader.doubleTap()
        reader.touch("Newest first")
        reader.doubleTap()   // selects Sort, under the sheet: the cursor stays on Newest first
        #expect(reader.spoken.isEmpty)
    }

    @Test func aDelayOutsideZeroToADayIsBadInputAtIt() {
        let yaml = """
            scene: Filters
            platform: ios
            root:
              - button: Monthly
                activate: { announce: { text: "Later", delay: -1 } }
            """
        #expect { try SceneLoader.load(yaml: yaml, file: "test.yaml") } throws: { error in
            "\(error)".contains("test.yaml:5:") && "\(error)".contains("seconds from 0 to a day")
        }
    }

    @Test func whereTheProfileSaysNothingOfItNothingIsSaid() throws {
        var reader = ScreenReader(scene: try loadScene(Self.feedback.replacingOccurrences(of: "platform: ios", with: "platform: macos")))
        reader.touch("setDefault")
        reader.doubleTap()
        #expect(reader.spoken.isEmpty)
        var ipad = ScreenReader(scene: try loadScene(Self.feedback.replacingOccurrences(of: "platform: ios", with: "platform: ipados")))
        ipad.touch("setDefault")
        ipad.doubleTap()
        #expect(ipad.spoken == ["Checked."])
    }
}
