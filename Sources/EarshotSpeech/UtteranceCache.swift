import EarshotCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stores each utterance's PCM once, keyed by text, voice, rate and engine
/// version, on disk under the output folder (`Audio/.cache/`), so that runs
/// and scenarios reuse what was already synthesized.
///
/// Entries live in pack files (`*.pack`), many to a file: on common file
/// systems creating a file costs far more than writing its bytes (about a
/// millisecond against 40 µs for 80 KB on the ext4 of our CI machines), so
/// whoever synthesizes appends what it makes to one pack of its own
/// (``writer()``): a spoken suite writes one file for its whole cache, not
/// one per utterance. Each entry repeats its full key and its length, so a
/// pack cut short by a run that stopped reads up to its last whole entry;
/// concurrent runs never share a pack. The packs are mapped into memory the
/// first time the cache is asked; when there are more than
/// ``compactionThreshold`` of them they are merged into one.
///
/// ```swift
/// let cache = UtteranceCache.inside(URL(fileURLWithPath: "Audio"))
/// let key = UtteranceCache.Key(text: "Cancel. Button.", voice: "en-us", rate: 175, engine: "espeak-ng 1.51")
/// if cache.load(key) == nil {
///     let writer = cache.writer()
///     try writer.store(samples, for: key)
///     try writer.close()
/// }
/// ```
public struct UtteranceCache: Sendable {
    public let folder: URL
    private let index: Index

    public init(folder: URL) {
        self.folder = folder
        self.index = Index(folder: folder.path.hasSuffix("/") ? folder.path : folder.path + "/")
    }

    /// The cache folder inside an output folder.
    public static func inside(_ outputFolder: URL) -> UtteranceCache {
        UtteranceCache(folder: outputFolder.appendingPathComponent(".cache", isDirectory: true))
    }

    /// More packs than this are merged into one when the cache is next opened.
    public static let compactionThreshold = 16

    public struct Key: Hashable, Sendable {
        public var text: String
        public var voice: String
        public var rate: Int
        public var engine: String

        public init(text: String, voice: String, rate: Int, engine: String) {
            self.text = text
            self.voice = voice
            self.rate = rate
            self.engine = engine
        }

        var serialized: String { [engine, voice, String(rate), text].joined(separator: "\u{1F}") }
    }

    /// Whether an entry for the key is stored.
    public func contains(_ key: Key) -> Bool {
        index.location(of: key.serialized) != nil
    }

    public func load(_ key: Key) -> [Int16]? {
        index.location(of: key.serialized).flatMap(index.samples)
    }

    /// Stores one entry in a pack of its own. To store many, use one ``writer()``.
    public func store(_ samples: [Int16], for key: Key) throws {
        let writer = writer()
        try writer.store(samples, for: key)
        try writer.close()
    }

    /// A new pack, created with the first entry stored in it.
    public func writer() -> Writer { Writer(index: index) }

    /// The pack files now in the folder, by path.
    public func packs() -> [String] { Index.packs(in: index.folder) }

    /// Appends entries to one pack of its own, as they come. Entries stored
    /// are found by this cache at once, and by caches opened later.
    public final class Writer: @unchecked Sendable {
        private let index: Index
        private let lock = NSLock()
        private var descriptor: Int32 = -1
        private var path = ""
        private var size = 0

        fileprivate init(index: Index) { self.index = index }

        deinit { try? close() }

        public func store(_ samples: [Int16], for key: Key) throws {
            lock.lock()
            defer { lock.unlock() }
            if descriptor < 0 { try create() }
            let serialized = key.serialized
            let head = Pack.entryHead(key: serialized, sampleCount: samples.count)
            do {
                try head.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: path) }
                try PCM.withLittleEndianBytes(samples) { try AtomicFile.writeAll($0, to: descriptor, path: path) }
            } catch {
                // A torn entry ends what readers take from this pack: the next store starts another.
                closeDescriptor(descriptor)
                descriptor = -1
                throw error
            }
            index.add(serialized, Location(source: .file(path), offset: size + head.count, count: samples.count))
            size += head.count + samples.count * 2
        }

        /// Closes the pack (entries stored stay readable).
        public func close() throws {
            lock.lock()
            defer { lock.unlock() }
            guard descriptor >= 0 else { return }
            let status = closeDescriptor(descriptor)
            descriptor = -1
            if status != 0 { throw AtomicFile.failure(path, errno) }
        }

        private func create() throws {
            path = index.folder + Pack.newName()
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == ENOENT {
                try FileManager.default.createDirectory(atPath: index.folder, withIntermediateDirectories: true)
                descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
            }
            guard descriptor >= 0 else { throw AtomicFile.failure(path, errno) }
            do {
                try Pack.magic.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: path) }
            } catch {
                closeDescriptor(descriptor)
                descriptor = -1
                throw error
            }
            size = Pack.magic.count
        }
    }

    /// Where an entry's samples are: in a mapped pack, or in a pack this process is writing.
    struct Location {
        enum Source {
            case mapped(Mapping)
            case file(String)
        }
        var source: Source
        /// Bytes from the start of the pack to the first sample.
        var offset: Int
        var count: Int
    }

    /// A pack mapped read-only; unmapped when the last entry pointing into it is gone.
    final class Mapping: @unchecked Sendable {
        let path: String
        let bytes: UnsafeRawBufferPointer

        init?(path: String) {
            self.path = path
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { closeDescriptor(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
            let length = Int(info.st_size)
            guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
                return nil
            }
            bytes = UnsafeRawBufferPointer(start: base, count: length)
        }

        deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
    }

    /// The entries of every pack in the folder, read once (the first time
    /// the cache is asked), and those stored since through this cache.
    final class Index: @unchecked Sendable {
        let folder: String
        private let lock = NSLock()
        private var entries: [String: Location]?

        init(folder: String) { self.folder = folder }

        func location(of key: String) -> Location? {
            lock.lock()
            defer { lock.unlock() }
            if entries == nil { entries = Self.read(folder) }
            return entries?[key]
        }

        func add(_ key: String, _ location: Location) {
            lock.lock()
            defer { lock.unlock() }
            if entries == nil { entries = Self.read(folder) }
            entries?[key] = location
        }

        func samples(at location: Location) -> [Int16]? {
            switch location.source {
            case .mapped(let mapping):
                return PCM.samples(UnsafeRawBufferPointer(rebasing: mapping.bytes[location.offset..<location.offset + location.count * 2]))
            case .file(let path):
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return nil }
                defer { closeDescriptor(descriptor) }
                var samples = [Int16](repeating: 0, count: location.count)
                let read = samples.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(location.offset)) }
                guard read == location.count * 2 else { return nil }
                #if !_endian(little)
                for index in samples.indices { samples[index] = Int16(littleEndian: samples[index]) }
                #endif
                return samples
            }
        }

        static func packs(in folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".pack") && !$0.hasPrefix(".") }.sorted().map { folder + $0 }
        }

        /// Every whole entry of every pack (the first of two with one key); packs merged when too many.
        private static func read(_ folder: String) -> [String: Location] {
            let paths = packs(in: folder)
            var entries: [String: Location] = [:]
            for path in paths {
                guard let mapping = Mapping(path: path) else { continue }
                Pack.forEachEntry(in: mapping.bytes) { key, offset, count in
                    if entries[key] == nil { entries[key] = Location(source: .mapped(mapping), offset: offset, count: count) }
                }
            }
            // Packs written in the last minute are left out: another run may still be appending to one.
            guard paths.count > UtteranceCache.compactionThreshold else { return entries }
            let settled = paths.filter { path in
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                return modified.map { $0.timeIntervalSinceNow < -60 } ?? false
            }
            if settled.count > UtteranceCache.compactionThreshold { compact(settled, entries, in: folder) }
            return entries
        }

        /// Writes every entry into one new pack (put in place by a rename, so it is whole when
        /// seen), then removes the packs it replaces; the mappings stay valid after removal.
        private static func compact(_ paths: [String], _ entries: [String: Location], in folder: String) {
            let target = folder + Pack.newName(prefix: "merged-")
            do {
                try AtomicFile.write(to: URL(fileURLWithPath: target)) { append in
                    try Pack.magic.withUnsafeBytes { try append($0) }
                    let merged = Set(paths)
                    for key in entries.keys.sorted() {
                        let location = entries[key]!
                        guard case .mapped(let mapping) = location.source, merged.contains(mapping.path) else { continue }
                        let head = Pack.entryHead(key: key, sampleCount: location.count)
                        try head.withUnsafeBytes { try append($0) }
                        try append(UnsafeRawBufferPointer(rebasing: mapping.bytes[location.offset..<location.offset + location.count * 2]))
                    }
                }
            } catch {
                return   // the packs stay as they were; the next open tries again
            }
            for path in paths { unlink(path) }
        }
    }

    /// The pack format: `EARSHOT-PACK-1\n\0`, then entries, each a little-endian
    /// UInt32 key length and UInt32 sample count, the key (engine, voice, rate,
    /// text, joined by U+001F) in UTF-8, zeros to make the entry's head so far a
    /// multiple of 4 bytes long, and the samples (16-bit little-endian).
    enum Pack {
        static let magic = Array("EARSHOT-PACK-1\n\0".utf8)

        /// A name no other pack has: the time in microseconds, this process and a counter.
        static func newName(prefix: String = "") -> String {
            prefix + String(UInt64(Date().timeIntervalSince1970 * 1e6), radix: 16) + "-" + AtomicFile.uniqueSuffix() + ".pack"
        }

        static func entryHead(key: String, sampleCount: Int) -> [UInt8] {
            let keyBytes = Array(key.utf8)
            var head: [UInt8] = []
            head.reserveCapacity(8 + keyBytes.count + 3)
            withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { head.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(sampleCount).littleEndian) { head.append(contentsOf: $0) }
            head.append(contentsOf: keyBytes)
            while head.count % 4 != 0 { head.append(0) }
            return head
        }

        /// Calls `body` with each whole entry's key, the offset of its samples and their count;
        /// stops at the first entry that does not fit (a pack cut short), or a pack with another header.
        static func forEachEntry(in bytes: UnsafeRawBufferPointer, _ body: (String, Int, Int) -> Void) {
            guard bytes.count >= magic.count, bytes[0..<magic.count].elementsEqual(magic) else { return }
            var offset = magic.count
            func word(_ at: Int) -> Int {
                Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
            }
            while offset + 8 <= bytes.count {
                let keyLength = word(offset), count = word(offset + 4)
                let keyStart = offset + 8
                let samplesStart = offset + ((8 + keyLength + 3) & ~3)
                let end = samplesStart + count * 2
                guard end <= bytes.count else { return }
                let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[keyStart..<keyStart + keyLength]), as: UTF8.self)
                body(key, samplesStart, count)
                offset = end
            }
        }
    }
}

/// close(2), out of the way of ``UtteranceCache/Writer/close()``.
@discardableResult
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}
