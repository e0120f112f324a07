import EarshotCore
@testable import EarshotReader
import Foundation
import PropertyBased
import Testing

/// Ordinary flicks are recorded by a direct path; it must record exactly what the general
/// step machinery (begin, step, end) records, in every state a session can reach.
@Suite("Flicks take a direct path with the same events")
struct FlickPathTests {
    /// A sheet whose medium detent clips its lower rows, so flicks also expand it, with switches,
    /// sliders, a text field, custom actions, a tab bar and a dimmed button.
    static let yaml = """
        scene: Settings
        root:
          - heading: Settings
          - button: Display
            id: display
            activate: { present: display }
          - switch: Wi-Fi
            value: on
          - slider: Volume
            value: "50"
            unit: percent
          - button: Delete
            enabled: false
          - text: Photo
            actions: [ { name: Share, do: { announce: Shared } } ]
          - group: Tabs
            tabBar: true
            children:
              - tab: Home
                selected: true
              - tab: Search
        presentations:
          display:
            detents: [medium, large]
            grabber: true
            content:
              - button: Done
                placement: topTrailing
                activate: dismiss
              - textField: Name
                id: name
              - switch: Dark Mode
              - text: Row 1
              - text: Row 2
              - text: Row 3
              - text: Row 4
              - text: Row 5
              - text: Row 6
              - text: Row 7
              - text: Row 8
              - text: Row 9
              - text: Row 10
        """

    /// The same gestures on two readers, one with direct flicks and one without: any sequence of
    /// gestures (swift-property-based makes them, and shrinks one that fails to its shortest).
    @Test func aSessionRecordsTheSameEitherWay() async throws {
        let scene = try loadScene(Self.yaml)
        // Swipes right weigh most, so that a sequence goes deep into the sheet and its rows.
        let gestures = Gen.int(in: 0...11).array(of: 0...400)
        await propertyCheck(count: 40, input: gestures) { gestures in
            var fast = ScreenReader(scene: scene)
            var general = ScreenReader(scene: scene)
            general.fastFlicks = false
            for gesture in gestures {
                func act(_ r: inout ScreenReader) {
                    switch gesture {
                    case 0...4: r.swipeRight()
                    case 5, 6: r.swipeLeft()
                    case 7: r.doubleTap()
                    case 8: r.type("x")
                    case 9: r.scrub()
                    case 10: r.swipeUp()
                    default: r.first()
                    }
                }
                act(&fast)
                act(&general)
            }
            #expect(fast.steps == general.steps)
            #expect(fast.clock == general.clock)
            #expect(fast.cursor == general.cursor)
            #expect(fast.state == general.state)
            #expect(fast.transcript == general.transcript)
        }
    }
}

extension FlickPathTests {
    @Test func aScriptedSessionThroughTheSheetRecordsTheSameEitherWay() throws {
        let scene = try loadScene(Self.yaml)
        var readers = [ScreenReader(scene: scene), ScreenReader(scene: scene)]
        readers[1].fastFlicks = false
        for index in readers.indices {
            var r = readers[index]
            for _ in 0..<8 { r.swipeRight() }          // the parent, past its end
            r.touch("display")
            r.doubleTap()                              // the sheet at medium, the cursor on its grabber
            for _ in 0..<16 { r.swipeRight() }         // through the sheet: the lower rows expand it
            for _ in 0..<4 { r.swipeLeft() }
            r.touch("name")
            r.doubleTap()                              // editing
            r.type("Ann")
            r.swipeRight()
            r.swipeLeft()                              // back on the field, still editing
            r.swipeRight()
            r.doubleTap()                              // Dark Mode on
            r.swipeLeft()
            r.swipeRight()
            readers[index] = r
        }
        let (fast, general) = (readers[0], readers[1])
        #expect(fast.steps == general.steps)
        #expect(fast.clock == general.clock)
        #expect(fast.state == general.state)
        let flicks = fast.steps.filter { $0.written.hasPrefix("swipe") }
        #expect(flicks.contains { $0.events.contains { if case .detentChanged = $0 { true } else { false } } })
        #expect(flicks.contains { $0.events.contains { $0.utterance?.text == "Name: Ann. Text Field. Is editing. Insertion point at end." } })
        #expect(flicks.contains { $0.events.contains { $0.utterance?.text == "Dark Mode. Switch Button. On." } })
        #expect(flicks.contains { $0.events.contains { $0.earcon == .boundary } })
    }
}
