import EarshotTesting
import EarshotTestSupport
import Testing

/// A scene written with the DSL behaves exactly as the same scene in YAML:
/// the same gestures give byte-identical transcripts, and the models match
/// but for source locations.
@Suite("The DSL and YAML make the same scene")
struct DSLEquivalenceTests {
    typealias Gesture = @Sendable (inout ScreenReader) -> Void

    /// Runs the same gestures on a fresh reader over each scene.
    static func transcripts(_ scenes: [Scene], _ gestures: [Gesture]) -> [String] {
        scenes.map { scene in
            var reader = ScreenReader(scene: scene)
            for gesture in gestures { gesture(&reader) }
            #expect(reader.failures.isEmpty, "\(reader.failures)")
            return reader.transcript
        }
    }

    static let mailGestures: [Gesture] = [
        { $0.swipeRight() }, { $0.swipeRight() }, { $0.swipeRight() }, { $0.swipeRight() },
        { $0.magicTap() }, { $0.touch("compose") }, { $0.doubleTap() },
        { $0.first() }, { $0.doubleTap() }, { $0.swipeRight() }, { $0.swipeRight() }, { $0.swipeRight() },
        { $0.touch("Send") }, { $0.doubleTap() },
        { $0.touch("to") }, { $0.doubleTap() }, { $0.type("anna@example.com") },
        { $0.touch("Send") }, { $0.rotor(.headings) }, { $0.swipeDown() },
        { $0.scrub() }, { $0.swipeRight() }, { $0.swipeRight() }, { $0.swipeRight() }, { $0.swipeRight() },
        { $0.scrub() }, { $0.readAll() },
        { $0.swipeToDismiss() }, { $0.touch("Delete Draft") }, { $0.doubleTap() },
        { $0.touch("compose") }, { $0.doubleTap() }, { $0.touch("to") }, { $0.doubleTap() },
        { $0.type("ben@example.com") }, { $0.touch("Send") }, { $0.doubleTap() },
        { $0.last() }, { $0.readFromHere() },
    ]

    @Test func mailComposeTranscriptsAreIdentical() throws {
        let transcripts = Self.transcripts([try Scenes.mailYAML(), try Scenes.mailDSL()], Self.mailGestures)
        #expect(transcripts[0] == transcripts[1])
        // The gestures reach what matters: the grabber, the confirmation, sending.
        #expect(transcripts[0].contains("speak: Sheet Grabber: Expanded. Button."))
        #expect(transcripts[0].contains("speak: Delete this draft?"))
        #expect(transcripts[0].contains("announce (interrupted): Message sent"))
    }

    static let notesGestures: [Gesture] = [
        { $0.touch("format") }, { $0.doubleTap() },
        { $0.swipeRight() }, { $0.swipeRight() }, { $0.swipeRight() }, { $0.doubleTap() },
        { $0.swipeRight() }, { $0.swipeRight() }, { $0.doubleTap() },
        { $0.swipeRight() }, { $0.swipeRight() }, { $0.doubleTap() }, { $0.swipeRight() },
        // Nonmodal at medium: the note stays reachable, before the sheet in scope order.
        { $0.touch("note") }, { $0.swipeRight() }, { $0.swipeRight() },
        { $0.first() }, { $0.last() },
        // The grabber expands the sheet; at large it is modal.
        { $0.touch("Sheet Grabber") }, { $0.doubleTap() }, { $0.swipeLeft() }, { $0.first() },
        { $0.doubleTap() }, { $0.readAll() },
        { $0.touch("Checklist") }, { $0.scrub() },
        { $0.touch("format") }, { $0.doubleTap() }, { $0.touch("Done") }, { $0.doubleTap() },
    ]

    @Test func notesFormatSheetTranscriptsAreIdentical() throws {
        let transcripts = Self.transcripts([try Scene(yaml: Scenes.notesYAML), try Scenes.notesDSL()], Self.notesGestures)
        #expect(transcripts[0] == transcripts[1])
        #expect(transcripts[0].contains("speak: Selected: Bold. Button."))
        #expect(transcripts[0].contains("speak: On."))
        #expect(transcripts[0].contains("speak: Sheet Grabber: Expanded. Button."))
    }

    @Test func notesFormatSheetIsNonmodalAtMediumOnly() throws {
        for scene in [try Scene(yaml: Scenes.notesYAML), try Scenes.notesDSL()] {
            var reader = ScreenReader(scene: scene)
            reader.touch("format")
            reader.doubleTap()
            reader.expectPresented("format")
            reader.expectDetent("medium")
            reader.expectFocus("Sheet Grabber")
            reader.expectReachable("note")
            reader.doubleTap()
            reader.expectDetent("large")
            reader.expectUnreachable("note")
        }
    }

    @Test(arguments: ["mail", "notes"])
    func modelsMatchButForLocations(name: String) throws {
        let (yaml, dsl) = name == "mail"
            ? (try Scenes.mailYAML(), try Scenes.mailDSL())
            : (try Scene(yaml: Scenes.notesYAML), try Scenes.notesDSL())
        #expect(yaml.name == dsl.name)
        #expect(yaml.platform == dsl.platform && yaml.language == dsl.language && yaml.direction == dsl.direction)
        #expect(yaml.screen == dsl.screen)
        #expect(yaml.restoreFocus == dsl.restoreFocus)
        #expect(yaml.magicTap.map(Unlocated.effect) == dsl.magicTap.map(Unlocated.effect))
        #expect(yaml.root == dsl.root)
        #expect(yaml.presentationOrder == dsl.presentationOrder)
        #expect(yaml.elements.map(Unlocated.element) == dsl.elements.map(Unlocated.element))
        for id in yaml.presentationOrder {
            #expect(yaml.presentations[id].map(Unlocated.presentation) == dsl.presentations[id].map(Unlocated.presentation))
        }
        #expect(SceneTree(scene: yaml, state: SceneState()).text == SceneTree(scene: dsl, state: SceneState()).text)
        // The same layout: every element's frame, with each presentation shown.
        for id in [nil] + yaml.presentationOrder.map(Optional.some) {
            var state = SceneState()
            if let id { state.present(id, in: yaml, presenter: nil) }
            #expect(yaml.scope(in: state) == dsl.scope(in: state))
            for index in yaml.elements.indices {
                #expect(yaml.absoluteFrame(of: ElementRef(index), in: state) == dsl.absoluteFrame(of: ElementRef(index), in: state))
            }
        }
    }
}
