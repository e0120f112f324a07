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

    /// Every folder Earshot writes to is swept the first time it writes there, not only Audio/:
    /// report folders, the folder of `import -o`, the scenarios' (golden transcripts).
    @Test func theFirstWriteToAFolderSweepsItsStaleTemporaries() throws {
        let stale = ".report.json.\(try deadProcess()).1.tmp"
        let folder = try folder(with: [stale], age: 120)
        try AtomicFile.write("{}", to: folder.appendingPathComponent("report.json"))
        #expect(try names(in: folder) == ["report.json"])
    }

    /// A scratch folder (`earshot bench`'s) of a process that is gone is removed when the next
    /// one is made; a live process's, or one changed in the last minute, stays.
    @Test func staleScratchFoldersAreRemovedAsANewOneIsMade() throws {
        let parent = temporaryFolder()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let dead = try deadProcess()
        let names = ["earshot-bench-\(dead)-A", "earshot-bench-\(getpid())-B", "earshot-bench-\(dead)-C", "earshot-benchmark-\(dead)-D"]
        for (index, name) in names.enumerated() {
            let folder = parent.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: index == 2 ? -5 : -120)],
                                                  ofItemAtPath: folder.path)
        }
        #expect(Interruption.removeStaleScratch(named: "earshot-bench", in: parent) == ["earshot-bench-\(dead)-A"])
        #expect(try self.names(in: parent) == names.dropFirst().sorted())
    }

    /// A scratch folder is registered as it is made, and forgotten as it is removed.
    @Test func aScratchFolderIsMadeAndRemovedWhole() throws {
        let scratch = try Interruption.scratchFolder(named: "earshot-test-scratch")
        #expect(scratch.lastPathComponent.hasPrefix("earshot-test-scratch-\(getpid())-"))
        try "x".write(to: scratch.appendingPathComponent("inside"), atomically: false, encoding: .utf8)
        Interruption.remove(scratch)
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
    }
}
