@testable import EarshotFiles
import EarshotTestSupport
import Foundation
import Testing

/// Paths as messages and reports name them: joined to the folder of the file that wrote them,
/// `..` worked out where that is still the same file.
@Suite("File paths")
struct FilePathTests {
    @Test func aPathWrittenWithDotsIsNamedTidily() {
        #expect(FilePath.joined("Scenarios/x", "../../captures/a.json") == "captures/a.json")
        #expect(FilePath.joined("Scenarios/x", "./a.json") == "Scenarios/x/a.json")
        #expect(FilePath.joined("", "a.json") == "a.json")
        #expect(FilePath.joined("Scenarios", "/abs/../b.json") == "/b.json")
        #expect(FilePath.joined("Scenarios", "../../outside.json") == "../outside.json")
    }

    /// `link/..` is the folder the link leads to's parent, not the link's: left as written.
    @Test func aLinkFollowedByDotDotIsLeftAsWritten() throws {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-path-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real/deep", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/app", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/app/link", withDestinationPath: folder + "/real/deep")
        #expect(FilePath.joined(folder + "/app", "link/../a.json") == folder + "/app/link/../a.json")
        #expect(FilePath.joined(folder + "/app", "plain/../a.json") == folder + "/app/a.json")
    }
}
