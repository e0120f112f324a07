import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every read goes through one safe reader: goldens, baselines, configurations and the files
/// scenes and scenarios name are regular files inside the project, and an error never quotes a
/// file that is not one of Earshot's.
@Suite("Reads that stay inside the project")
struct HostileReadTests {
    /// What the outside file holds; no output may show it.
    static let secret = "hunter2-password-of-the-machine"

    /// A project (`mail.yaml`, `open.yaml`, `.earshot.yml`) and, beside it, a folder outside it
    /// holding a scene and a text file with ``secret`` in them.
    static func project() throws -> (project: URL, outside: URL) {
        let top = try EarshotProcess.temporaryFolder()
        let project = top.appendingPathComponent("project"), outside = top.appendingPathComponent("outside")
        for folder in [project, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try HostileOutputTests.scene.write(to: project.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        try HostileOutputTests.scenario.write(to: project.appendingPathComponent("open.yaml"), atomically: true, encoding: .utf8)
        try "maxStates: 100\n".write(to: project.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        try (HostileOutputTests.scene.replacingOccurrences(of: "Compose", with: secret))
            .write(to: outside.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        try "\(secret)\nline two\n".write(to: outside.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        return (project, outside)
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Paths written in files that lead out of the project: each refused at its line and column.
    @Test(arguments: [
        ("scenario: S\nscene: ../outside/scene.yaml\nsteps:\n  - touch: Compose\n", "s.yaml", ["run", "--headless", "s.yaml"], "s.yaml:2:8: error: scene path '../outside/scene.yaml' leads outside the project"),
        ("scenario: S\nscene: OUTSIDE/scene.yaml\nsteps:\n  - touch: Compose\n", "s.yaml", ["run", "--headless", "s.yaml"], "s.yaml:2:8: error: scene path 'OUTSIDE/scene.yaml' leads outside the project"),
        ("scene: S\nbase: ../outside/secret.txt\n", "b.yaml", ["tree", "b.yaml"], "b.yaml:2:7: error: capture path '../outside/secret.txt' leads outside the project"),
        ("baseline: ../outside/secret.txt\n", "c.yml", ["audit", "mail.yaml", "--config", "c.yml"], "c.yml:1:11: error: baseline path '../outside/secret.txt' leads outside the project"),
    ])
    func aPathThatLeadsOutOfTheProjectIsRefused(_ text: String, _ name: String, _ command: [String], _ message: String) throws {
        let (project, outside) = try Self.project()
        try Self.write(text.replacingOccurrences(of: "OUTSIDE", with: outside.path), name, in: project)
        let result = try EarshotProcess.run(command, in: project)
        #expect(result.status == 2)
        #expect(result.err.contains(message.replacingOccurrences(of: "OUTSIDE", with: outside.path)), "\(result.err)")
        #expect(result.err.contains("--allow-outside-project allows more"))
        #expect(!(result.out + result.err).contains(Self.secret))
    }

    @Test func theFlagAllowsAPathOutsideTheProject() throws {
        let (project, _) = try Self.project()
        try Self.write("scenario: S\nscene: ../outside/scene.yaml\nsteps:\n  - touch: \(Self.secret)\n", "s.yaml", in: project)
        #expect(try EarshotProcess.run(["run", "--headless", "s.yaml"], in: project).status == 2)
        let allowed = try EarshotProcess.run(["run", "--headless", "--allow-outside-project", "s.yaml"], in: project)
        #expect(allowed.status == 0, "\(allowed.err)")
    }

    @Test func aPathInsideTheProjectAboveTheScenarioIsRead() throws {
        let (project, _) = try Self.project()
        let nested = project.appendingPathComponent("Scenarios/mail")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Self.write("scenario: S\nscene: ../../mail.yaml\nsteps:\n  - touch: Compose\n", "s.yaml", in: nested)
        // Run from inside the nested folder: the project is found by its .earshot.yml above it.
        let result = try EarshotProcess.run(["run", "--headless", "s.yaml"], in: nested)
        #expect(result.status == 0, "\(result.err)")
    }

    /// A golden that is a link to the kernel's files, to a device or out of the project is bad
    /// input at the golden, and its content is never printed as a diff.
    @Test(arguments: ["/proc/self/environ", "/dev/zero", "OUTSIDE/secret.txt"])
    func aGoldenLinkedOutOfTheProjectIsRefused(_ target: String) throws {
        let (project, outside) = try Self.project()
        #expect(symlink(target.replacingOccurrences(of: "OUTSIDE", with: outside.path), project.appendingPathComponent("open.transcript").path) == 0)
        let result = try EarshotProcess.run(["run", "--headless", "open.yaml"], environment: ["EARSHOT_TEST_SECRET": Self.secret],
                                            in: project)
        #expect(result.status == 2)
        #expect(result.err.contains("open.transcript:1:1: error: the golden transcript"), "\(result.err)")
        #expect(!(result.out + result.err).contains(Self.secret))
    }

    @Test func aBaselineThatIsAFIFOIsNamedAsSuchNotWaitedOn() throws {
        let (project, _) = try Self.project()
        #expect(mkfifo(project.appendingPathComponent("b.json").path, 0o644) == 0)
        let result = try EarshotProcess.run(["audit", "mail.yaml", "--baseline", "b.json"], in: project)
        #expect(result.status == 2)
        #expect(result.err.contains("baseline file 'b.json' is a FIFO, not a regular file"), "\(result.err)")
    }

    /// Files that are not Earshot's, named on the command line: refused without a word of what they hold.
    @Test(arguments: [
        (["tree", "FILE"], "password: SECRET\napi-token: abc\n"),
        (["audit", "FILE"], "SECRET: x\nroot:*:20228:0:99999:7::\n"),
        (["tree", "FILE"], "SECRET and more text\n"),
        (["run", "--headless", "open.yaml", "--config", "FILE"], "password: SECRET\n"),
        (["run", "--headless", "open.yaml", "--config", "FILE"], "SECRET\n"),
    ])
    func aFileThatIsNotEarshotsIsNotQuoted(_ command: [String], _ content: String) throws {
        let (project, _) = try Self.project()
        try Self.write(content.replacingOccurrences(of: "SECRET", with: Self.secret), "other.yml", in: project)
        let result = try EarshotProcess.run(command.map { $0 == "FILE" ? "other.yml" : $0 }, in: project)
        #expect(result.status == 2)
        #expect(result.err.contains("other.yml:1:1: error:"), "\(result.err)")
        #expect(!(result.out + result.err).contains(Self.secret), "\(result.err)")
        #expect(!result.err.contains("api-token") && !result.err.contains("20228"))
    }

    /// XML or JSON that is not a capture, given to import or tree: named as not one, unquoted.
    @Test(arguments: [("x.xml", "<?xml version=\"1.0\"?>\n<config><password>SECRET</password></config>\n"),
                      ("x.json", "{\"token\": \"SECRET\"}\n"), ("x.json", "[{\"token\": \"SECRET\"}]\n")])
    func aCaptureThatIsNotOneIsNotQuoted(_ name: String, _ content: String) throws {
        let (project, _) = try Self.project()
        try Self.write(content.replacingOccurrences(of: "SECRET", with: Self.secret), name, in: project)
        for command in ["import", "tree"] {
            let result = try EarshotProcess.run([command, name], in: project)
            #expect(result.status == 2, "\(command)")
            #expect(!(result.out + result.err).contains(Self.secret), "\(command): \(result.err)")
            #expect(!result.err.contains("token") && !result.err.contains("password") && !result.err.contains("config"), "\(result.err)")
        }
    }

    /// Near misses still get their help: a scene with `scen:` is one of Earshot's, mistyped.
    @Test func aMistypedEarshotFileIsStillExplained() throws {
        let (project, _) = try Self.project()
        try Self.write("scen: Mail\nroot:\n  - button: OK\n", "typo.yaml", in: project)
        let result = try EarshotProcess.run(["tree", "typo.yaml"], in: project)
        #expect(result.status == 2)
        #expect(result.err.contains("unknown key 'scen' in the scene"), "\(result.err)")
    }
}

/// The disk says no: read-only and full file systems (small tmpfs mounts made for the test; only
/// where the test may mount, as root in CI) and files where folders go. Exit 3 with the path and
/// the system's reason, never Foundation's words and never exit 1; a file where a folder goes is
/// exit 2.
@Suite("Environment errors say what happened", .serialized)
struct EnvironmentErrorTests {
    /// Mounts a tmpfs at a new folder (`options` such as `ro` or `size=16k`), runs `body`, unmounts.
    static func withMount(_ options: String, _ body: (URL) throws -> Void) throws {
        let folder = try EarshotProcess.temporaryFolder()
        let mount = try EarshotProcess.run(["-t", "tmpfs", "-o", options, "tmpfs", folder.path], tool: "mount")
        try #require(mount.status == 0, "mount: \(mount.err)")
        defer { _ = try? EarshotProcess.run([folder.path], tool: "umount") }
        try body(folder)
    }

    static var canMount: Bool {
        guard geteuid() == 0, let folder = try? EarshotProcess.temporaryFolder(),
              let mount = try? EarshotProcess.run(["-t", "tmpfs", "-o", "size=4k", "tmpfs", folder.path], tool: "mount"),
              mount.status == 0 else { return false }
        _ = try? EarshotProcess.run([folder.path], tool: "umount")
        return true
    }

    @Test func initOntoAFileIsBadInputAndWritesNothing() throws {
        let folder = try EarshotProcess.temporaryFolder()
        try "mine".write(to: folder.appendingPathComponent("notes"), atomically: true, encoding: .utf8)
        for target in ["notes", "."] {
            if target == "." {
                try FileManager.default.removeItem(at: folder.appendingPathComponent("notes"))
                try "mine".write(to: folder.appendingPathComponent("Scenarios"), atomically: true, encoding: .utf8)
            }
            let result = try EarshotProcess.run(["init", target], in: folder)
            #expect(result.status == 2)
            #expect(result.err.contains("is a file (expected a folder path); nothing was written"), "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".earshot.yml").path))
        }
    }

    @Test(.enabled(if: canMount)) func initOnAReadOnlyDiskIsAnEnvironmentError() throws {
        try Self.withMount("ro,size=64k") { folder in
            let result = try EarshotProcess.run(["init", folder.appendingPathComponent("p").path])
            #expect(result.status == 3)
            #expect(result.err.contains("earshot init: error: cannot write '\(folder.path)/p"), "\(result.err)")
            #expect(result.err.contains("Read-only file system"))
            #expect(!result.err.contains("NSCocoaErrorDomain") && !result.err.contains("The operation could not be completed"))
        }
    }

    @Test(.enabled(if: canMount)) func initOnAFullDiskIsAnEnvironmentError() throws {
        try Self.withMount("size=12k") { folder in
            let result = try EarshotProcess.run(["init", folder.appendingPathComponent("p").path])
            #expect(result.status == 3)
            #expect(result.err.contains("No space left on device"), "\(result.err)")
            #expect(!result.err.contains("NSCocoaErrorDomain"))
        }
    }

    @Test(.enabled(if: canMount)) func updateOnAReadOnlyOrFullDiskIsAnEnvironmentError() throws {
        for options in ["size=64k", "size=8k"] {
            try Self.withMount(options) { folder in
                try HostileOutputTests.scene.write(to: folder.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
                try HostileOutputTests.scenario.write(to: folder.appendingPathComponent("open.yaml"), atomically: true, encoding: .utf8)
                if options == "size=64k" {
                    _ = try EarshotProcess.run(["-o", "remount,ro", folder.path], tool: "mount")
                } else {
                    // Fill what is left, so the golden transcript has no room.
                    _ = try? Data(count: 64 * 1024).write(to: folder.appendingPathComponent("fill"))
                }
                let result = try EarshotProcess.run(["run", "--headless", "--update", "open.yaml"], in: folder)
                #expect(result.status == 3, "\(options): \(result.err)")
                #expect(result.err.contains("cannot write the golden transcript '\(folder.path)/open.transcript'"), "\(result.err)")
                #expect(result.err.contains(options == "size=64k" ? "Read-only file system" : "No space left on device"), "\(result.err)")
            }
        }
    }
}
