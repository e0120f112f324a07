import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Outputs never replace what they should not: devices, FIFOs, sockets, folders, links to them,
/// the files a command reads, each other; Earshot's own folders are not followed out of; names
/// Unicode holds equal stay two files. Nodes are made with mknod and mkfifo inside a temporary
/// folder, never on the machine's own /dev.
@Suite("Outputs that must not be replaced")
struct HostileOutputTests {
    static let scene = "scene: Mail\nroot:\n  - button: Compose\n    activate: { present: compose }\npresentations:\n  compose:\n    content:\n      - button: Done\n        activate: dismiss\n"
    static let scenario = "scenario: Open\nscene: mail.yaml\nsteps:\n  - touch: Compose\n  - doubleTap\n"

    /// A project: `mail.yaml`, `open.yaml`, a capture `c.xml`, and the special files `dev` (a
    /// character device, like /dev/null), `fifo`, `sock`, `folder/`, `to-dev` (a link to `dev`) and
    /// `dangling` (a link to nothing).
    static func project() throws -> URL {
        let dir = try EarshotProcess.temporaryFolder()
        try scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        try scenario.write(to: dir.appendingPathComponent("open.yaml"), atomically: true, encoding: .utf8)
        let capture = EarshotProcess.packageRoot.appendingPathComponent("Tests/EarshotCaptureTests/Fixtures/settings-general-medium.wda.xml")
        try FileManager.default.copyItem(at: capture, to: dir.appendingPathComponent("c.xml"))
        #expect(mknod(dir.appendingPathComponent("dev").path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)   // makedev(1, 3): /dev/null
        #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
        try socketNode(at: dir.appendingPathComponent("sock").path)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
        #expect(symlink("dev", dir.appendingPathComponent("to-dev").path) == 0)
        #expect(symlink("nothing-here", dir.appendingPathComponent("dangling").path) == 0)
        return dir
    }

    static func socketNode(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
    }

    /// What a special file is, to check it is still that after the command.
    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    static let specials: [(name: String, kind: mode_t, message: String)] = [
        ("dev", S_IFCHR, "is a character device; Earshot writes only regular files and never replaces anything else"),
        ("fifo", S_IFIFO, "is a FIFO; Earshot writes only regular files"),
        ("sock", S_IFSOCK, "is a socket; Earshot writes only regular files"),
        ("folder", S_IFDIR, "is a folder (expected a file path)"),
        ("to-dev", S_IFLNK, "is a symbolic link to a character device"),
        ("dangling", S_IFLNK, "is a symbolic link to nothing"),
    ]

    @Test(arguments: specials.map(\.name))
    func importRefusesAnOutputThatIsNotARegularFile(_ name: String) throws {
        let dir = try Self.project()
        let special = try #require(Self.specials.first { $0.name == name })
        let result = try EarshotProcess.run(["import", "c.xml", "-o", name], in: dir)
        #expect(result.status == 2)
        #expect(result.err.contains("earshot import: error: -o '\(name)' \(special.message)"), "\(result.err)")
        #expect(Self.kind(dir.appendingPathComponent(name).path) == special.kind)
        #expect(Self.kind(dir.appendingPathComponent("dev").path) == S_IFCHR)
    }

    @Test(arguments: specials.map(\.name))
    func reportsRefuseAnOutputThatIsNotARegularFile(_ name: String) throws {
        let dir = try Self.project()
        let special = try #require(Self.specials.first { $0.name == name })
        for command in [["run", "--headless", "open.yaml", "--report", "json:" + name],
                        ["audit", "mail.yaml", "--report", "sarif:" + name]] {
            let result = try EarshotProcess.run(command, in: dir)
            #expect(result.status == 2, "\(command)")
            #expect(result.err.contains("'\(name)' \(special.message)"), "\(command): \(result.err)")
            #expect(Self.kind(dir.appendingPathComponent(name).path) == special.kind)
        }
    }

    @Test func sayAndTheAudioFolderRefuseSpecialFilesToo() throws {
        let dir = try Self.project()
        let said = try EarshotProcess.run(["say", "Done", "-o", "dev"], in: dir)
        #expect(said.status == 2)
        #expect(said.err.contains("-o 'dev' is a character device"), "\(said.err)")
        let streamed = try EarshotProcess.run(["say", "Done", "-o", "-"], in: dir)
        #expect(streamed.status == 0, "\(streamed.err)")
        #expect(streamed.out.hasPrefix("RIFF"))
        let audio = try EarshotProcess.run(["run", "open.yaml", "--audio-dir", "to-dev"], in: dir)
        #expect(audio.status == 2)
        #expect(audio.err.contains("--audio-dir 'to-dev' is a character device"), "\(audio.err)")
        #expect(Self.kind(dir.appendingPathComponent("dev").path) == S_IFCHR)
    }

    @Test(arguments: ["-", "/dev/stdout"])
    func aDashOrStandardOutputStreams(_ path: String) throws {
        let dir = try Self.project()
        let imported = try EarshotProcess.run(["import", "c.xml", "-o", path], in: dir)
        #expect(imported.status == 0)
        #expect(imported.out.hasPrefix("# Imported by"), "\(imported.out.prefix(80))")
        let run = try EarshotProcess.run(["run", "--headless", "open.yaml", "--report", "json:" + path], in: dir)
        #expect(run.status == 0)
        #expect(run.out.contains("\"clock\" : \"estimated\""), "\(run.out)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
    }

    @Test func aFolderReportCannotGoToStandardOutput() throws {
        let dir = try Self.project()
        let result = try EarshotProcess.run(["run", "--headless", "open.yaml", "--report", "html:-"], in: dir)
        #expect(result.status == 2)
        #expect(result.err.contains("'-' is standard output, but this report is a folder"))
    }

    @Test func aLinkToARegularFileIsWrittenWhereItPoints() throws {
        let dir = try Self.project()
        try "old".write(to: dir.appendingPathComponent("target.yaml"), atomically: true, encoding: .utf8)
        #expect(symlink("target.yaml", dir.appendingPathComponent("link.yaml").path) == 0)
        let result = try EarshotProcess.run(["import", "c.xml", "-o", "link.yaml"], in: dir)
        #expect(result.status == 0)
        #expect(Self.kind(dir.appendingPathComponent("link.yaml").path) == S_IFLNK)
        #expect(try String(contentsOf: dir.appendingPathComponent("target.yaml"), encoding: .utf8).hasPrefix("# Imported by"))
    }

    // MARK: An output that is an input, or two outputs to one file

    /// Each case: the command, the file that must stay as it was, and what the message says.
    static let clashes: [(command: [String], untouched: String, message: String)] = [
        (["import", "c.xml", "-o", "c.xml"], "c.xml", "-o 'c.xml' would overwrite the capture 'c.xml'"),
        (["import", "c.xml", "--sheet", "s=c.xml", "-o", "./c.xml"], "c.xml", "-o './c.xml' would overwrite the capture 'c.xml'"),
        (["run", "--headless", "open.yaml", "--report", "json:open.yaml"], "open.yaml", "--report json 'open.yaml' would overwrite the scenario 'open.yaml'"),
        (["run", "--headless", "open.yaml", "--report", "junit:mail.yaml"], "mail.yaml", "--report junit 'mail.yaml' would overwrite the scene 'mail.yaml'"),
        (["run", "--headless", "open.yaml", "--report", "json:r.json", "--report", "junit:r.json"], "r.json",
         "--report junit 'r.json' is the file --report json 'r.json' writes too"),
        (["run", "--headless", "open.yaml", "--report", "json:-", "--report", "sarif:/dev/stdout"], "open.yaml",
         "--report sarif '/dev/stdout' is standard output, where --report json goes too"),
        (["run", "--headless", "open.yaml", "--report", "json:open.transcript"], "open.yaml",
         "--report json 'open.transcript' is the file the golden transcript of 'open.yaml'"),
        (["audit", "mail.yaml", "--report", "json:mail.yaml"], "mail.yaml", "--report json 'mail.yaml' would overwrite the scene 'mail.yaml'"),
        (["audit", "mail.yaml", "--report", "json:-"], "mail.yaml", "--report json '-' is standard output, where --format text goes too"),
        (["audit", "mail.yaml", "--baseline", "b.json", "--update-baseline", "--report", "json:b.json"], "mail.yaml",
         "--report json 'b.json' is the file the baseline 'b.json' writes too"),
    ]

    @Test(arguments: clashes.indices)
    func anOutputThatIsAnInputOrAnotherOutputIsRefusedBeforeAnythingIsWritten(_ index: Int) throws {
        let clash = Self.clashes[index]
        let dir = try Self.project()
        let before = try? Data(contentsOf: dir.appendingPathComponent(clash.untouched))
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let result = try EarshotProcess.run(clash.command, in: dir)
        #expect(result.status == 2)
        #expect(result.err.contains(clash.message), "\(result.err)")
        #expect((try? Data(contentsOf: dir.appendingPathComponent(clash.untouched))) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == listing)   // nothing new
    }

    /// A report that cannot be written (its folder is a file) is said with its path and reason,
    /// exit 3, and the reports after it are still written.
    @Test func oneReportThatCannotBeWrittenDoesNotStopTheOthers() throws {
        let dir = try Self.project()
        try "a file".write(to: dir.appendingPathComponent("plain"), atomically: true, encoding: .utf8)
        for command in [["run", "--headless", "open.yaml", "--report", "json:plain/r.json", "--report", "junit:ok.xml"],
                        ["audit", "mail.yaml", "--report", "json:plain/r.json", "--report", "sarif:ok.sarif"]] {
            let result = try EarshotProcess.run(command, in: dir)
            #expect(result.status == 3, "\(command)")
            #expect(result.err.contains("cannot write the json report '"), "\(result.err)")
            #expect(result.err.contains("plain/r.json': Not a directory"), "\(result.err)")
            #expect(!result.err.contains("NSCocoaErrorDomain"))
            let written = command.last!.split(separator: ":").last.map(String.init)!
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(written).path), "\(written)")
        }
    }

    @Test func aScenarioNamedLikeItsOwnGoldenIsRefused() throws {
        let dir = try Self.project()
        try Self.scenario.write(to: dir.appendingPathComponent("self.transcript"), atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["run", "--headless", "--update", "self.transcript"], in: dir)
        #expect(result.status == 2)
        #expect(result.err.contains("would overwrite the scenario 'self.transcript', which this command reads"), "\(result.err)")
        #expect(try String(contentsOf: dir.appendingPathComponent("self.transcript"), encoding: .utf8) == Self.scenario)
    }

    @Test func twoScenariosThatShareAGoldenAreRefused() throws {
        let dir = try Self.project()
        try Self.scenario.write(to: dir.appendingPathComponent("open.yml"), atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["run", "--headless", "--update", "open.yaml", "open.yml"], in: dir)
        #expect(result.status == 2)
        #expect(result.err.contains("open.transcript' is the file the golden transcript of 'open.yaml'"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("open.transcript").path))
    }

    @Test(arguments: ["dev", "fifo", "to-dev"])
    func aGoldenThatIsNotARegularFileIsNeitherReadNorReplaced(_ name: String) throws {
        let dir = try Self.project()
        #expect(symlink(name, dir.appendingPathComponent("open.transcript").path) == 0)
        for update in [false, true] {
            let result = try EarshotProcess.run(["run", "--headless", "open.yaml"] + (update ? ["--update"] : []), in: dir)
            #expect(result.status == 2, "\(result.err)")
            #expect(result.err.contains("open.transcript"), "\(result.err)")
            #expect(Self.kind(dir.appendingPathComponent("open.transcript").path) == S_IFLNK)
        }
    }

    // MARK: Earshot's own folders

    /// A spoken run and its HTML report, with links planted where Earshot's own folders go
    /// (`Audio/.cache`, the report's `audio/`) pointing at folders outside: nothing is written
    /// there, and the links are replaced by real folders.
    @Test func linksPlantedInOwnedFoldersAreReplacedNotFollowed() throws {
        let dir = try Self.project()
        let outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for folder in ["Audio", "report"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        #expect(symlink(outside.path, dir.appendingPathComponent("Audio/.cache").path) == 0)
        #expect(symlink(outside.path, dir.appendingPathComponent("report/audio").path) == 0)
        let result = try EarshotProcess.run(["run", "open.yaml", "--audio-dir", "Audio", "--report", "html:report"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(Self.kind(dir.appendingPathComponent("Audio/.cache").path) == S_IFDIR)
        #expect(Self.kind(dir.appendingPathComponent("report/audio").path) == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("report/audio").path).contains { $0.hasSuffix("open.wav") })
    }

    // MARK: Names Unicode holds equal

    @Test func composedAndDecomposedNamesAreTwoScenarios() throws {
        let dir = try Self.project()
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)   // to Swift; to the file system they are two names
        try Self.scenario.replacingOccurrences(of: "Open", with: "Composed")
            .write(toFile: dir.path + "/" + composed + ".yaml", atomically: false, encoding: .utf8)
        try Self.scenario.replacingOccurrences(of: "Open", with: "Decomposed")
            .write(toFile: dir.path + "/" + decomposed + ".yaml", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("open.yaml"))
        let headless = try EarshotProcess.run(["run", "--headless", "--update", "."], in: dir)
        #expect(headless.status == 0, "\(headless.err)")
        #expect(headless.out.contains("✓ Composed"))
        #expect(headless.out.contains("✓ Decomposed"))
        #expect(headless.out.contains("2 passed, 0 failed"))
        let goldens = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".transcript") }
        #expect(goldens.count == 2)
        // Spoken, both would be written as one WAV: refused, naming both.
        let spoken = try EarshotProcess.run(["run", ".", "--audio-dir", "Audio"], in: dir)
        #expect(spoken.status == 2)
        #expect(spoken.err.contains("the audio for this scenario would be written as"), "\(spoken.err)")
    }
}
