import Foundation
import Testing

/// `earshot explore`: gestures typed a line at a time, speech printed as it happens.
@Suite("earshot explore")
struct ExploreCLITests {
    @Test func keysAndStepsDriveTheReader() throws {
        let result = try EarshotProcess.run(["explore", "Scenarios/mail/mail.yaml"], input: """
            n
            touch: compose
            d
            expect: { presented: compose, focus: to }
            expect: "Nope"
            s
            q
            swipeRight
            """)
        #expect(result.status == 0)
        #expect(result.out == """
            swipeRight
              speak: Inbox. Heading.
            touch: compose
              speak: Compose. Button.
            doubleTap
              earcon: screenChanged
              speak: To. Text Field.
              hint: Double tap to edit.
            ✓ presented
            ✓ focus
            ✗ speech
                expected: "Nope"
                actual:   "To. Text Field."
            scrub
              earcon: screenChanged
              speak: Compose. Button.

            """)
    }

    @Test func keyboardStepsAreStepsToo() throws {
        let result = try EarshotProcess.run(["explore", "Scenarios/mail/mail.yaml"], input: """
            vo: right
            key: tab
            key: return
            key: escape
            vo: rigth
            """)
        #expect(result.status == 0)
        #expect(result.out == """
            vo: right
              speak: Inbox. Heading.
            key: tab
              speak: Compose. Button.
            key: return
              earcon: screenChanged
              speak: To. Text Field.
              hint: Double tap to edit.
            key: escape
              earcon: screenChanged
              speak: Compose. Button.
            <input>:1:5: error: unknown vo key 'rigth' (expected one of: right, left, space, home, end, a); did you mean 'right'?

            """)
    }

    @Test func theScopeHelpAndMistakesAreShownWithoutStopping() throws {
        let result = try EarshotProcess.run(["explore", "Scenarios/mail/mail.yaml", "--no-hints"], input: """
            t
            swipeRihgt
            touch: nothing
            ?
            audit
            """)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("\"Inbox\"  Inbox. Heading.\ncompose  Compose. Button.\n"))
        #expect(result.out.contains("<input>:1:1: error: unknown step 'swipeRihgt'"))
        #expect(result.out.contains("did you mean 'swipeRight'?"))
        #expect(result.out.contains("touch: nothing\n  cannot act: no element 'nothing'\n"))
        #expect(result.out.contains("Keys: n swipeRight, p swipeLeft, d doubleTap"))
        #expect(result.out.contains("[sheet-escape-everywhere]"))
    }

    @Test func aBadSceneIsBadInput() throws {
        let result = try EarshotProcess.run(["explore", "no-such-scene.yaml"], input: "n\n")
        #expect(result.status == 2)
        #expect(result.err.contains("no-such-scene.yaml"))
    }
}

/// `earshot explore --record FILE.yaml` (issue 32): the gestures that acted, each with what was
/// spoken and where focus went, as a scenario that passes when run, with its golden transcript.
@Suite("Recording a scenario by exploring")
struct ExploreRecordTests {
    /// A fresh folder holding a copy of a bundled scene (`Scenarios/NAME/NAME.yaml`).
    static func folder(with scene: String) throws -> URL {
        let folder = try EarshotProcess.temporaryFolder()
        try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/\(scene)/\(scene).yaml"),
                                         to: folder.appendingPathComponent("\(scene).yaml"))
        return folder
    }

    @Test func theRecordingIsAScenarioThatPassesWithItsGolden() throws {
        let folder = try Self.folder(with: "notes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try EarshotProcess.run(["explore", "notes.yaml", "--record", "new.yaml"], in: folder,
                                              input: "touch: format\nd\nn\ntouch: Nowhere\nq\n")
        #expect(explored.status == 0, "\(explored.err)")
        let yaml = try String(contentsOf: folder.appendingPathComponent("new.yaml"), encoding: .utf8)
        #expect(yaml.contains("scene: \"notes.yaml\"\nsteps:\n  - touch: format\n  - expect: { speech: \"Format. Button.\", focus: \"format\" }\n  - doubleTap\n"))
        #expect(!yaml.contains("Nowhere"), "a step that could not act is not recorded")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.transcript").path))
        // It passes when run, on CI too (its golden is there).
        let run = try EarshotProcess.run(["run", "--headless", "--record", "never", "new.yaml"], in: folder)
        #expect(run.status == 0, "\(run.out)")
        // Nothing is overwritten.
        let again = try EarshotProcess.run(["explore", "notes.yaml", "--record", "new.yaml"], in: folder, input: "q\n")
        #expect(again.status == 2 && again.err.contains("--record 'new.yaml' exists"))
    }

    /// A step typed with quotes is recorded with them: `touch: Arabic: marhaban` would not read
    /// back as one step.
    @Test func aQuotedStepIsRecordedWithItsQuotes() throws {
        let folder = try Self.folder(with: "translate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try EarshotProcess.run(["explore", "translate.yaml", "--record", "quoted.yaml"], in: folder,
                                              input: "touch: \"Arabic: marhaban\"\nq\n")
        #expect(explored.status == 0, "\(explored.err)")
        let yaml = try String(contentsOf: folder.appendingPathComponent("quoted.yaml"), encoding: .utf8)
        #expect(yaml.contains("\n  - touch: \"Arabic: marhaban\"\n  - expect: {"), "\(yaml)")
        let run = try EarshotProcess.run(["run", "--headless", "--record", "never", "quoted.yaml"], in: folder)
        #expect(run.status == 0, "\(run.out)\(run.err)")
    }
}
