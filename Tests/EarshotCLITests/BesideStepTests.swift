import EarshotTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `scripts/beside.sh`, which runs the fuzz smoke beside `make test`'s later steps: the
/// background step's line comes after the foreground's, a failure on either side fails the
/// whole, and a foreground that fails stops the background step with everything it started.
@Suite("make test: a step beside the others")
struct BesideStepTests {
    static func run(_ background: String, foreground: String, in folder: URL,
                    environment: [String: String] = [:]) throws -> (status: Int32, out: String) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try EarshotProcess.run([Repository.path("scripts/beside.sh").path, "beside", background, "--",
                                             "bash", "-c", foreground], environment: environment, in: folder, tool: "bash")
        return (result.status, result.out + result.err)
    }

    /// A PATH with every program of this one but setsid(1), as on macOS.
    static func pathWithoutSetsid() throws -> String {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name != "setsid" {
                // The first of a name on the PATH wins; symlink(2) leaves an existing one alone.
                _ = symlink(directory + "/" + name, folder.appendingPathComponent(name).path)
            }
        }
        return folder.path
    }

    @Test func bothPassingPrintTheForegroundThenTheBackgroundsLine() throws {
        let result = try Self.run("echo from the background", foreground: "echo from the foreground", in: temporaryFolder())
        #expect(result.status == 0)
        let foreground = try #require(result.out.range(of: "from the foreground"))
        let line = try #require(result.out.range(of: "beside: passed in"), "\(result.out)")
        #expect(foreground.upperBound <= line.lowerBound)
    }

    @Test func aFailingBackgroundFailsTheWhole() throws {
        let result = try Self.run("echo broken; exit 3", foreground: "true", in: temporaryFolder())
        #expect(result.status == 3)
        #expect(result.out.contains("beside: FAILED"), "\(result.out)")
        #expect(result.out.contains("broken"))
    }

    /// The background started a process of its own (as the fuzz smoke starts swift build and
    /// the fuzzer); it is gone when the foreground's failure comes back, with setsid(1) and
    /// without it (macOS has none).
    @Test(arguments: [true, false])
    func aFailingForegroundStopsTheBackgroundAndWhatItStarted(withSetsid: Bool) throws {
        let folder = temporaryFolder()
        let marker = folder.appendingPathComponent("left-running")
        let environment = withSetsid ? [:] : ["PATH": try Self.pathWithoutSetsid()]
        let started = Date()
        // The foreground fails once the background has started (exit 5 if it never does).
        let result = try Self.run("touch started; sleep 3 && touch left-running",
                                  foreground: "for i in $(seq 50); do [ -e started ] && exit 4; sleep 0.05; done; exit 5",
                                  in: folder, environment: environment)
        #expect(result.status == 4)
        #expect(result.out.contains("beside: stopped"), "\(result.out)")
        #expect(Date().timeIntervalSince(started) < 2.5)
        Thread.sleep(forTimeInterval: 3.5)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the background step went on after it was stopped")
    }
}
