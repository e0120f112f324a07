#if os(Linux)
import Foundation
import Testing

/// Only the speech worker links libespeak-ng: `earshot` itself does not, so a headless run works
/// on a machine without it (and a crash in espeak-ng can never be earshot's).
@Suite("earshot without libespeak-ng")
struct WithoutEspeakTests {
    /// Output of a command, its status.
    static func shell(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // `CI` reaches earshot only where a test sets it (a missing golden would fail the run).
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "CI")
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    static var worker: URL {
        get throws { try EarshotProcess.binary().deletingLastPathComponent().appendingPathComponent("earshot-speech") }
    }

    /// The library file the worker loads (`/lib/…/libespeak-ng.so.1`), from its ldd listing.
    static func libraryPath() throws -> String? {
        let listing = try shell(["ldd", try worker.path]).out
        return listing.split(separator: "\n").first { $0.contains("libespeak-ng") }
            .flatMap { $0.components(separatedBy: "=> ").dropFirst().first?.components(separatedBy: " (").first }
    }

    @Test func onlyTheWorkerLinksLibespeakNG() throws {
        let earshot = try Self.shell(["ldd", try EarshotProcess.binary().path])
        #expect(earshot.status == 0)
        #expect(earshot.out.contains("libc.so"))
        #expect(!earshot.out.contains("libespeak-ng"))
        #expect(try Self.libraryPath() != nil)   // the worker does
    }

    /// A folder with one passing scenario.
    static func suite() throws -> URL {
        let dir = try EarshotProcess.temporaryFolder()
        try "scenario: Alone\nscene:\n  scene: s\n  root:\n    - button: OK\nsteps:\n  - touch: OK\n  - expect: \"OK. Button.\"\n"
            .write(to: dir.appendingPathComponent("alone.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aHeadlessRunNeverLoadsIt() throws {
        let dir = try Self.suite()
        let result = try Self.shell([try EarshotProcess.binary().path, "run", "--headless", dir.path], environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.err.suffix(400))")
        #expect(result.err.contains("libc.so"))   // the loader did report what it loaded
        #expect(!result.err.contains("libespeak-ng"))
        #expect(result.out.contains("1 passed, 0 failed"))
    }

    /// Whether this machine lets a test hide a file in a mount namespace of its own (root, unshare).
    static let canHide: Bool = (try? shell(["unshare", "-m", "true"]).status == 0) ?? false

    @Test(.enabled(if: WithoutEspeakTests.canHide, "needs unshare -m (root)"))
    func aHeadlessRunWorksWithTheLibraryHidden() throws {
        let library = try #require(try Self.libraryPath())
        let dir = try Self.suite()
        let earshot = try EarshotProcess.binary().path
        let script = """
            mount --bind /dev/null '\(library)' || exit 90
            '\(try Self.worker.path)' </dev/null >/dev/null 2>&1; echo "worker: $?" >&2
            exec '\(earshot)' run --headless '\(dir.path)'
            """
        let result = try Self.shell(["unshare", "-m", "sh", "-c", script])
        #expect(result.status == 0, "\(result.err.suffix(400))")
        #expect(result.err.contains("worker: 127"))   // the library really was hidden: the worker cannot start
        #expect(result.out.contains("1 passed, 0 failed"))
    }

    /// Without the library the worker cannot start: `earshot say` says so at once with the
    /// dynamic loader's own words and the fix (it sent them to /dev/null and waited 30 seconds
    /// for a hello that could not come, then blamed a stall).
    @Test(.enabled(if: WithoutEspeakTests.canHide, "needs unshare -m (root)"))
    func speakingWithTheLibraryHiddenNamesTheLibraryAndTheFix() throws {
        let library = try #require(try Self.libraryPath())
        let dir = try EarshotProcess.temporaryFolder()
        let script = """
            mount --bind /dev/null '\(library)' || exit 90
            exec '\(try EarshotProcess.binary().path)' say Hi -o '\(dir.path)/hi.wav'
            """
        let result = try Self.shell(["unshare", "-m", "sh", "-c", script])
        #expect(result.status == 3, "\(result.err.suffix(400))")
        #expect(result.err.contains("the speech worker"))
        #expect(result.err.contains("did not start: the worker ended"))
        #expect(result.err.contains("exit status 127"))
        #expect(result.err.contains("libespeak-ng.so.1"))   // what the loader said
        #expect(result.err.contains("apt-get install libespeak-ng-dev espeak-ng-data"))
        #expect(result.err.contains("make build"))
    }
}
#endif
