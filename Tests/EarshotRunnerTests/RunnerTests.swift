import EarshotCore
import EarshotReader
@testable import EarshotRunner
@testable import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// docs/format.md expectations and the runner.
@Suite("Running scenarios")
struct RunnerTests {
    static let scene = TestScenes.draftingMail

    func scenario(_ steps: String) throws -> Scenario {
        let indented = Self.scene.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return try ScenarioLoader.load(yaml: "scenario: Test\nscene:\n\(indented)\nsteps:\n\(steps)", file: "test.yaml")
    }

    func run(_ steps: String) throws -> ScenarioResult { ScenarioRunner().run(try scenario(steps)) }

    /// A result is made once; the suite makes it again with its golden transcript's verdict and
    /// the audio's times, and a step's own failure comes first.
    @Test func aCompletedResultKeepsItsStepsFailureAndTakesTheTimeline() throws {
        let golden = ScenarioFailure(.goldenDiffers(TranscriptDiff(golden: "a\nb", actual: "a\nc")),
                                     at: SourceLocation(file: "test.transcript", line: 2, column: 1))
        let passed = try run("  - touch: compose\n")
        let measured = Timeline(sounds: passed.timeline.sounds, clock: .audio, length: 9)
        let judged = passed.completed(failure: golden, timeline: measured)
        #expect(judged.failure?.location == golden.location && judged.clock == .audio && judged.length == 9)
        #expect(judged.transcript == passed.transcript && judged.runSeconds == passed.runSeconds && passed.passed)
        let failed = try run("  - touch: compose\n  - expect: Inbox\n")
        #expect(failed.completed(failure: golden, timeline: failed.timeline).failure?.kind == .expectation)
        #expect(passed.runSeconds > 0, "the runner's wall-clock time is in the result it makes")
    }

    /// Each step keeps what it left on the screen, as the reader decided it, for the HTML report.
    @Test func eachStepKeepsItsScreen() throws {
        let scenario = try scenario("""
              - touch: compose
              - doubleTap
              - expect: { presented: compose }
              - scrub
              - expect: { presented: compose }
            """)
        let result = ScenarioRunner().run(scenario)
        let scene = try #require(result.scene)
        #expect(result.opening?.stack.isEmpty == true)
        #expect(result.screens.map(\.written) == ["touch: compose", "doubleTap", "expect: { presented: compose }", "scrub",
                                                  "expect: { presented: compose }"])
        #expect(result.screens.map(\.checks) == [false, false, true, false, true])
        // Each step as the runner resolved it, and the element in focus when it began (what the
        // double-tap and the scrub acted on).
        #expect(result.screens.map(\.action) == scenario.steps.map(\.action))
        #expect(result.screens.map { $0.focusBefore.map { scene[$0].id } } == [nil, "compose", "to", "to", "compose"])
        #expect(result.screens.map(\.records) == [0..<1, 1..<2, 2..<2, 2..<3, 3..<3])
        #expect(result.screens[0].state.stack.isEmpty)
        #expect(result.screens[0].cursor.map { scene[$0].id } == "compose")
        #expect(result.screens[1].state.topmost?.id == "compose")
        #expect(result.screens[1].cursor.map { scene[$0].id } == "to")
        // The scrub with nothing typed dismisses: the last expectation fails, and is the last screen.
        #expect(result.screens[3].state.stack.isEmpty)
        #expect(result.screens.map(\.failed) == [false, false, false, false, true])
        #expect(result.screens.map(\.location) == scenario.steps.map(\.location))
    }

    /// Each expectation key, holding and not holding.
    @Test(arguments: [
        ("  - touch: compose\n  - expect: \"Compose. Button.\"", "  - touch: compose\n  - expect: \"Compose.\""),
        ("  - touch: compose\n  - expect: { speech: \"Compose. Button.\" }", "  - touch: compose\n  - expect: { speech: Inbox }"),
        ("  - touch: Inbox\n  - expect: { spoken: [Inbox] }", "  - touch: compose\n  - expect: { spoken: [\"Compose\"] }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { spoken: [\"To. Text Field.\", \"Double tap to edit.\"] }",
         "  - touch: compose\n  - doubleTap\n  - expect: { spoken: [\"To. Text Field.\"] }"),
        ("  - touch: compose\n  - expect: { contains: Button }", "  - touch: compose\n  - expect: { contains: Heading }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { hint: Double tap to edit. }", "  - touch: compose\n  - expect: { hint: Anything }"),
        ("  - touch: compose\n  - expect: { focus: compose }", "  - touch: compose\n  - expect: { focus: Inbox }"),
        ("  - touch: compose\n  - expect: { focus: Compose }", "  - touch: Inbox\n  - expect: { focus: compose }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { presented: compose }", "  - touch: compose\n  - expect: { presented: compose }"),
        ("  - touch: compose\n  - expect: { presented: none }", "  - touch: compose\n  - doubleTap\n  - expect: { presented: none }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { detent: medium }", "  - touch: compose\n  - doubleTap\n  - expect: { detent: large }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { screenChanged: true }", "  - touch: compose\n  - expect: { screenChanged: true }"),
        ("  - touch: compose\n  - expect: { screenChanged: false }", "  - touch: compose\n  - doubleTap\n  - expect: { screenChanged: false }"),
        // A resize posts layoutChanged, which VoiceOver does not sound (the profiles' `notifications`).
        ("  - touch: compose\n  - doubleTap\n  - first\n  - doubleTap\n  - expect: { layoutChanged: true }",
         "  - touch: compose\n  - doubleTap\n  - first\n  - doubleTap\n  - expect: { layoutChanged: false }"),
        ("  - touch: compose\n  - doubleTap\n  - first\n  - doubleTap\n  - expect: { screenChanged: false }",
         "  - touch: compose\n  - doubleTap\n  - expect: { layoutChanged: true }"),
        ("  - touch: Inbox\n  - swipeRight\n  - expect: { earcon: boundary }", "  - touch: compose\n  - expect: { earcon: boundary }"),
        ("  - touch: compose\n  - doubleTap\n  - doubleTap\n  - type: x\n  - touch: Send\n  - doubleTap\n  - expect: { announced: Message sent }",
         "  - touch: compose\n  - doubleTap\n  - expect: { announced: Message sent }"),
        // Double-tapping a text that does nothing makes no sound; a boundary's earcon is a sound.
        ("  - touch: Inbox\n  - doubleTap\n  - expect: { silent: true }", "  - touch: Inbox\n  - swipeRight\n  - expect: { silent: true }"),
        ("  - touch: Inbox\n  - expect: { silent: false }", "  - touch: Inbox\n  - doubleTap\n  - expect: { silent: false }"),
        ("  - touch: compose\n  - doubleTap\n  - doubleTap\n  - type: x\n  - expect: { unsaved: true }",
         "  - touch: compose\n  - doubleTap\n  - expect: { unsaved: true }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { reachable: Sheet Grabber }", "  - touch: compose\n  - doubleTap\n  - expect: { reachable: Inbox }"),
        ("  - touch: compose\n  - doubleTap\n  - expect: { unreachable: Inbox }", "  - touch: compose\n  - expect: { unreachable: Inbox }"),
    ])
    func expectationsPassAndFail(_ passing: String, _ failing: String) throws {
        let good = try run(passing)
        #expect(good.passed, "\(String(describing: good.failure))")
        let bad = try run(failing)
        #expect(!bad.passed)
    }

    /// `heard` and `notSpoken` against what was spoken to its end; `announced` against what was posted.
    static let announcing = """
        scenario: Announcements
        scene:
          scene: Flags
          root:
            - button: Flag
              activate: { announce: "Flagged" }
            - button: Send
              activate: [ { announce: "Sent" }, screenChanged ]
        steps:

        """

    @Test(arguments: [
        "  - touch: Flag\n  - doubleTap\n  - expect: { heard: Flagged, announced: Flagged, notSpoken: Sent }",
        // An interrupted announcement was posted, but neither heard nor spoken.
        "  - touch: Send\n  - doubleTap\n  - expect: { announced: Sent, notSpoken: Sent, speech: \"Flag. Button.\" }",
    ])
    func heardAndNotSpokenHold(_ steps: String) throws {
        let result = ScenarioRunner().run(try ScenarioLoader.load(yaml: Self.announcing + steps, file: "test.yaml"))
        #expect(result.passed, "\(String(describing: result.failure))")
    }

    @Test(arguments: [
        ("  - touch: Send\n  - doubleTap\n  - expect: { heard: Sent }",
         "heard", #"an announcement "Sent" heard"#, #""Sent" was posted but interrupted"#),
        ("  - touch: Flag\n  - doubleTap\n  - expect: { heard: Sent }",
         "heard", #"an announcement "Sent" heard"#, #"heard ["Flagged"]"#),
        ("  - touch: Flag\n  - expect: { heard: Flagged }",
         "heard", #"an announcement "Flagged" heard"#, "no announcement posted"),
        ("  - touch: Flag\n  - expect: { notSpoken: Butt }",
         "notSpoken", #"nothing spoken containing "Butt""#, #""Flag. Button.""#),
        ("  - touch: Flag\n  - doubleTap\n  - expect: { notSpoken: Flagged }",
         "notSpoken", #"nothing spoken containing "Flagged""#, #""Flagged""#),
    ])
    func heardAndNotSpokenFailSayingWhatWasHeard(_ steps: String, _ key: String, _ expected: String, _ actual: String) throws {
        let result = ScenarioRunner().run(try ScenarioLoader.load(yaml: Self.announcing + steps, file: "test.yaml"))
        let failure = try #require(result.failure)
        #expect(failure.cause == .expectation(key: key, expected: expected, actual: actual))
    }

    @Test func aFailureNamesTheExpectShowsExpectedAndActualAndTheTranscriptTail() throws {
        let result = try run("""
              - touch: compose
              - expect: "Compose. Button."
              - swipeRight
              - expect: "Outbox"
              - swipeRight
            """)
        let failure = try #require(result.failure)
        #expect(failure.location == SourceLocation(file: "test.yaml", line: 38, column: 5))
        #expect(failure.cause == .expectation(key: "speech", expected: "\"Outbox\"", actual: "\"Inbox\""))
        #expect(failure.lastLines == ["touch: compose", "  speak: Compose. Button.", "swipeRight", "  speak: Inbox"])
        #expect(failure.step == 3)
        // The scenario stopped at the failed expectation.
        #expect(result.steps.count == 2)
    }

    @Test func aStepThatCannotActFailsTheScenario() throws {
        let result = try run("  - touch: Nowhere\n  - swipeRight")
        let failure = try #require(result.failure)
        #expect(failure.cause == .cannotAct(step: "touch: Nowhere", reason: "no element 'Nowhere'"))
        #expect(failure.location.line == 35)
        let typing = try run("  - type: hello")
        guard case .cannotAct(_, let reason) = typing.failure?.cause else { Issue.record("typing acted"); return }
        #expect(reason.contains("no text entry is editing"))
    }

    /// A step, or an expectation, that names no element suggests the closest id or label, at the
    /// step's line.
    @Test func aTypoInANameSuggestsTheClosestOne() throws {
        let touch = try run("  - touch: compse")
        #expect(touch.failure?.cause == .cannotAct(step: "touch: compse", reason: "no element 'compse'; did you mean 'compose'?"))
        #expect(touch.failure?.location.line == 35)
        let focus = try run("  - touch: compose\n  - expect: { focus: Compse }")
        guard case .expectation("focus", let expected, _) = focus.failure?.cause else { Issue.record("focus held"); return }
        #expect(expected == "Compse (no element 'Compse'; did you mean 'compose'?)")
        // The grabber and Earshot's other own elements are names too.
        let grabber = try run("  - touch: compose\n  - doubleTap\n  - touch: Sheet Graber")
        guard case .cannotAct(_, let reason) = grabber.failure?.cause else { Issue.record("the grabber's typo acted"); return }
        #expect(reason.hasSuffix("did you mean 'Sheet Grabber'?"), "\(reason)")
    }

    /// The scene file's problems and the scenario's come in one round, the scenario's first.
    @Test func theScenesErrorsAndTheScenariosComeTogether() throws {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-round-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "scene: S\nroot:\n  - buton: A\n".write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        try "scenario: T\nscene: s.yaml\nsteps:\n  - tuch: A\n".write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        #expect {
            try ScenarioLoader.load(path: folder.appendingPathComponent("t.yaml").path)
        } throws: { error in
            let lines = "\(error)".split(separator: "\n")
            return lines.count == 2 && lines[0].contains("t.yaml:4:5: error: unknown step 'tuch'") && lines[1].contains("s.yaml:3:5: error: unknown key 'buton'")
                // Each key the error lists once.
                && lines[1].components(separatedBy: "editing, ").count == 2
        }
    }

    @Test func boundaryAndFailureEarconsAreNotFailures() throws {
        #expect(try run("  - touch: Inbox\n  - swipeRight\n  - scrub").passed)
    }

    @Test func theTranscriptHasTheStepsAsWritten() throws {
        let result = try run("  - touch: compose\n  - wait: 1.5s\n  - tap: [10, 80]\n  - rotor: headings")
        #expect(result.transcript == """
            touch: compose
              speak: Compose. Button.
            wait: 1.5s
            tap: [10, 80]
              speak: Compose. Button.
            rotor: headings
              speak: Headings

            """)
    }

    @Test func misspeltStepsAndExpectationKeysAreBadInput() throws {
        do {
            _ = try scenario("  - swipeRigth\n  - expect: { focuss: compose }\n  - rotor: heading")
            Issue.record("expected bad input")
        } catch let error as LoadError {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("test.yaml:35:5: error: unknown step 'swipeRigth'"))
            #expect(lines[0].hasSuffix("did you mean 'swipeRight'?"))
            #expect(lines[1].hasPrefix("test.yaml:36:15: error: unknown key 'focuss' in expect"))
            #expect(lines[1].hasSuffix("did you mean 'focus'?"))
            #expect(lines[2].hasPrefix("test.yaml:37:12: error: unknown rotor 'heading'"))
        }
    }

    @Test func keyboardStepsRunAndAreWrittenAsTyped() throws {
        let result = try run("  - vo: right\n  - key: return\n  - key: shift-tab\n  - key: escape\n  - vo: end\n  - key: tab")
        #expect(result.passed, "\(String(describing: result.failure))")
        #expect(result.transcript == """
            vo: right
              speak: Compose. Button.
            key: return
              earcon: screenChanged
              speak: To. Text Field.
              hint: Double tap to edit.
            key: shift-tab
              speak: Cancel. Button.
            key: escape
              earcon: screenChanged
              speak: Compose. Button.
            vo: end
              speak: Inbox
            key: tab
              earcon: boundary

            """)
    }

    @Test(arguments: [("vo: a", ScenarioStep.Action.gesture(.vo(.a))), ("vo: space", .gesture(.vo(.space))),
                      ("key: shift-tab", .gesture(.key(.shiftTab))), ("key: return", .gesture(.key(.return)))])
    func keyboardStepsParseAsWritten(_ text: String, _ action: ScenarioStep.Action) throws {
        let step = try ScenarioStep.parse(text)
        #expect(step.action == action)
        #expect(step.written == text)
    }

    @Test func misspeltKeysAndNewExpectationsAreBadInput() throws {
        do {
            _ = try scenario("  - vo: rigth\n  - key: shift-tabb\n  - key\n  - expect: { heards: Sent }")
            Issue.record("expected bad input")
        } catch let error as LoadError {
            #expect(error.diagnostics.map(\.description) == [
                "test.yaml:35:9: error: unknown vo key 'rigth' (expected one of: right, left, space, home, end, a); did you mean 'right'?",
                "test.yaml:36:10: error: unknown key 'shift-tabb' (expected one of: escape, tab, shift-tab, space, return, command-period, command-d); did you mean 'shift-tab'?",
                "test.yaml:37:5: error: step 'key' needs a value (expected 'key: …')",
                "test.yaml:38:15: error: unknown key 'heards' in expect (expected one of: speech, spoken, contains, hint, focus, presented, detent, screenChanged, layoutChanged, earcon, announced, heard, notSpoken, silent, unsaved, reachable, unreachable, configuration); did you mean 'heard'?",
            ])
        }
    }
}

/// Each result carries one timeline, made from the reader's events when it runs: every
/// utterance and earcon with its step, whether it was heard, and its start and length.
@Suite("The timeline")
struct TimelineTests {
    @Test func aRunsTimelineHoldsEverySoundWithItsStep() throws {
        let scene = TestScenes.smallMail.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let scenario = try ScenarioLoader.load(yaml: """
            scenario: Send
            scene:
            \(scene)
            steps:
              - touch: Compose
              - doubleTap
              - touch: Send
              - doubleTap
            """, file: "send.yaml")
        let result = ScenarioRunner().run(scenario)
        let timeline = result.timeline
        #expect(timeline.clock == .estimated && result.clock == .estimated)
        #expect(timeline.length == result.length && timeline.length > 0)
        // The double tap on Compose sounds screenChanged, then speaks the sheet's first element.
        #expect(timeline.sounds.filter { $0.step == 1 }.map(\.kind) == [.earcon(.screenChanged), .utterance("Send. Button.")])
        // Send's announcement, cut off by the dismissal, starts but is not heard.
        let announcement = try #require(timeline.sounds.first { $0.kind == .utterance("Message sent") })
        #expect(!announcement.heard && announcement.step == 3)
        // Sounds follow one another on the clock, each at the time its event carries.
        #expect(zip(timeline.sounds, timeline.sounds.dropFirst()).allSatisfy { $0.start <= $1.start })
        // Each scenario step's span starts with its first sound and ends where the next starts.
        let spans = timeline.spans(of: result.screens.map(\.records))
        #expect(spans.count == 4 && spans[0].start == 0 && spans[3].end == timeline.length)
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.end == $1.start })
    }
}
