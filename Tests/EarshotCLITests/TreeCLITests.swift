import EarshotTestSupport
import Foundation
import Testing

/// `earshot tree` and the help texts, run as a user would.
@Suite("earshot tree")
struct TreeCLITests {
    @Test func theMailSceneAsVoiceOverFindsIt() throws {
        let result = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml"])
        #expect(result.status == 0)
        #expect(result.out == """
            "Inbox"  Inbox. Heading.
            compose  Compose. Button.
            anna     Anna, Lunch tomorrow?, 9:41 AM  [Actions Available]

            """)
    }

    /// A capture read directly says what `earshot import` warns of: never a silent empty scene.
    @Test func aCaptureWithNothingToReadSaysWhy() throws {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "Element subtree:\n →Application, {{0, 0}, {393, 852}}, label: 'Shop'\n".write(
            to: dir.appendingPathComponent("bare.txt"), atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["tree", "bare.txt"], in: dir)
        #expect(result.status == 0)
        #expect(result.err.contains("bare.txt:1:1: warning: the capture holds no element VoiceOver can reach"), "\(result.err)")
    }

    @Test func presentingTheComposeSheet() throws {
        let result = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--present", "compose"])
        #expect(result.status == 0)
        #expect(result.out == """
            "Sheet Grabber"                      Sheet Grabber: Half screen. Button.
            "Activate to dismiss pop-up window"  Activate to dismiss pop-up window. Button.
            cancelCompose                        Cancel. Button.
            send                                 Send. Dimmed. Button.
            "New Message"                        New Message. Heading.
            to                                   To. Text Field.  [Double tap to edit.]
            subject                              Subject. Text Field.  [Double tap to edit.]

            """)
        let large = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--present", "compose", "--detent", "large"])
        #expect(large.out.hasPrefix("\"Sheet Grabber\"                      Sheet Grabber: Expanded. Button.\n"))
        let stacked = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--present", "compose", "--present", "discard"])
        #expect(stacked.out.hasPrefix("\"Delete this draft?\"  Delete this draft?\n"))
    }

    @Test func osPicksTheVersionWhoseFactsApply() throws {
        let later = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--present", "compose", "--os", "26"])
        #expect(later.status == 0)
        #expect(later.out.hasPrefix("\"Sheet Grabber\"  Sheet Grabber: Collapsed. Button.\ncancelCompose    Cancel. Button.\n"))
        let unknown = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--os", "71"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("mail.yaml:17:1: error: --os 71: no ios version '71' for scene 'Mail' (expected one of: 15, 16, 17, 18, 26, 27); did you mean '17'?"))
        let run = try EarshotProcess.run(["run", "--headless", "--os", "18", "Scenarios/mac-export"])
        #expect(run.status == 2)
        #expect(run.err.contains("no macos version '18' for scene 'Keynote'"))
    }

    @Test func aCaptureIsImportedAndReadDirectly() throws {
        let capture = "Tests/EarshotCaptureTests/Fixtures/settings.wda.xml"
        let tree = try EarshotProcess.run(["tree", capture])
        #expect(tree.status == 0)
        #expect(tree.out.contains("wifi             Wi-Fi. Switch Button. On.  [Double tap to toggle setting.]\n"))
        let output = testTemporaryDirectory.appendingPathComponent("earshot-import-\(getpid()).yaml").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let imported = try EarshotProcess.run(["import", capture, "-o", output])
        #expect(imported.status == 0)
        #expect(imported.err.contains("11 elements from \(capture) (WebDriverAgent page source)"))
        let again = try EarshotProcess.run(["tree", output])
        #expect(again.out == tree.out)
        let audit = try EarshotProcess.run(["audit", capture])
        #expect(audit.status == 0)
        let notCapture = try EarshotProcess.run(["import", "Scenarios/mail/mail.yaml"])
        #expect(notCapture.status == 2)
        #expect(notCapture.err.contains("is not a capture Earshot reads"))
    }

    /// A page source nested 100,000 elements deep overflowed the stack of every command that read
    /// it; now each refuses it at the first element past 256 levels, as bad input (exit 2).
    @Test func aCaptureNestedAHundredThousandDeepIsBadInputInEveryCommand() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = "x=\"0\" y=\"0\" width=\"393\" height=\"852\""
        var xml = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" \(frame)>\n"
        xml += String(repeating: "<XCUIElementTypeOther type=\"XCUIElementTypeOther\" \(frame)>\n", count: 99_998)
        xml += "<XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"OK\" accessible=\"true\" \(frame)/>\n"
        xml += String(repeating: "</XCUIElementTypeOther>\n", count: 99_998) + "</XCUIElementTypeApplication>\n"
        let capture = folder.appendingPathComponent("deep.xml")
        try xml.write(to: capture, atomically: true, encoding: .utf8)
        try "scene: Deep\nbase: deep.xml\n".write(to: folder.appendingPathComponent("deep-scene.yaml"), atomically: true, encoding: .utf8)
        try "scenario: Deep\nscene: deep-scene.yaml\nsteps:\n  - swipeRight\n"
            .write(to: folder.appendingPathComponent("deep-scenario.yaml"), atomically: true, encoding: .utf8)
        let expected = "deep.xml:257:1: error: an element nested deeper than 256 levels (expected elements at most 256 levels deep)"
        for arguments in [["import", "deep.xml"], ["tree", "deep.xml"], ["tree", "deep-scene.yaml"], ["audit", "deep.xml"],
                          ["audit", "deep-scene.yaml"], ["run", "--headless", "deep-scenario.yaml"]] {
            let result = try EarshotProcess.run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.err.suffix(300))")
            #expect(result.err.contains(expected), "\(arguments): \(result.err.suffix(300))")
        }
    }

    /// A capture named on the command line is read as every input is: a FIFO is refused at
    /// once (never waited on) and a missing file is said to be missing, not "not a capture".
    @Test func aCaptureThatIsNotARegularFileIsBadInputAtOnce() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("capture.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fromFIFO = try EarshotProcess.run(["import", fifo])
        #expect(fromFIFO.status == 2)
        #expect(fromFIFO.err.contains("earshot import: error: \(fifo) is a FIFO, not a regular file"), "\(fromFIFO.err)")
        let missing = folder.appendingPathComponent("gone.xml").path
        let fromNothing = try EarshotProcess.run(["import", missing])
        #expect(fromNothing.status == 2)
        #expect(fromNothing.err.contains("\(missing) does not exist"), "\(fromNothing.err)")
        let fromFolder = try EarshotProcess.run(["import", folder.path])
        #expect(fromFolder.status == 2)
        #expect(fromFolder.err.contains("\(folder.path) is a folder"), "\(fromFolder.err)")
    }

    @Test func sheetsComeFromCapturesTakenWithThemShowing() throws {
        let fixtures = "Tests/EarshotCaptureTests/Fixtures/"
        let imported = try EarshotProcess.run([
            "import", fixtures + "settings.wda.xml",
            "--sheet", "general=\(fixtures)settings-general-medium.idb.json,\(fixtures)settings-general-large.debugdescription.txt",
            "--presenter", "General",
        ])
        #expect(imported.status == 0)
        #expect(imported.out.contains("    detents: [medium, large]\n    selected: medium\n    grabber: true\n"))
        #expect(imported.out.contains("activate: { present: \"general\" }"))
        let badSheet = try EarshotProcess.run(["import", fixtures + "settings.wda.xml", "--sheet", "general"])
        #expect(badSheet.status == 2 && badSheet.err.contains("expected ID=CAPTURE"))
        let badPresenter = try EarshotProcess.run([
            "import", fixtures + "settings.wda.xml", "--sheet", "general=\(fixtures)settings-general-medium.wda.xml",
            "--presenter", "Nowhere",
        ])
        #expect(badPresenter.status == 2 && badPresenter.err.contains("--presenter 'Nowhere' for 'general' names no element"))
    }

    @Test func badArgumentsAreBadInput() throws {
        let unknown = try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--present", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("--present 'nope' names no presentation"))
        #expect(try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--detent", "large"]).status == 2)
        #expect(try EarshotProcess.run(["tree", "Scenarios/mail/mail.yaml", "--present", "compose", "--detent", "huge"]).status == 2)
        #expect(try EarshotProcess.run(["tree"]).status == 2)
        #expect(try EarshotProcess.run(["frobnicate"]).status == 2)
    }

    @Test func aBadSceneFileIsReportedWithFileLineAndColumn() throws {
        let dir = try EarshotProcess.temporaryFolder()
        let file = dir.appendingPathComponent("bad.yaml")
        try "scene: A\nroot:\n  - button: A\n    lable: B\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["tree", file.path])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("\(file.path):4:5: error: unknown key 'lable' in a button"))
        #expect(result.err.contains("did you mean 'label'?"))
        #expect(result.out.isEmpty)
    }

    @Test func helpExplains() throws {
        let top = try EarshotProcess.run(["--help"])
        #expect(top.status == 0)
        for command in ["run", "tree", "say", "voices"] { #expect(top.out.contains(command)) }
        #expect(top.out.contains("Exit status"))
        let tree = try EarshotProcess.run(["tree", "--help"])
        #expect(tree.status == 0)
        #expect(tree.out.contains("--present"))
        #expect(tree.out.contains("--detent"))
        #expect(tree.out.contains("reading order"))
    }
}
