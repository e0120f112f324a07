import EarshotCore
@testable import EarshotFiles
import EarshotRunner
import EarshotScenario
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A suite as the command line runs it: golden transcripts checked and rewritten, scenario files
/// found in folders (never opening a FIFO, never following a link loop), shards, the names of
/// each scenario's outputs and the records of what was written.
@Suite("Suites")
struct SuiteTests {
    static let scene = TestScenes.draftingMail

    // MARK: Golden transcripts

    func folder() throws -> URL {
        let url = testTemporaryDirectory.appendingPathComponent("earshot-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Scenarios that share a scene share its configured copies: one German scene for the folder.
    @Test func scenariosSharingASceneShareItsConfiguredCopy() async throws {
        let dir = try folder()
        try Self.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        for name in ["one", "two"] {
            try "scenario: \(name)\nscene: mail.yaml\nconfigurations: [ {}, { language: de } ]\nsteps:\n  - swipeRight\n"
                .write(to: dir.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        var options = Suite.Options()
        options.headless = true
        let results = try await Suite(options: options).run(files: ["one", "two"].map { dir.appendingPathComponent("\($0).yaml").path }).results
        let german = results.filter { $0.configuration.name == "de" }.compactMap(\.scene)
        #expect(german.count == 2 && german.allSatisfy { $0.language == "de" })
        #expect(german[0].identity == german[1].identity)
        #expect(Set(results.compactMap(\.scene?.identity)).count == 2)
    }

    @Test func aGoldenMismatchFailsWithADiffAndUpdateRewritesIt() async throws {
        let dir = try folder()
        try Self.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("walk.yaml")
        try "scenario: Walk\nscene: mail.yaml\nsteps:\n  - swipeRight\n  - swipeRight\n".write(to: file, atomically: true, encoding: .utf8)
        let golden = dir.appendingPathComponent("walk.transcript")
        try "swipeRight\n  speak: Compose. Button.\nswipeRight\n  speak: Outbox\n".write(to: golden, atomically: true, encoding: .utf8)

        var options = Suite.Options()
        options.headless = true
        let failed = try await Suite(options: options).run(files: [file.path])
        let failure = try #require(failed.results[0].failure)
        #expect(failure.kind == .goldenDiffers)
        #expect(failure.diff?.lines == [.common("  speak: Compose. Button."), .common("swipeRight"), .removed("  speak: Outbox"),
                                        .added("  speak: Inbox"), .common("")])
        #expect(failure.diff?.firstDifference == 3)
        #expect(failure.location.line == 4)
        #expect(failure.step == 1)
        options.record = .all
        let updated = try await Suite(options: options).run(files: [file.path])
        #expect(updated.results[0].passed)
        #expect(try String(contentsOf: golden, encoding: .utf8) == "swipeRight\n  speak: Compose. Button.\nswipeRight\n  speak: Inbox\n")
        options.record = .missing
        #expect(try await Suite(options: options).run(files: [file.path]).results[0].passed)
    }

    // MARK: Suites

    @Test func discoveryFindsScenarioFilesInEveryFolderBelow() throws {
        let dir = try folder()
        let manager = FileManager.default
        for sub in ["a/deep/er", "b", ".hidden-folder", "real"] {
            try manager.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let scenario = "scenario: S\nscene: x.yaml\nsteps: []\n"
        for file in ["top.yaml", "a/deep/er/one.yml", "b/two.yaml", ".hidden-folder/three.yaml", "real/four.yaml"] {
            try scenario.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try Self.scene.write(to: dir.appendingPathComponent("b/scene.yaml"), atomically: true, encoding: .utf8)   // a scene
        try scenario.write(to: dir.appendingPathComponent("b/.dotted.yaml"), atomically: true, encoding: .utf8)   // hidden
        try scenario.write(to: dir.appendingPathComponent("b/notes.txt"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(at: dir.appendingPathComponent("linked"), withDestinationURL: dir.appendingPathComponent("real"))
        let found = try Suite.discover([dir.path]).map { String($0.dropFirst(dir.path.count + 1)) }
        #expect(found == [".hidden-folder/three.yaml", "a/deep/er/one.yml", "b/two.yaml", "real/four.yaml", "top.yaml"])
    }

    /// Every way YAML (and JSON) writes a top-level `scenario` key is a scenario to the loader,
    /// so it is one to a folder's run: these were skipped while their runs stayed green.
    @Test(arguments: [
        ("bom.yaml", "\u{FEFF}scenario: S\nscene: s.yaml\nsteps: [swipeRight]\n"),
        ("json.json", "{\"scenario\": \"S\", \"scene\": \"s.yaml\", \"steps\": [\"swipeRight\"]}\n"),
        ("json-in.yaml", "{\n  \"scene\": \"s.yaml\",\n  \"scenario\": \"S\",\n  \"steps\": [\"swipeRight\"]\n}\n"),
        ("quoted.yaml", "'scenario': S\nscene: s.yaml\nsteps: [swipeRight]\n"),
        ("flow.yaml", "{scenario: S, scene: s.yaml, steps: [swipeRight]}\n"),
        ("spaced.yaml", "scene: s.yaml\nscenario : S\nsteps: [swipeRight]\n"),
        ("escaped.yaml", "\"\\x73cenario\": S\nscene: s.yaml\nsteps: [swipeRight]\n"),
        ("document.yaml", "%YAML 1.1\n---\nscene: s.yaml\nscenario: S\nsteps: [swipeRight]\n"),
        ("explicit.yaml", "? scenario\n: S\nscene: s.yaml\nsteps: [swipeRight]\n"),
    ])
    func aScenarioIsFoundHoweverItsKeyIsWritten(name: String, text: String) async throws {
        let dir = try folder()
        try "scene: S\nroot:\n  - button: OK\n".write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let found = try Suite.discover([dir.path])
        #expect(found.map { ($0 as NSString).lastPathComponent } == [name])
        // And it is what the loader reads as a scenario: it runs.
        var options = Suite.Options()
        options.headless = true
        let outcome = try await Suite(options: options).run(files: found)
        #expect(outcome.results.map(\.name) == ["S"])
        #expect(outcome.passed == 1)
    }

    /// A YAML or JSON file among the scenarios that is none of Earshot's files is reported where
    /// it is, not passed over; scenes, configurations and captures are passed over.
    @Test func aFileThatIsNoneOfEarshotsIsReportedNotSkipped() throws {
        let dir = try folder()
        let files = [
            "s.yaml": "# a scene\nscene: S\nroot:\n  - button: OK\n",
            "based.yaml": "base: capture.json\noverrides: {}\n",
            "run.yaml": "scenario: Run\nscene: s.yaml\nsteps: [swipeRight]\n",
            "team.yml": "rules:\n  sheet-grabber: off\n",
            "capture.json": "[{\"AXFrame\": \"{{0, 0}, {10, 10}}\", \"AXLabel\": \"OK\", \"role\": \"AXButton\"}]\n",
            "page.json": "{\"value\": \"<?xml version=\\\"1.0\\\"?><AppiumAUT></AppiumAUT>\"}\n",
            "typo.yaml": "senario: Typo\nscene: s.yaml\nsteps: [swipeRight]\n",
            "package.json": "{\"name\": \"tool\", \"version\": \"1.0.0\"}\n",
            "empty.yaml": "# nothing yet\n",
            "broken.yaml": "{steps: [swipeRight\n",
        ]
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let error = try #require(throws: LoadError.self) { try Suite.discover([dir.path]) }
        let named = error.diagnostics.map { ($0.location.file as NSString).lastPathComponent }.sorted()
        #expect(named == ["broken.yaml", "empty.yaml", "package.json", "typo.yaml"])
        let typo = try #require(error.diagnostics.first { $0.location.file.hasSuffix("typo.yaml") })
        #expect(typo.description.hasSuffix("typo.yaml:1:1: error: this file is not a scenario, a scene, a configuration, a capture, a recording or an overlay "
            + "(its top-level keys are 'senario', 'scene', 'steps'), so it would not run (expected a scenario with 'scenario', "
            + "'scene' and 'steps', or the file moved out of the scenario folder); did you mean 'scenario'?"))
        // What the loader would say of a file it cannot read is said where it is.
        let broken = try #require(error.diagnostics.first { $0.location.file.hasSuffix("broken.yaml") })
        #expect(broken.message.hasPrefix("malformed YAML"))
        for name in ["broken.yaml", "empty.yaml", "package.json", "typo.yaml"] {
            try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
        }
        #expect(try Suite.discover([dir.path]).map { ($0 as NSString).lastPathComponent } == ["run.yaml"])
    }

    /// A golden transcript a killed `--update` was writing leaves a temporary file among the
    /// scenarios; the next run's search removes it once its process is gone.
    @Test func theSearchSweepsTemporariesAKilledRunLeftAmongTheScenarios() throws {
        let dir = try folder()
        try "scenario: S\nscene: s.yaml\nsteps: [swipeRight]\n".write(to: dir.appendingPathComponent("run.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        let stale = dir.appendingPathComponent(".run.transcript.\(process.processIdentifier).2.tmp")
        let fresh = dir.appendingPathComponent(".run.transcript.\(getpid()).3.tmp")
        for file in [stale, fresh] {
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data("swipeRight".utf8)))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: file.path)
        }
        #expect(try Suite.discover([dir.path]).map { ($0 as NSString).lastPathComponent } == ["run.yaml"])
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))   // this process may still be writing it
    }

    @Test func shardsPartitionTheSuite() {
        let files = (0..<40).map { "Scenarios/s\($0).yaml" }
        let shards = (1...4).map { Suite.shard(files, index: $0, of: 4) }
        #expect(shards.flatMap { $0 }.sorted() == files.sorted())
        #expect(Set(shards.flatMap { $0 }).count == files.count)
        #expect(shards.allSatisfy { !$0.isEmpty })
        // Stable: adding a file moves no other.
        let more = Suite.shard(files + ["Scenarios/new.yaml"], index: 2, of: 4)
        #expect(Set(shards[1]).isSubset(of: Set(more)))
    }

    /// Only a file's name decides its shard: CI jobs that name the folder differently split it alike.
    @Test func aShardDoesNotDependOnHowTheFolderIsWritten() {
        let names = (0..<40).map { "s\($0).yaml" }
        for count in [2, 3, 4] {
            for index in 1...count {
                let forms = ["Scenarios/", "./Scenarios/", "Scenarios//", "/work/x/Scenarios/", "../y/Scenarios/", ""].map { folder in
                    Suite.shard(names.map { folder + $0 }, index: index, of: count).map { ($0 as NSString).lastPathComponent }
                }
                #expect(Set(forms.map { $0 }).count == 1, "shard \(index)/\(count): \(forms)")
            }
        }
    }

    @Test func outputNamesStayInsideTheOutputFolder() {
        for file in ["../../etc/passwd.yaml", "Scenarios/../../x/..yaml", "Scenarios/mail/cancel draft.yaml", "/tmp/.hidden.yaml"] {
            let name = OutputName.of(file: file)
            #expect(!name.contains("/"), "\(name)")
            #expect(!name.hasPrefix("."), "\(name)")
            #expect(!name.contains(".."), "\(name)")
        }
        #expect(OutputName.of(file: "Scenarios/mail/cancel-draft.yaml") == "mail-cancel-draft")
        // `.` and `..` are resolved, from the working folder for a relative path.
        #expect(OutputName.of(file: "Scenarios/./mail/x.yaml") == "mail-x")
        #expect(OutputName.of(file: "Scenarios/mail/../notes/y.tar.yaml") == "notes-y.tar")
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).lastPathComponent
        #expect(OutputName.of(file: "z.yaml") == OutputName.of(file: "/somewhere/\(here)/z.yaml"))
    }

    /// ASCII names take a shorter way to their safe form: it must end where the general one does.
    @Test func asciiNamesAreMadeSafeAsAnyOther() {
        // Each character is kept or replaced on its own (ASCII composes with nothing).
        let every = String(decoding: Array(0..<0x80), as: UTF8.self)
        for name in every.map({ "x\($0)y" }) + [every, ""] {
            #expect(OutputName.safeCharacters(name) == OutputName.safeCharactersOfAnyScript(name), "\(name.debugDescription)")
        }
        #expect(OutputName.safeCharacters("Mail draft-2_b.c") == "Mail_draft-2_b.c")
        #expect(OutputName.safeCharacters("Cafe\u{301} ü") == "Café_ü")
    }

    @Test func aLinkLoopIsSkippedWhenFindingScenarios() throws {
        let dir = try folder()
        let loop = dir.appendingPathComponent("loop.yaml")
        #expect(symlink(loop.path, loop.path) == 0)
        // The folder then holds no scenario, which is bad input.
        #expect { try Suite.discover([dir.path]) } throws: { "\($0)".contains("this folder holds no scenario file") }
    }

    @Test func aFIFONamedYAMLInAScannedFolderIsSkippedNotOpened() throws {
        let dir = try folder()
        try "scenario: Hostile\nscene: s.yaml\nsteps:\n  - touch: OK\n".write(to: dir.appendingPathComponent("real.yaml"), atomically: true, encoding: .utf8)
        try "scene: S\nroot:\n  - button: OK\n".write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(mkfifo(dir.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
        symlink(dir.appendingPathComponent("pipe.yaml").path, dir.appendingPathComponent("link-to-pipe.yaml").path)
        symlink(dir.appendingPathComponent("real.yaml").path, dir.appendingPathComponent("link.yaml").path)
        let found = try Suite.discover([dir.path]).map { ($0 as NSString).lastPathComponent }
        #expect(found == ["link.yaml", "real.yaml"])
    }

    @Test func theRecordsOfWrittenOutputsAreNotReadThroughALink() throws {
        let dir = try folder()
        let outside = dir.appendingPathComponent("outside.txt")
        try "earshot-outputs 1\nmail 3\nabc".write(to: outside, atomically: true, encoding: .utf8)
        #expect(OutputRecords.read(outside) == ["mail": "abc"])   // the format, read from a file
        let planted = dir.appendingPathComponent("outputs.txt")
        #expect(symlink(outside.path, planted.path) == 0)
        #expect(OutputRecords.read(planted).isEmpty)
    }
}
