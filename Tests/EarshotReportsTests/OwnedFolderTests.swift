@testable import EarshotReports
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files inside the folders Earshot owns are Earshot's own: a link planted there is never read
/// through nor copied into a report.
@Suite("Links planted in Earshot's folders")
struct OwnedFolderTests {
    static func folder() throws -> URL {
        let url = testTemporaryDirectory.appendingPathComponent("earshot-owned-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theAudioOfAReportIsNeverALinkToAnotherFile() throws {
        let dir = try Self.folder()
        let secret = dir.appendingPathComponent("secret")
        try "the machine's secret".write(to: secret, atomically: true, encoding: .utf8)
        let planted = dir.appendingPathComponent("x.wav")
        #expect(symlink(secret.path, planted.path) == 0)
        let target = dir.appendingPathComponent("report/audio/x.wav")
        #expect(throws: (any Error).self) { try HTMLReport.linkOrCopy(planted, to: target) }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        // A file the run wrote is linked.
        let written = dir.appendingPathComponent("y.wav")
        try Data("RIFF".utf8).write(to: written)
        try HTMLReport.linkOrCopy(written, to: dir.appendingPathComponent("report/audio/y.wav"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("report/audio/y.wav")) == Data("RIFF".utf8))
    }
}
