@testable import EarshotSpeech
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
}
