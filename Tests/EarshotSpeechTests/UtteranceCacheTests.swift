@testable import EarshotSpeech
import EarshotTestSupport
import Foundation
import Testing

/// The utterance cache's pack files: many entries to a file, readable at
/// once and by later runs, safe against runs that stop midway or run side
/// by side, merged when they pile up.
@Suite("Utterance cache packs")
struct UtteranceCacheTests {
    func key(_ text: String) -> UtteranceCache.Key {
        UtteranceCache.Key(text: text, voice: "en-us", rate: 175, engine: "tone 1")
    }

    /// Odd sample counts and key lengths, so entries start at every alignment.
    let entries: [(text: String, samples: [Int16])] = [
        ("A", [1, 2, 3]), ("Bee", [4, 5]), ("Sea. Heading.", [-6, 7, -8, 9, 10]), ("D", []), ("Éclair ✓", [Int16.min, Int16.max]),
    ]

    /// A link planted as the cache folder (`Audio/.cache -> elsewhere`) is replaced by a real
    /// folder, never written through; packs that are links, FIFOs or devices are passed over, never
    /// read or waited on.
    @Test func aPlantedLinkOrSpecialFileInTheCacheIsNeverFollowed() throws {
        let output = temporaryFolder()
        let outside = temporaryFolder()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let cacheFolder = output.appendingPathComponent(".cache")
        #expect(symlink(outside.path, cacheFolder.path) == 0)
        let cache = UtteranceCache.inside(output)
        let writer = cache.writer()
        try writer.store([1, 2, 3], for: key("A"))
        try writer.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        var info = stat()
        #expect(lstat(cacheFolder.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        // Special files named like packs, and a link to a pack elsewhere: a later cache reads past them.
        #expect(mkfifo(cacheFolder.appendingPathComponent("fifo.pack").path, 0o644) == 0)
        #expect(symlink("/dev/zero", cacheFolder.appendingPathComponent("zero.pack").path) == 0)
        let later = UtteranceCache.inside(output)
        #expect(later.load(key("A")) == [1, 2, 3])
        #expect(later.load(key("B")) == nil)
    }

    @Test func entriesAreFoundAtOnceAndByACacheOpenedLater() throws {
        let folder = temporaryFolder()
        let cache = UtteranceCache(folder: folder)
        let writer = cache.writer()
        for entry in entries { try writer.store(entry.samples, for: key(entry.text)) }
        for entry in entries { #expect(cache.load(key(entry.text)) == entry.samples, "\(entry.text)") }
        try writer.close()
        let later = UtteranceCache(folder: folder)
        for entry in entries {
            #expect(later.contains(key(entry.text)))
            #expect(later.load(key(entry.text)) == entry.samples, "\(entry.text)")
        }
        #expect(!later.contains(key("E")))
        #expect(later.load(key("E")) == nil)
    }

    /// What a run whose files are already written needs: each utterance's length, from the entry's head.
    @Test func sampleCountsComeFromTheHeads() throws {
        let folder = temporaryFolder()
        let writer = UtteranceCache(folder: folder).writer()
        for entry in entries { try writer.store(entry.samples, for: key(entry.text)) }
        try writer.close()
        let later = UtteranceCache(folder: folder)
        #expect(entries.map { later.sampleCount(key($0.text)) } == entries.map { $0.samples.count })
        #expect(later.sampleCount(key("E")) == nil)
    }

    @Test func aWriterMakesOneFileHoweverManyEntriesAndNoneForNone() throws {
        let folder = temporaryFolder()
        let cache = UtteranceCache(folder: folder)
        try cache.writer().close()
        #expect(cache.packs().isEmpty)
        let writer = cache.writer()
        for index in 0..<50 { try writer.store([Int16(index)], for: key("Row \(index)")) }
        try writer.close()
        #expect(cache.packs().count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }

    @Test func aPackCutShortReadsUpToItsLastWholeEntry() throws {
        let folder = temporaryFolder()
        let cache = UtteranceCache(folder: folder)
        let writer = cache.writer()
        try writer.store([1, 2, 3], for: key("Whole"))
        try writer.store([4, 5, 6, 7], for: key("Torn"))
        try writer.close()
        let pack = try #require(cache.packs().first)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: pack)[.size] as? Int)
        #expect(truncate(pack, off_t(size - 3)) == 0)   // as a run stopped in the middle of writing its second entry
        let later = UtteranceCache(folder: folder)
        #expect(later.load(key("Whole")) == [1, 2, 3])
        #expect(!later.contains(key("Torn")))
    }

    @Test func aFileThatIsNotAPackIsIgnored() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("EARSHOT-PCM-1\nsomething else".utf8).write(to: folder.appendingPathComponent("old.pack"))
        let cache = UtteranceCache(folder: folder)
        #expect(!cache.contains(key("A")))
        try cache.store([1], for: key("A"))
        #expect(UtteranceCache(folder: folder).load(key("A")) == [1])
    }

    @Test func writersSideBySideEachKeepTheirOwnPack() async throws {
        let folder = temporaryFolder()
        let first = UtteranceCache(folder: folder).writer(), second = UtteranceCache(folder: folder).writer()
        await withTaskGroup(of: Void.self) { group in
            for (lane, writer) in [first, second].enumerated() {
                group.addTask {
                    for index in 0..<40 { try? writer.store([Int16(lane), Int16(index)], for: self.key("\(lane)-\(index)")) }
                }
            }
        }
        try first.close()
        try second.close()
        let later = UtteranceCache(folder: folder)
        #expect(later.packs().count == 2)
        for lane in 0..<2 {
            for index in 0..<40 { #expect(later.load(key("\(lane)-\(index)")) == [Int16(lane), Int16(index)]) }
        }
    }

    @Test func packsOlderThanAMinuteAreMergedOnceThereAreTooMany() throws {
        let folder = temporaryFolder()
        let cache = UtteranceCache(folder: folder)
        let count = UtteranceCache.compactionThreshold + 2
        for index in 0..<count { try cache.store([Int16(index)], for: key("Entry \(index)")) }
        try cache.store([99], for: key("Entry 0"))   // a second entry with one key: either is the same utterance
        #expect(cache.packs().count == count + 1)

        // Recent packs may still be written by another run: left alone.
        #expect(UtteranceCache(folder: folder).load(key("Entry 1")) == [1])
        #expect(cache.packs().count == count + 1)

        let old = Date(timeIntervalSinceNow: -120)
        for pack in cache.packs() { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: pack) }
        let merging = UtteranceCache(folder: folder)
        for index in 1..<count { #expect(merging.load(key("Entry \(index)")) == [Int16(index)]) }
        #expect(merging.packs().count == 1)
        let later = UtteranceCache(folder: folder)
        for index in 1..<count { #expect(later.load(key("Entry \(index)")) == [Int16(index)]) }
        #expect(later.contains(key("Entry 0")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// Runs that share a cache each merged the same packs into a copy of their own (59 MB became
    /// 243 MB with four runs): the merge is one run's work, under a lock, and the others read on.
    @Test func runsThatShareACacheMergeItsPacksOnce() throws {
        let folder = temporaryFolder()
        let writing = UtteranceCache(folder: folder)
        let count = UtteranceCache.compactionThreshold + 4
        let samples = [Int16](repeating: 7, count: 20_000)
        for index in 0..<count { try writing.store(samples, for: key("Entry \(index)")) }
        let old = Date(timeIntervalSinceNow: -120)
        for pack in writing.packs() { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: pack) }
        let before = try writing.packs().reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as! Int) }
        let served = Served()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let cache = UtteranceCache(folder: folder)
            served.add((0..<count).allSatisfy { cache.load(key("Entry \($0)")) == samples })
        }
        #expect(served.all && served.count == 4)
        let packs = writing.packs()
        let after = try packs.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as! Int) }
        #expect(packs.count == 1, "\(packs.map { ($0 as NSString).lastPathComponent })")
        #expect(after <= before)
        let later = UtteranceCache(folder: folder)
        #expect((0..<count).allSatisfy { later.load(key("Entry \($0)")) == samples })
    }

    /// The packs hold at most the size limit once a cache is opened: those written longest ago go
    /// first, and a pack still being written (in the last minute) stays.
    @Test func theCacheIsBoundedOldestPacksFirst() throws {
        let folder = temporaryFolder()
        let writing = UtteranceCache(folder: folder)
        let samples = [Int16](repeating: 3, count: 5_000)   // about 10 KB a pack
        for (index, age) in [300.0, 200, 100, 0].enumerated() {
            try writing.store(samples, for: key("Pack \(index)"))
            let newest = try #require(writing.packs().max { (try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date ?? .distantPast)! < (try? FileManager.default.attributesOfItem(atPath: $1)[.modificationDate] as? Date ?? .distantPast)! })
            if age > 0 { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: newest) }
        }
        #expect(writing.packs().count == 4)
        let bounded = UtteranceCache(folder: folder, sizeLimit: 25_000)
        #expect(bounded.contains(key("Pack 3")))
        let later = UtteranceCache(folder: folder)
        #expect(!later.contains(key("Pack 0")) && !later.contains(key("Pack 1")))
        #expect(later.contains(key("Pack 2")) && later.contains(key("Pack 3")))
        #expect(writing.packs().count == 2)
    }

    private final class Served: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Bool] = []
        var all: Bool { lock.lock(); defer { lock.unlock() }; return results.allSatisfy { $0 } }
        var count: Int { lock.lock(); defer { lock.unlock() }; return results.count }
        func add(_ result: Bool) { lock.lock(); results.append(result); lock.unlock() }
    }
}

/// The cache never serves audio other than what was stored for the key:
/// entries damaged, cut off or changed on disk, before or after a cache has
/// read their pack, are missing, and are synthesized and stored again. The
/// tests find an entry's bytes by its samples' own bytes, not by the layout.
@Suite("Utterance cache damage")
struct UtteranceCacheDamageTests {
    func key(_ text: String) -> UtteranceCache.Key {
        UtteranceCache.Key(text: text, voice: "en-us", rate: 175, engine: "tone 1")
    }

    /// Samples no other entry of a test has, `count` long.
    func marked(_ mark: Int16, count: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: Int(mark) &* 4099 &+ $0 &* 7 &+ 0x1234) }
    }

    /// One pack holding these entries, in order, and its path.
    func pack(_ entries: [(String, [Int16])], in folder: URL) throws -> String {
        let writer = UtteranceCache(folder: folder).writer()
        for (text, samples) in entries { try writer.store(samples, for: key(text)) }
        try writer.close()
        return try #require(UtteranceCache(folder: folder).packs().first)
    }

    /// Where bytes first occur in a file, if they do.
    func position(of needle: [UInt8], in path: String) -> Int? {
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    func offset(of needle: [UInt8], in path: String) throws -> Int { try #require(position(of: needle, in: path)) }

    func littleEndianBytes(_ samples: [Int16]) -> [UInt8] { samples.flatMap { [UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF)] } }

    /// Overwrites bytes of a file in place (as damage on disk, or another process, would).
    func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: bytes)
    }

    func flipByte(_ path: String, at offset: Int) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try overwrite(path, at: offset, with: [bytes[offset] ^ 0x10])
    }

    @Test func anEntryWithAFlippedByteInItsSamplesIsNotServed() throws {
        let folder = temporaryFolder()
        let before = marked(1, count: 5), damaged = marked(2, count: 40), after = marked(3, count: 7)
        let path = try pack([("Before", before), ("Damaged", damaged), ("After", after)], in: folder)
        try flipByte(path, at: try offset(of: littleEndianBytes(damaged), in: path) + 31)
        let cache = UtteranceCache(folder: folder)
        #expect(!cache.contains(key("Damaged")))
        #expect(cache.load(key("Damaged")) == nil)
        #expect(cache.load(key("Before")) == before)
        #expect(cache.load(key("After")) == after)
    }

    @Test func anEntryDamagedAfterTheCacheReadItsPackIsNotServedAndThenForgotten() throws {
        let folder = temporaryFolder()
        let samples = marked(4, count: 40)
        let path = try pack([("Damaged later", samples)], in: folder)
        let cache = UtteranceCache(folder: folder)
        #expect(cache.contains(key("Damaged later")))
        try flipByte(path, at: try offset(of: littleEndianBytes(samples), in: path) + 2)
        #expect(cache.load(key("Damaged later")) == nil)
        #expect(!cache.contains(key("Damaged later")))
    }

    @Test func aDamagedEntryStoredAgainIsServedFromItsNewPack() throws {
        let folder = temporaryFolder()
        let samples = marked(5, count: 40)
        let path = try pack([("Again", samples)], in: folder)
        try flipByte(path, at: try offset(of: littleEndianBytes(samples), in: path) + 9)
        let cache = UtteranceCache(folder: folder)
        #expect(!cache.contains(key("Again")))   // so the caller synthesizes it again
        try cache.store(samples, for: key("Again"))
        #expect(cache.packs().count == 2)
        let later = UtteranceCache(folder: folder)   // the damaged entry comes first in pack order
        #expect(later.contains(key("Again")))
        #expect(later.load(key("Again")) == samples)
    }

    /// Before, the cache mapped packs into memory and copied what a shortened pack no longer
    /// held as zeros (the end of a page) or died of SIGBUS (pages past the end).
    @Test func aPackCutInsideAnEntryAfterTheCacheReadItServesOnlyTheEntriesBeforeTheCut() throws {
        let folder = temporaryFolder()
        let whole = marked(6, count: 3), cut = marked(7, count: 400), after = marked(8, count: 3)
        let path = try pack([("Whole", whole), ("Cut", cut), ("After", after)], in: folder)
        let cache = UtteranceCache(folder: folder)
        for text in ["Whole", "Cut", "After"] { #expect(cache.contains(key(text))) }
        #expect(truncate(path, off_t(try offset(of: littleEndianBytes(cut), in: path) + 400)) == 0)
        #expect(cache.load(key("Whole")) == whole)
        #expect(cache.load(key("Cut")) == nil)
        #expect(cache.load(key("After")) == nil)
        #expect(!cache.contains(key("Cut")))
        let later = UtteranceCache(folder: folder)
        #expect(later.load(key("Whole")) == whole)
        #expect(!later.contains(key("Cut")))
        #expect(!later.contains(key("After")))
    }

    /// The SIGBUS case: with the pack mapped, this test process died.
    @Test func aPackShortenedByAnotherProcessWhileTheCacheReadsItIsMissingNotACrash() throws {
        let folder = temporaryFolder()
        let first = marked(9, count: 20_000), second = marked(10, count: 20_000)
        let path = try pack([("First", first), ("Second", second)], in: folder)
        let cache = UtteranceCache(folder: folder)
        #expect(cache.contains(key("First")))
        #expect(cache.contains(key("Second")))
        #expect(truncate(path, 4096) == 0)
        #expect(cache.load(key("First")) == nil)
        #expect(cache.load(key("Second")) == nil)
        #expect(!cache.contains(key("First")))
        #expect(!cache.contains(key("Second")))
    }

    @Test func anEntryWhoseKeyWasChangedOnDiskIsServedForNeitherKey() throws {
        let folder = temporaryFolder()
        let samples = marked(11, count: 40)
        let path = try pack([("Yes.", samples)], in: folder)
        let opened = UtteranceCache(folder: folder)
        #expect(opened.contains(key("Yes.")))
        try overwrite(path, at: try offset(of: Array("Yes.".utf8), in: path), with: Array("Yet.".utf8))
        let later = UtteranceCache(folder: folder)
        #expect(!later.contains(key("Yet.")))
        #expect(later.load(key("Yet.")) == nil)
        #expect(later.load(key("Yes.")) == nil)
        #expect(opened.load(key("Yes.")) == nil)   // read before the change: the entry on disk is another key's now
    }

    @Test func packsOfTheFormatWithoutChecksumsAreIgnoredAndRemovedOnceAMinuteOld() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // EARSHOT-PACK-1: lengths, the key padded to 4 bytes, the samples; nothing to check them by.
        let serialized = Array("tone 1\u{1F}en-us\u{1F}175\u{1F}Old".utf8)
        var bytes = Array("EARSHOT-PACK-1\n\0".utf8)
        bytes += [UInt8(serialized.count), 0, 0, 0, 2, 0, 0, 0] + serialized
        while bytes.count % 4 != 0 { bytes.append(0) }
        bytes += [1, 0, 2, 0]
        let old = folder.appendingPathComponent("1-1.1.pack")
        try Data(bytes).write(to: old)
        #expect(!UtteranceCache(folder: folder).contains(key("Old")))
        #expect(FileManager.default.fileExists(atPath: old.path))   // perhaps an older Earshot still writing it
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: old.path)
        #expect(!UtteranceCache(folder: folder).contains(key("Old")))
        #expect(!FileManager.default.fileExists(atPath: old.path))
    }

    /// A lock held for a moment (as a process forked meanwhile holds it until it execs) delays
    /// the merge; it does not skip it.
    @Test func aLockHeldForAMomentDelaysTheMergeButDoesNotSkipIt() throws {
        let folder = temporaryFolder()
        let count = UtteranceCache.compactionThreshold + 2
        for index in 0..<count { try UtteranceCache(folder: folder).store([Int16(index)], for: key("Entry \(index)")) }
        for pack in UtteranceCache(folder: folder).packs() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: pack)
        }
        let held = open(folder.appendingPathComponent("compaction.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        let release = Thread { usleep(30_000); close(held) }
        release.start()
        let merging = UtteranceCache(folder: folder)
        for index in 0..<count { #expect(merging.load(key("Entry \(index)")) == [Int16(index)]) }
        #expect(merging.packs().count == 1)
    }

    @Test func mergingPacksLeavesDamagedEntriesBehind() throws {
        let folder = temporaryFolder()
        let count = UtteranceCache.compactionThreshold + 2
        for index in 0..<count { try UtteranceCache(folder: folder).store(marked(Int16(index), count: 8), for: key("Entry \(index)")) }
        let damagedPack = try #require(UtteranceCache(folder: folder).packs().first {
            position(of: littleEndianBytes(marked(3, count: 8)), in: $0) != nil
        })
        try flipByte(damagedPack, at: try offset(of: littleEndianBytes(marked(3, count: 8)), in: damagedPack) + 4)
        for pack in UtteranceCache(folder: folder).packs() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: pack)
        }
        let merging = UtteranceCache(folder: folder)
        #expect(!merging.contains(key("Entry 3")))
        #expect(merging.packs().count == 1)
        let later = UtteranceCache(folder: folder)
        #expect(!later.contains(key("Entry 3")))
        for index in 0..<count where index != 3 { #expect(later.load(key("Entry \(index)")) == marked(Int16(index), count: 8)) }
    }
}

