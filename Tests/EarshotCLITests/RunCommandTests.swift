import EarshotRunner
import EarshotTestSupport
import Foundation
import Testing

/// `earshot run` end to end: exit codes, reports, jobs, shards, outputs.
@Suite("earshot run")
struct RunCommandTests {
    static let scene = """
        scene: Mail
        root:
          - button: Compose
            activate: { present: compose }
          - text: Inbox
        presentations:
          compose:
            content:
              - button: Done
                activate: dismiss
        """

    /// A folder with a scene and scenarios: `pass` passing ones and `fail` failing ones.
    func suite(pass: Int, fail: Int = 0) throws -> URL {
        let dir = try EarshotProcess.temporaryFolder()
        try Self.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        for index in 0..<pass {
            try "scenario: Passing \(index)\nscene: mail.yaml\nsteps:\n  - touch: Compose\n  - doubleTap\n  - expect: { presented: compose }\n"
                .write(to: dir.appendingPathComponent("pass\(index).yaml"), atomically: true, encoding: .utf8)
        }
        for index in 0..<fail {
            try "scenario: Failing \(index)\nscene: mail.yaml\nsteps:\n  - touch: Compose\n  - expect: Outbox\n"
                .write(to: dir.appendingPathComponent("fail\(index).yaml"), atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func allPassingExitsZeroWithTheSummaryLast() throws {
        let dir = try suite(pass: 2)
        let result = try EarshotProcess.run(["run", "--headless", dir.path])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        // Each scenario, each golden transcript recorded (none was there: --record missing), the summary.
        #expect(lines.count == 5)
        #expect(lines[2] == "recorded \(dir.path)/pass0.transcript (new: look it over, then commit it)")
        #expect(lines[0] == "✓ Passing 0  \(dir.path)/pass0.yaml")
        #expect(lines.last == "2 passed, 0 failed")
    }

    @Test func aFailureExitsOneAndShowsWhereAndWhat() throws {
        let dir = try suite(pass: 1, fail: 1)
        let result = try EarshotProcess.run(["run", "--headless", dir.path])
        #expect(result.status == 1)
        #expect(result.out.contains("✗ Failing 0  \(dir.path)/fail0.yaml"))
        #expect(result.out.contains("\(dir.path)/fail0.yaml:5:5: expectation 'speech' failed"))
        #expect(result.out.contains("expected: \"Outbox\""))
        #expect(result.out.contains("actual:   \"Compose. Button.\""))
        #expect(result.out.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func badInputExitsTwoWithFileLineColumn() throws {
        let dir = try suite(pass: 1)
        try "scenario: Bad\nscene: mail.yaml\nsteps:\n  - swipeRigth\n".write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["run", "--headless", dir.path])
        #expect(result.status == 2)
        #expect(result.err.contains("\(dir.path)/bad.yaml:4:5: error: unknown step 'swipeRigth'"))
        #expect(result.out.isEmpty)
        #expect(try EarshotProcess.run(["run", "--headless", "/no/such/folder"]).status == 2)
        #expect(try EarshotProcess.run(["run", "--headless", "--shard", "5/4", dir.path]).status == 2)
        #expect(try EarshotProcess.run(["run", "--headless", "--report", "xml:out.xml", dir.path]).status == 2)
    }

    /// espeak-ng reads a voice it does not have as a path to a voice file (a crash for a path, the
    /// file printed for `en+PATH`): voices are checked first, and a wrong one is the user's input.
    @Test(arguments: ["../../../../../../etc/passwd", "en+../../../../../../etc/passwd", "en-uss"])
    func aVoiceThatIsNotInstalledIsBadInputAtItsLine(_ voice: String) throws {
        let dir = try suite(pass: 1)
        try "scenario: Voiced\nvoice: \"\(voice)\"\nscene: mail.yaml\nsteps:\n  - touch: Compose\n"
            .write(to: dir.appendingPathComponent("voiced.yaml"), atomically: true, encoding: .utf8)
        let audio = dir.appendingPathComponent("Audio")
        let result = try EarshotProcess.run(["run", "--audio-dir", audio.path, dir.path])
        #expect(result.status == 2)
        #expect(result.err.contains("\(dir.path)/voiced.yaml:2:8: error: no espeak-ng voice '\(voice)'"))
        #expect(!voice.hasPrefix("en-") || result.err.contains("did you mean 'en-us'?"))
        #expect(!FileManager.default.fileExists(atPath: audio.path))   // nothing written
        let overridden = try EarshotProcess.run(["run", "--voice", "xx-nowhere", "--audio-dir", audio.path, dir.path])
        #expect(overridden.status == 2)
        #expect(overridden.err.contains("--voice 'xx-nowhere': no espeak-ng voice 'xx-nowhere'"))
    }

    /// Damaged espeak-ng data crashed espeak-ng inside earshot (SIGSEGV); now the workers die, two
    /// in turn, and the run stops with exit 3 naming the scenario, the text and the fix.
    @Test func damagedEspeakDataIsAnEnvironmentErrorNamingTheScenarioAndText() throws {
        let dir = try suite(pass: 1)
        let data = dir.appendingPathComponent("data/espeak-ng-data")
        let installed = try #require(["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data",
                                      "/usr/share/espeak-ng-data"].first { FileManager.default.fileExists(atPath: $0 + "/phontab") })
        try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: installed, toPath: data.path)
        let phondata = data.appendingPathComponent("phondata")
        let whole = try Data(contentsOf: phondata)
        try whole.prefix(whole.count / 3).write(to: phondata)
        let result = try EarshotProcess.run(["run", "--audio-dir", dir.appendingPathComponent("Audio").path, dir.path],
                                            environment: ["EARSHOT_ESPEAK_DATA": data.deletingLastPathComponent().path])
        #expect(result.status == 3, "\(result.err)")
        #expect(result.err.contains("scenario 'Passing 0' (\(dir.path)/pass0.yaml): espeak-ng failed twice"))
        #expect(result.err.contains("'Compose. Button.'"))
        #expect(result.err.contains("apt-get install --reinstall espeak-ng-data"))
    }

    /// Scenario names and file names with escape sequences were printed raw (retitling, recolouring
    /// or rewriting the terminal); they are written as \\u{1B} and the like.
    @Test func controlCharactersInNamesAreEscapedOnTheTerminal() throws {
        let dir = try suite(pass: 0)
        // YAML's own escapes: ESC ] 0 ; pwned BEL (a terminal title), ESC [ 2 J (clear), a right-to-left override.
        try "scenario: \"evil\\e]0;pwned\\a\\e[2J\\u202E\"\nscene: mail.yaml\nsteps:\n  - touch: Compose\n"
            .write(to: dir.appendingPathComponent("named.yaml"), atomically: true, encoding: .utf8)
        try "scenario: Bad\nscene: mail.yaml\nsteps:\n  - swipeRigth\n"
            .write(to: dir.appendingPathComponent("bad\u{1B}[31m.yaml"), atomically: true, encoding: .utf8)
        let bad = try EarshotProcess.run(["run", "--headless", dir.path])
        #expect(bad.status == 2)
        #expect(!bad.err.unicodeScalars.contains { $0.value == 0x1B })
        #expect(bad.err.contains("bad\\u{1B}[31m.yaml:4:5: error: unknown step 'swipeRigth'"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("bad\u{1B}[31m.yaml"))
        let good = try EarshotProcess.run(["run", "--headless", dir.path])
        #expect(good.status == 0)
        #expect(!good.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(good.out.contains("✓ evil\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{202E}  "))
    }

    /// `a-b/c.yaml` and `a/b-c.yaml` both became `a-b-c`, and `x/é.yaml` and `x/è.yaml` both `x-_`:
    /// one file's audio silently replaced the other's. Letters of every script are kept now, and a
    /// spoken run refuses names that still meet, naming both files, before anything is written.
    @Test func scenariosWhoseOutputsWouldShareANameAreRefused() throws {
        let dir = try suite(pass: 0)
        for (folder, file) in [("a-b", "c"), ("a", "b-c"), ("x", "é"), ("x", "è")] {
            let sub = dir.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try "scenario: \(folder)/\(file)\nscene: ../mail.yaml\nsteps:\n  - touch: Compose\n"
                .write(to: sub.appendingPathComponent(file + ".yaml"), atomically: true, encoding: .utf8)
        }
        let audio = dir.appendingPathComponent("Audio")
        let result = try EarshotProcess.run(["run", "--audio-dir", audio.path, dir.path])
        #expect(result.status == 2)
        #expect(result.err == "\(dir.path)/a/b-c.yaml:1:1: error: the audio for this scenario would be written as 'a-b-c', as that of "
            + "'\(dir.path)/a-b/c.yaml' (expected scenario files whose folder and name tell them apart; rename one)\n")
        #expect(!FileManager.default.fileExists(atPath: audio.path))
        #expect(try EarshotProcess.run(["run", "--headless", dir.path]).status == 0)   // headless writes no audio
        try FileManager.default.removeItem(at: dir.appendingPathComponent("a"))
        let spoken = try EarshotProcess.run(["run", "--audio-dir", audio.path, dir.path])
        #expect(spoken.status == 0, "\(spoken.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") }.sorted()
        #expect(written == ["a-b-c.wav", "x-è.wav", "x-é.wav"].sorted())
    }

    @Test func aFileWhereTheAudioFolderGoesIsBadInput() throws {
        let dir = try suite(pass: 1)
        let blocked = dir.appendingPathComponent("blocked")
        try "a file, not a folder".write(to: blocked, atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["run", "--audio-dir", blocked.path, dir.path])
        #expect(result.status == 2)
        #expect(result.err.contains("--audio-dir '\(blocked.path)' is a file (expected a folder path)"))
        #expect(try String(contentsOf: blocked, encoding: .utf8) == "a file, not a folder")
    }

    @Test(.enabled(if: EnvironmentErrorTests.canMount)) func environmentProblemsExitThree() throws {
        let dir = try suite(pass: 1)
        try EnvironmentErrorTests.withMount("ro,size=64k") { readOnly in
            let unwritable = try EarshotProcess.run(["run", "--audio-dir", readOnly.appendingPathComponent("Audio").path, dir.path])
            #expect(unwritable.status == 3)
            #expect(unwritable.err.contains("is not writable (Read-only file system)"), "\(unwritable.err)")
        }
    }

    @Test func parallelJobsGiveTheSameOutput() throws {
        let dir = try suite(pass: 6, fail: 3)
        try EarshotProcess.run(["run", "--headless", "--update", dir.path])
        let one = try EarshotProcess.run(["run", "--headless", "--jobs", "1", dir.path])
        let two = try EarshotProcess.run(["run", "--headless", "--jobs", "2", dir.path])
        #expect(one.out == two.out)
        #expect(one.status == two.status)
    }

    @Test func shardsTogetherRunEveryScenarioOnce() throws {
        let dir = try suite(pass: 9)
        var seen: [String] = []
        for index in 1...3 {
            let result = try EarshotProcess.run(["run", "--headless", "--shard", "\(index)/3", dir.path])
            #expect(result.status == 0)
            seen += result.out.split(separator: "\n").filter { $0.hasPrefix("✓") }.map(String.init)
        }
        #expect(seen.count == 9)
        #expect(Set(seen).count == 9)
    }

    @Test func junitHasOneTestcasePerScenarioAndFailuresCarryTheMessage() throws {
        let dir = try suite(pass: 2, fail: 1)
        let report = dir.appendingPathComponent("reports/earshot.xml")
        let json = dir.appendingPathComponent("reports/earshot.json")
        let result = try EarshotProcess.run(["run", "--headless", "--report", "junit:\(report.path)", "--report", "json:\(json.path)", dir.path])
        #expect(result.status == 1)
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.contains("<failure message=\"expectation &apos;speech&apos; failed\""))
        #expect(xml.contains("tests=\"3\" failures=\"1\""))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
        #expect(parsed.count == 3)
        let passing = try #require(parsed.first { ($0["name"] as? String) == "Passing 0" })
        #expect(passing["passed"] as? Bool == true)
        let steps = try #require(passing["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["touch: Compose", "doubleTap"])
        let events = try #require(steps[1]["events"] as? [[String: Any]])
        #expect(events.contains { $0["type"] as? String == "earcon" && $0["earcon"] as? String == "screenChanged" })
        #expect(events.contains { $0["type"] as? String == "speech" && $0["text"] as? String == "Done. Button." })
        let failing = try #require(parsed.first { ($0["name"] as? String) == "Failing 0" })
        #expect((failing["failure"] as? [String: Any])?["line"] as? Int == 5)
    }

    @Test func aSpokenRunWritesAWAVAndVTTPerScenarioInsideTheAudioFolder() throws {
        let dir = try suite(pass: 1)
        try "scenario: ../../../../tmp/escape\nscene: mail.yaml\nsteps:\n  - swipeRight\n"
            .write(to: dir.appendingPathComponent("evil ..name.yaml"), atomically: true, encoding: .utf8)
        let audio = dir.appendingPathComponent("out/Audio")
        let result = try EarshotProcess.run(["run", "--audio-dir", audio.path, dir.path])
        #expect(result.status == 0, "\(result.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files.count == 4)
        #expect(files.contains { $0.hasSuffix("pass0.wav") })
        #expect(files.contains { $0.hasSuffix("pass0.vtt") })
        // Nothing was written beside the audio folder or above it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path) == ["Audio"])
        #expect(result.out.contains("utterances synthesized"))
        // A second run reuses every utterance.
        let again = try EarshotProcess.run(["run", "--audio-dir", audio.path, dir.path])
        #expect(again.out.contains("(0 utterances synthesized"))
    }
}

/// Golden transcripts CI enforces (issue 32): a missing one fails under CI=true or
/// `--record never`, with the command that records it; `--update` lists what it wrote; a
/// folder with no scenario is bad input.
@Suite("Golden transcripts on CI")
struct GoldenRecordTests {
    static func folder() throws -> URL {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "scenario: Open\nscene:\n  scene: S\n  root:\n    - button: OK\nsteps:\n  - touch: OK\n"
            .write(to: folder.appendingPathComponent("open.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aMissingGoldenFailsOnCIWithTheCommandThatRecordsIt() throws {
        let folder = try Self.folder()
        for (arguments, environment) in [(["run", "--headless", "open.yaml"], ["CI": "true"]),
                                         (["run", "--headless", "open.yaml", "--record", "never"], [:])] {
            let result = try EarshotProcess.run(arguments, environment: environment, in: folder)
            #expect(result.status == 1, "\(arguments) \(environment)")
            #expect(result.out.contains("the golden transcript \(folder.path)/open.transcript is missing; record it with: earshot run --headless --update open.yaml")
                    || result.out.contains("open.transcript is missing; record it with: earshot run --headless --update open.yaml"), "\(result.out)")
        }
        // Elsewhere (and with --record missing on CI) it is recorded from the run, which passes.
        let recorded = try EarshotProcess.run(["run", "--headless", "open.yaml", "--record", "missing"], environment: ["CI": "true"], in: folder)
        #expect(recorded.status == 0 && recorded.out.contains("recorded open.transcript (new: look it over, then commit it)"), "\(recorded.out)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("open.transcript"))
        #expect(try EarshotProcess.run(["run", "--headless", "open.yaml"], environment: ["CI": ""], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("open.transcript").path))
    }

    @Test func updateSaysWhichFilesItWrote() throws {
        let folder = try Self.folder()
        let first = try EarshotProcess.run(["run", "--headless", "--update", "open.yaml"], in: folder)
        #expect(first.status == 0)
        #expect(first.out.contains("recorded open.transcript (new: look it over, then commit it)"), "\(first.out)")
        // A golden that differs is written again, and said so.
        try "touch: compose\n".write(to: folder.appendingPathComponent("open.transcript"), atomically: true, encoding: .utf8)
        let changed = try EarshotProcess.run(["run", "--headless", "--record", "all", "open.yaml"], in: folder)
        #expect(changed.status == 0 && changed.out.contains("wrote open.transcript\n"), "\(changed.out)")
        // A failed scenario records nothing, whatever the mode.
        try "scenario: Fails\nscene:\n  scene: S\n  root:\n    - button: OK\nsteps:\n  - touch: Nobody\n".write(to: folder.appendingPathComponent("fails.yaml"), atomically: true, encoding: .utf8)
        let failed = try EarshotProcess.run(["run", "--headless", "--update", "fails.yaml"], in: folder)
        #expect(failed.status == 1 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("fails.transcript").path))
        let conflicting = try EarshotProcess.run(["run", "--headless", "--update", "--record", "never", "open.yaml"], in: folder)
        #expect(conflicting.status == 2 && conflicting.err.contains("--update is --record all, not --record never"))
        // Nothing changed: nothing written, nothing said; and on CI the golden now holds.
        let again = try EarshotProcess.run(["run", "--headless", "--update", "open.yaml"], in: folder)
        #expect(!again.out.contains("wrote "))
        #expect(try EarshotProcess.run(["run", "--headless", "open.yaml"], environment: ["CI": "true"], in: folder).status == 0)
    }

    @Test func aFolderWithNoScenarioIsBadInput() throws {
        let empty = testTemporaryDirectory.appendingPathComponent("earshot-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try EarshotProcess.run(["run", "--headless", empty.path])
        #expect(result.status == 2)
        #expect(result.err.contains("\(empty.path):1:1: error: this folder holds no scenario file"), "\(result.err)")
        #expect(!result.out.contains("0 passed, 0 failed"))
    }
}
