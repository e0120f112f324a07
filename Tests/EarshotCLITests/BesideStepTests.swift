import EarshotTestSupport
import Foundation
import Testing

/// `scripts/beside.sh`, which runs the fuzz smoke beside `make test`'s later steps: the
/// background step's line comes after the foreground's, a failure on either side fails the
/// whole, and a foreground that fails stops the background step with everything it started.
@Suite("make test: a step beside the others")
struct BesideStepTests {
    static func run(_ background: String, foreground: String, in folder: URL) throws -> (status: Int32, out: String) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try EarshotProcess.run([Repository.path("scripts/beside.sh").path, "beside", background, "--",
                                             "bash", "-c", foreground], in: folder, tool: "bash")
        return (result.status, result.out + result.err)
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
    /// the fuzzer); it is gone when the foreground's failure comes back.
    @Test func aFailingForegroundStopsTheBackgroundAndWhatItStarted() throws {
        let folder = temporaryFolder()
        let marker = folder.appendingPathComponent("left-running")
        let started = Date()
        let result = try Self.run("sleep 3 && touch left-running", foreground: "sleep 0.3; exit 4", in: folder)
        #expect(result.status == 4)
        #expect(result.out.contains("beside: stopped"), "\(result.out)")
        #expect(Date().timeIntervalSince(started) < 2.5)
        Thread.sleep(forTimeInterval: 3.5)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the background step went on after it was stopped")
    }
}
