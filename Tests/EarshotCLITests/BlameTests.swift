import Foundation
import Testing

/// Whose problem a failure is, said as the user would look for it: the machine's (exit 3) or the
/// file's (exit 2), at the place that wrote what is wrong, never at an option nobody passed.
@Suite("Blame")
struct BlameTests {
    /// A copy of the built earshot with its resources, in a folder of its own.
    static func copiedEarshot() throws -> URL {
        let folder = try EarshotProcess.temporaryFolder()
        let built = try EarshotProcess.binary().deletingLastPathComponent()
        for name in ["earshot", "Earshot_EarshotCore.resources", "Earshot_earshot.resources"] {
            try FileManager.default.copyItem(at: built.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder.appendingPathComponent("earshot")
    }

    /// Earshot's own profile damaged was blamed on the user's scene, as bad input (exit 2).
    @Test func aDamagedBundledProfileIsTheMachinesProblem() throws {
        let earshot = try Self.copiedEarshot()
        let profile = earshot.deletingLastPathComponent().appendingPathComponent("Earshot_EarshotCore.resources/Profiles/ios.en.json")
        try "{\"broken\": ".write(to: profile, atomically: true, encoding: .utf8)
        for arguments in [["tree", "Scenarios/mail/mail.yaml"], ["run", "--headless", "Scenarios/mail"], ["tree", "Scenarios/event-composer/event-composer.yaml"]] {
            let ended = try StartedProcess(arguments, executable: earshot, in: EarshotProcess.packageRoot).finish().result
            let said = ended.err
            #expect(ended.status == 3, "\(arguments): \(said)")
            #expect(said.hasPrefix("earshot: error: the bundled profile \(profile.path) cannot be read: "), "\(arguments): \(said)")
            #expect(said.contains("reinstall Earshot"))
        }
    }

    /// A `language:` the configuration gives that a scene's platform has no profile for was said
    /// against the scene, as a `--language` nobody passed; it is said at the configuration's line.
    @Test func aConfigurationsLanguageIsBlamedWhereItIsWritten() throws {
        let project = try EarshotProcess.temporaryFolder()
        try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/watch-timers"),
                                         to: project.appendingPathComponent("watch-timers"))
        try "# team settings\nlanguage: ja\n".write(to: project.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["run", "--headless", "watch-timers"], in: project)
        #expect(run.status == 2)
        #expect(run.err.hasPrefix(".earshot.yml:2:11: error: language: ja (the configuration's) for scene 'Timers' (watch-timers/watch-timers.yaml:"), "\(run.err)")
        #expect(run.err.contains("no 'ja' profile for watchos (expected one of: en)"))
        #expect(!run.err.contains("--language"))
        let audit = try EarshotProcess.run(["audit", "watch-timers/watch-timers.yaml"], in: project)
        #expect(audit.status == 2 && audit.err.hasPrefix(".earshot.yml:2:11: error: language: ja (the configuration's)"), "\(audit.err)")
        // Given on the command line, it is the option's.
        let option = try EarshotProcess.run(["run", "--headless", "--language", "ja", "watch-timers"], in: project)
        #expect(option.status == 2 && option.err.contains("--language ja: no 'ja' profile for watchos (scene 'Timers')"), "\(option.err)")
    }

    /// A configuration of a `---` marker and comments is one with no settings, as one of comments
    /// alone is; it was "empty (expected 'scene' and 'root')".
    @Test(arguments: ["---\n# nothing yet\n", "--- # start\n...\n", "%YAML 1.1\n---\n", "---\n---\n"])
    func aConfigurationWithNoSettingsIsNoneAtAll(text: String) throws {
        let project = try EarshotProcess.temporaryFolder()
        try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/notes"),
                                         to: project.appendingPathComponent("notes"))
        try text.write(to: project.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["run", "--headless", "notes"], in: project)
        if text == "---\n---\n" {
            // Two documents are not a configuration: said as such.
            #expect(run.status == 2 && !run.err.contains("'scene' and 'root'"), "\(run.err)")
        } else {
            #expect(run.status == 0, "\(text.debugDescription): \(run.err)")
        }
    }

    /// A working folder over a kilobyte deep made `init` and spoken runs fail with "URL type isn't
    /// supported": folders are made by path.
    @Test func aDeepWorkingFolderWorks() throws {
        var deep = try EarshotProcess.temporaryFolder()
        for _ in 0..<12 { deep.appendPathComponent(String(repeating: "a", count: 100)) }
        try FileManager.default.createDirectory(atPath: deep.path, withIntermediateDirectories: true)
        #expect(deep.path.utf8.count > 1_200)
        let initialized = try EarshotProcess.run(["init", "project"], in: deep)
        #expect(initialized.status == 0, "\(initialized.err)")
        let project = deep.appendingPathComponent("project")
        let spoken = try EarshotProcess.run(["run", "--report", "html:report"], in: project)
        #expect(spoken.status == 0, "\(spoken.err)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("Audio/notes-new-note.wav").path))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("report/index.html").path))
    }
}
