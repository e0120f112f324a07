import EarshotTestSupport
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

    /// On an Android scene the keys are TalkBack's: `b` is Back, and a VoiceOver-only gesture
    /// is refused naming TalkBack's.
    @Test func anAndroidSceneTakesTalkBacksSteps() throws {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-explore-android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            scene: Shop
            platform: android
            root:
              - button: Filters
                activate: { present: filters }
            presentations:
              filters: { style: sheet, content: [{ switch: In stock }] }
            """.write(to: folder.appendingPathComponent("shop.yaml"), atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["explore", "shop.yaml"], in: folder, input: "n\nd\nscrub\nb\n?\n")
        #expect(result.status == 0)
        #expect(result.out.contains("<input>:1:1: error: 'scrub' is a VoiceOver gesture; TalkBack's (platform: android) is 'back' (expected a TalkBack step)"))
        #expect(result.out.contains("back\n  earcon: screenChanged\n  speak: Filters, Button"))
        #expect(result.out.contains("b back") && !result.out.contains("s scrub"))
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

    /// A golden transcript (or a FIFO) already beside FILE is refused before the session, as FILE
    /// is: the recording replaced one, and replaced a FIFO with a file.
    @Test(arguments: ["file", "fifo"])
    func aGoldenBesideTheRecordingIsNeverReplaced(kind: String) throws {
        let folder = try Self.folder(with: "notes")
        let golden = folder.appendingPathComponent("new.transcript")
        if kind == "fifo" { #expect(mkfifo(golden.path, 0o644) == 0) } else { try "kept\n".write(to: golden, atomically: true, encoding: .utf8) }
        let explored = try EarshotProcess.run(["explore", "notes.yaml", "--record", "new.yaml"], in: folder, input: "n\nq\n")
        #expect(explored.status == 2)
        #expect(explored.err == "earshot explore: error: its golden transcript 'new.transcript' exists; name a new file (nothing is overwritten)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.yaml").path))
        var info = stat()
        #expect(lstat(golden.path, &info) == 0 && (info.st_mode & S_IFMT) == (kind == "fifo" ? S_IFIFO : S_IFREG))
        if kind == "file" { #expect(try String(contentsOf: golden, encoding: .utf8) == "kept\n") }
    }

    /// FILE was checked only as the session began: a second session that ended first had its
    /// recording overwritten. Now the later one goes to the next free name, said (exit 2).
    @Test func aRecordingMadeMeanwhileIsNotOverwritten() throws {
        let folder = try Self.folder(with: "notes")
        let session = try StartedProcess(["explore", "notes.yaml", "--record", "new.yaml"], in: folder)
        session.write("n\n")
        // Its step's output says it is past its start, where it checked that new.yaml is free (it
        // raced the other session's whole run before: under load that one wrote first).
        session.waitForOutput(containing: "swipeRight")
        // Another session's recording, written while this one runs.
        let first = try EarshotProcess.run(["explore", "notes.yaml", "--record", "new.yaml"], in: folder, input: "n\nn\nq\n")
        #expect(first.status == 0, "\(first.err)")
        let firstYAML = try String(contentsOf: folder.appendingPathComponent("new.yaml"), encoding: .utf8)
        session.write("q\n")
        let (ended, _) = try session.finish()
        let said = ended.err
        #expect(ended.status == 2)
        #expect(said.contains("error: --record 'new.yaml' was made while the session ran; nothing is overwritten: the recording is "), "\(said)")
        #expect(try String(contentsOf: folder.appendingPathComponent("new.yaml"), encoding: .utf8) == firstYAML)
        let second = try String(contentsOf: folder.appendingPathComponent("new-2.yaml"), encoding: .utf8)
        #expect(second.split(separator: "\n").filter { $0.hasPrefix("  - ") }.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new-2.transcript").path))
    }

    /// A recording that cannot be written is exit 3 (it was 0), and the scenario is printed so
    /// the session is not lost; a folder that cannot take it is said before the session.
    @Test func aRecordingThatCannotBeWrittenFailsAndIsPrinted() throws {
        let folder = try Self.folder(with: "notes")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let session = try StartedProcess(["explore", "notes.yaml", "--record", "out/new.yaml"], in: folder)
        session.write("n\n")
        // The folder goes while the session runs.
        usleep(300_000)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
        #expect(symlink("/proc/1", folder.appendingPathComponent("out").path) == 0)
        session.write("q\n")
        let (ended, _) = try session.finish()
        let (printed, said) = (ended.out, ended.err)
        #expect(ended.status == 3, "\(said)")
        #expect(said.hasPrefix("earshot explore: error: the recording could not be written "), "\(said)")
        #expect(printed.contains("scenario: \"Recorded in Notes\"\n"), "\(printed)")
        // Before the session: a folder that is not there is bad input.
        let missing = try EarshotProcess.run(["explore", "notes.yaml", "--record", "nowhere/new.yaml"], in: folder, input: "q\n")
        #expect(missing.status == 2 && missing.err.contains("the folder 'nowhere' does not exist"), "\(missing.err)")
    }

    /// A line of many megabytes is refused as it is read (an 8 MB line took 24 s and 1.5 GB),
    /// and the session goes on.
    @Test func aVeryLongLineIsRefusedAndTheSessionGoesOn() throws {
        let folder = try Self.folder(with: "notes")
        let long = "touch: " + String(repeating: "x", count: 8 << 20)
        let started = Date()
        let explored = try EarshotProcess.run(["explore", "notes.yaml"], in: folder, input: long + "\nn\nq\n")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(explored.status == 0)
        #expect(explored.out.hasPrefix("line 1: longer than 64 KB, skipped (expected a step or a key)\nswipeRight\n"), "\(explored.out.prefix(200))")
    }
}
