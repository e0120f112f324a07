@testable import EarshotFiles
import EarshotTestSupport
import Foundation
import Testing

/// Temporary files left by runs killed mid-write (`.NAME.PID.N.tmp`) are
/// removed when a spoken run opens its folder; nothing else is.
@Suite("Temporary files of killed runs")
struct AtomicFileTests {
    /// A process number that no process has now: a child that has exited and been waited for.
    func deadProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A folder holding these empty files, each last written `age` seconds ago.
    func folder(with names: [String], age: TimeInterval) throws -> URL {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
        }
        return folder
    }

    func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func onlyTemporariesWhoseProcessIsGoneAreRemoved() throws {
        let dead = try deadProcess(), alive = getpid()
        let stale = ".compose.wav.\(dead).3.tmp"
        let others = [
            ".compose.wav.\(alive).4.tmp",      // this process is still writing it
            ".keep.tmp",                        // not a name AtomicFile makes
            ".\(dead).1.tmp",                   // no NAME
            ".compose.wav.\(dead).x.tmp",       // N not a number
            "compose.wav.\(dead).5.tmp",        // no leading dot
            "compose.wav",
        ]
        let folder = try folder(with: [stale] + others, age: 120)
        #expect(AtomicFile.removeStale(in: folder) == [stale])
        #expect(try names(in: folder) == others.sorted())
    }

    /// A process in another PID namespace (a container sharing the folder) looks gone.
    @Test func aTemporaryWrittenInTheLastMinuteStaysThoughItsProcessLooksGone() throws {
        let name = ".compose.wav.\(try deadProcess()).3.tmp"
        let folder = try folder(with: [name], age: 5)
        #expect(AtomicFile.removeStale(in: folder).isEmpty)
        #expect(try names(in: folder) == [name])
    }

    /// The process number may belong to another process by now.
    @Test func aTemporaryMoreThanADayOldIsRemovedWhateverItsProcess() throws {
        let name = ".report.json.\(getpid()).9.tmp"
        let folder = try folder(with: [name], age: 2 * 86_400)
        #expect(AtomicFile.removeStale(in: folder) == [name])
        #expect(try names(in: folder).isEmpty)
    }

    @Test func aFolderThatIsNotThereHasNothingToRemove() {
        #expect(AtomicFile.removeStale(in: temporaryFolder()).isEmpty)
    }

    @Test func theTemporaryAWriteMakesIsOneRemoveStaleKnows() throws {
        let folder = temporaryFolder()
        try AtomicFile.write(to: folder.appendingPathComponent("out.wav")) { append in
            let temporaries = try names(in: folder)
            #expect(temporaries.count == 1)
            #expect(temporaries.first.flatMap(AtomicFile.temporaryOwner) == getpid())
            #expect(temporaries.first?.hasPrefix(".out.wav.") == true)
            try append(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        #expect(try names(in: folder) == ["out.wav"])
    }
}
