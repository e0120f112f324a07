@testable import EarshotFiles
import EarshotTestSupport
import Foundation
import Testing

/// stat(2)'s size and modification time, read through the one place that knows each system's
/// field names (`st_mtim` on Linux, `st_mtimespec` on macOS).
@Suite("File stamps")
struct SystemStampTests {
    @Test func aFilesStampIsItsSizeAndModificationTime() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f.txt")
        try "hello".write(to: file, atomically: false, encoding: .utf8)
        let when = Date(timeIntervalSince1970: 1_700_000_000.25)
        try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: file.path)
        let stamp = try #require(SystemIO.stamp(file.path))
        #expect(stamp.size == 5)
        #expect(stamp.seconds == 1_700_000_000)
        #expect(abs(stamp.nanoseconds - 250_000_000) < 1_000)
        #expect(SystemIO.stamp(folder.appendingPathComponent("missing").path) == nil)
    }
}
