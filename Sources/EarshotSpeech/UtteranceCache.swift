import EarshotCore
import EarshotFiles
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
/// systems creating a file costs far more than writing its bytes (measured in
/// docs/decisions.md, "The cache is pack files"), so whoever synthesizes appends what it makes to one pack of its own
/// (``writer()``): a spoken suite writes one file for its whole cache, not
/// one per utterance; concurrent runs never share a pack. When there are
/// more than ``compactionThreshold`` packs they are merged into one.
///
/// The cache never serves audio other than what was stored for the key.
/// Each entry repeats its full key and its length, with a checksum of
/// those and one of its samples. The first time the cache is asked it reads
/// the head of every entry and keeps those whose head checksum holds (a
/// pack cut short by a run that stopped reads up to its last whole entry);
/// the samples of an entry are read and checked when ``contains(_:)`` first
/// asks for its key, and again by every ``load(_:)``. An entry damaged, or
/// cut off by another process, is then forgotten: ``contains(_:)`` is false,
/// ``load(_:)`` nil, and the caller synthesizes it again. So opening a cache
/// costs a small read per entry, and checking costs what a run uses, not
/// what the cache holds.
/// Packs are read with pread(2), never mapped into memory: reading a mapped
/// pack that another process has shortened kills the reader (SIGBUS).
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

    /// A cache in `folder` whose packs hold at most `sizeLimit` bytes once it is opened.
    public init(folder: URL, sizeLimit: Int = UtteranceCache.defaultSizeLimit) {
        self.folder = folder
        // A link planted where the cache goes is removed before anything is read through it; the
        // folder is made with the first pack (``OwnedFolder``).
        OwnedFolder.removeLink(folder.path)
        self.index = Index(folder: folder.path.hasSuffix("/") ? folder.path : folder.path + "/", sizeLimit: sizeLimit)
    }

    /// The cache folder inside an output folder.
    public static func inside(_ outputFolder: URL) -> UtteranceCache {
        UtteranceCache(folder: outputFolder.appendingPathComponent(".cache", isDirectory: true))
    }

    /// More packs than this are merged into one when the cache is next opened.
    public static let compactionThreshold = 16

    /// The most bytes the packs may hold: past it, as a cache is opened, the packs last written
    /// longest ago are removed (their utterances are synthesized again when next needed). 1 GB, or
    /// `EARSHOT_CACHE_MAX_MB` megabytes; the bundled suite's cache is about 22 MB.
    public static let defaultSizeLimit: Int = {
        if let text = ProcessInfo.processInfo.environment["EARSHOT_CACHE_MAX_MB"], let megabytes = Int(text), megabytes >= 0 {
            return megabytes << 20
        }
        return 1 << 30
    }()

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

    /// Whether a whole, undamaged entry for the key is stored (its samples are read and checked
    /// the first time a key is asked).
    public func contains(_ key: Key) -> Bool {
        let serialized = key.serialized
        while let location = index.location(of: serialized) {
            if location.checked { return true }
            if location.pack.samples(at: location.offset, key: Array(serialized.utf8), count: location.count) != nil {
                index.markChecked(serialized, location)
                return true
            }
            index.forget(serialized, location)
        }
        return false
    }

    /// How many samples the key's entry holds, from its head (whose checksum was checked when
    /// the pack was read), without reading the samples: what laying out audio that is already
    /// written needs. nil when there is no entry.
    public func sampleCount(_ key: Key) -> Int? {
        index.location(of: key.serialized)?.count
    }

    /// The key's samples, read from its pack and checked against the entry's checksums; nil when
    /// there is no entry, or it is damaged or cut off (it is then forgotten).
    public func load(_ key: Key) -> [Int16]? {
        let serialized = key.serialized
        let keyBytes = Array(serialized.utf8)
        while let location = index.location(of: serialized) {
            if let samples = location.pack.samples(at: location.offset, key: keyBytes, count: location.count) { return samples }
            index.forget(serialized, location)
        }
        return nil
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
        /// The same pack open for reading, for this cache's index.
        private var reader: PackFile?
        private var path = ""
        private var size = 0

        fileprivate init(index: Index) { self.index = index }

        deinit { try? close() }

        public func store(_ samples: [Int16], for key: Key) throws {
            lock.lock()
            defer { lock.unlock() }
            if descriptor < 0 { try create() }
            guard samples.count <= Int(UInt32.max) else { throw AtomicFile.failure(path, EFBIG) }
            let serialized = key.serialized
            try PCM.withLittleEndianBytes(samples) { body in
                let head = Pack.entryHead(key: Array(serialized.utf8), samples: body)
                do {
                    try head.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: path) }
                    try AtomicFile.writeAll(body, to: descriptor, path: path)
                } catch {
                    // A torn entry ends what readers take from this pack: the next store starts another.
                    closeDescriptor(descriptor)
                    descriptor = -1
                    throw error
                }
                if let reader { index.add(serialized, Location(pack: reader, offset: size, count: samples.count, checked: true)) }
                size += head.count + body.count
            }
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
            // A real folder: a link planted as `.cache` is replaced, never written through.
            try OwnedFolder.prepare(String(index.folder.dropLast()))
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw AtomicFile.failure(path, errno) }
            do {
                try Pack.magic.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: path) }
            } catch {
                closeDescriptor(descriptor)
                descriptor = -1
                throw error
            }
            size = Pack.magic.count
            reader = PackFile(path: path)
        }
    }

    /// Where an entry is: its pack and the offset of its head.
    struct Location {
        var pack: PackFile
        var offset: Int
        var count: Int
        /// Whether its samples were found sound since the cache was opened.
        var checked = false
    }

    /// A pack open for reading. The open descriptor keeps it readable after
    /// another run's compaction removes it; reads past its end (another
    /// process shortened it) come back short, and the entry is missing.
    final class PackFile: @unchecked Sendable {
        let path: String
        private let descriptor: Int32

        init?(path: String) {
            self.path = path
            // Packs are files Earshot wrote: a link, FIFO or device named *.pack is passed over, never read or waited on.
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                _ = closeDescriptor(descriptor)
                return nil
            }
        }

        deinit { closeDescriptor(descriptor) }

        var size: Int {
            var info = stat()
            return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        }

        /// Fills `buffer` from `offset` on; false when the file ends first or cannot be read.
        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
            var done = 0
            while done < buffer.count {
                let read = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return false }
                done += read
            }
            return true
        }

        /// The samples of the entry at `offset` when it is whole, for this key, and its checksum holds.
        func samples(at offset: Int, key: [UInt8], count: Int) -> [Int16]? {
            let headLength = Pack.headLength(keyLength: key.count)
            var head = [UInt8](repeating: 0, count: headLength)
            var whole = false
            // Not zeroed first: read(into:) fills every byte, or the entry is not used.
            var samples = [Int16](unsafeUninitializedCapacity: count) { buffer, initialized in
                whole = read(into: UnsafeMutableRawBufferPointer(buffer), at: offset + headLength)
                initialized = whole ? count : 0
            }
            guard whole, head.withUnsafeMutableBytes({ read(into: $0, at: offset) }),
                  let parsed = head.withUnsafeBytes({ Pack.Head($0) }),
                  parsed.keyLength == key.count, parsed.count == count,
                  head[Pack.headSize..<Pack.headSize + key.count].elementsEqual(key),
                  Pack.keySum(key: key, count: count) == parsed.keySum,
                  samples.withUnsafeBytes({ Checksum.of($0, seed: parsed.keySum) }) == parsed.sum
            else { return nil }
            #if !_endian(little)
            for index in samples.indices { samples[index] = Int16(littleEndian: samples[index]) }
            #endif
            return samples
        }

        /// Calls `body` with the key, head offset and sample count of each entry whose head
        /// checksum holds, reading heads only; stops at the first entry that does not fit (a pack
        /// cut short) or whose head is damaged (where the next one starts is then unknown).
        func forEachEntry(_ body: (String, Int, Int) -> Void) {
            let size = self.size
            // Most heads, keys included, are under 512 bytes: one read each.
            var buffer = [UInt8](repeating: 0, count: 512)
            guard size >= Pack.magic.count,
                  buffer.withUnsafeMutableBytes({ read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<Pack.magic.count]), at: 0) }),
                  buffer[0..<Pack.magic.count].elementsEqual(Pack.magic)
            else { return }
            var offset = Pack.magic.count
            while offset + Pack.headSize <= size {
                let available = min(buffer.count, size - offset)
                guard buffer.withUnsafeMutableBytes({ read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<available]), at: offset) }),
                      let head = buffer.withUnsafeBytes({ Pack.Head($0) }),
                      offset + head.length <= size
                else { return }
                let headLength = Pack.headLength(keyLength: head.keyLength)
                if headLength > available {
                    buffer = [UInt8](repeating: 0, count: headLength)
                    guard buffer.withUnsafeMutableBytes({ read(into: $0, at: offset) }) else { return }
                }
                let key = Array(buffer[Pack.headSize..<Pack.headSize + head.keyLength])
                guard Pack.keySum(key: key, count: head.count) == head.keySum else { return }
                body(String(decoding: key, as: UTF8.self), offset, head.count)
                offset += head.length
            }
        }

        /// Whether the file starts with the magic of the pack format before this one.
        var isOldPack: Bool {
            var start = [UInt8](repeating: 0, count: Pack.oldMagic.count)
            return start.withUnsafeMutableBytes { read(into: $0, at: 0) } && start == Pack.oldMagic
        }
    }

    /// The entries of every pack in the folder, read once (the first time
    /// the cache is asked), and those stored since through this cache.
    final class Index: @unchecked Sendable {
        let folder: String
        let sizeLimit: Int
        private let lock = NSLock()
        private var entries: Entries?

        /// Where each key's samples are: the first entry with the key in pack order, and any
        /// others (another run stored it too, or stored it again after finding it damaged),
        /// next in line when the first is found damaged.
        struct Entries {
            var first: [String: Location] = [:]
            var others: [String: [Location]] = [:]

            mutating func append(_ key: String, _ location: Location) {
                if first[key] == nil { first[key] = location } else { others[key, default: []].append(location) }
            }

            /// Every entry with the key, first to last.
            func all(_ key: String) -> [Location] { (first[key].map { [$0] } ?? []) + (others[key] ?? []) }

            /// Another index's entries after these.
            mutating func append(contentsOf other: Entries) {
                for (key, location) in other.first { append(key, location) }
                for (key, locations) in other.others { for location in locations { append(key, location) } }
            }
        }

        init(folder: String, sizeLimit: Int) {
            self.folder = folder
            self.sizeLimit = sizeLimit
        }

        func location(of key: String) -> Location? {
            lock.lock()
            defer { lock.unlock() }
            if entries == nil { entries = Self.read(folder, sizeLimit: sizeLimit) }
            return entries?.first[key]
        }

        /// An entry just written (its samples known sound): first in line for its key.
        func add(_ key: String, _ location: Location) {
            lock.lock()
            defer { lock.unlock() }
            if entries == nil { entries = Self.read(folder, sizeLimit: sizeLimit) }
            entries?.first[key] = location
        }

        /// Notes that an entry's samples were found sound (unless another has replaced it meanwhile).
        func markChecked(_ key: String, _ location: Location) {
            lock.lock()
            defer { lock.unlock() }
            if let current = entries?.first[key], current.pack === location.pack, current.offset == location.offset {
                entries?.first[key]?.checked = true
            }
        }

        /// Drops an entry found damaged (unless another has replaced it meanwhile); the next with its key takes its place.
        func forget(_ key: String, _ location: Location) {
            lock.lock()
            defer { lock.unlock() }
            guard let current = entries?.first[key], current.pack === location.pack, current.offset == location.offset else { return }
            var others = entries?.others[key] ?? []
            entries?.first[key] = others.isEmpty ? nil : others.removeFirst()
            entries?.others[key] = others.isEmpty ? nil : others
        }

        static func packs(in folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".pack") && !$0.hasPrefix(".") }.sorted().map { folder + $0 }
        }

        /// Packs written in the last minute are left alone: another run may still be appending to one.
        private static func isSettled(_ path: String) -> Bool {
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            return modified.map { $0.timeIntervalSinceNow < -60 } ?? false
        }

        /// Every entry of every pack whose head is sound; packs merged when too many, and the
        /// oldest removed past the size limit. Packs of the format before checksums are never
        /// read, and removed once settled.
        private static func read(_ folder: String, sizeLimit: Int) -> Entries {
            var listed = packs(in: folder)
            var entries = entries(of: listed, removingOld: true)
            // A pack that went between listing and reading was merged by another run, which puts
            // the merged pack in place before it removes those it replaces: read what came.
            if listed.contains(where: { access($0, F_OK) != 0 }) {
                let again = packs(in: folder).filter { !listed.contains($0) }
                entries.append(contentsOf: Self.entries(of: again, removingOld: false))
                listed += again
            }
            let size = listed.reduce(0) { $0 + fileSize($1) }
            guard listed.count > UtteranceCache.compactionThreshold || size > sizeLimit else { return entries }
            // Shared work: runs that share a cache each merged the same packs into a copy of their
            // own (59 MB became 243 MB with four). One merges, under a lock, what the folder holds
            // then (another may have merged meanwhile); the others go on without waiting. What this
            // run read stays readable through its open packs.
            withExclusiveLock(folder + "compaction.lock") {
                let settled = packs(in: folder).filter(isSettled)
                if settled.count > UtteranceCache.compactionThreshold {
                    compact(settled, Self.entries(of: settled, removingOld: false), in: folder)
                }
                bound(folder, to: sizeLimit)
            }
            return entries
        }

        /// The entries of these packs, in order; packs of the old format are passed over (and,
        /// settled, removed when `removingOld`).
        private static func entries(of paths: [String], removingOld: Bool) -> Entries {
            var entries = Entries()
            for path in paths {
                guard let pack = PackFile(path: path) else { continue }
                if pack.isOldPack {
                    if removingOld, isSettled(path) { unlink(path) }
                    continue
                }
                pack.forEachEntry { key, offset, count in entries.append(key, Location(pack: pack, offset: offset, count: count)) }
            }
            return entries
        }

        private static func fileSize(_ path: String) -> Int {
            var info = stat()
            return lstat(path, &info) == 0 ? Int(info.st_size) : 0
        }

        /// Removes settled packs, those written longest ago first, until the packs hold at most
        /// `limit` bytes (or only unsettled ones, still being written, are left).
        private static func bound(_ folder: String, to limit: Int) {
            let paths = packs(in: folder)
            var size = paths.reduce(0) { $0 + fileSize($1) }
            guard size > limit else { return }
            let oldest = paths.filter(isSettled).map { path -> (String, Date) in
                (path, (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date ?? .distantPast)
            }.sorted { $0.1 < $1.1 }
            for (path, _) in oldest where size > limit {
                let bytes = fileSize(path)
                if unlink(path) == 0 { size -= bytes }
            }
        }

        /// Runs `body` holding an exclusive lock on a file (flock(2)), or not at all when another
        /// process holds it. A process this one forks holds the lock too, through the descriptor it
        /// inherits, until it execs (close-on-exec closes it only then): a merge that met such a
        /// child was skipped whenever another thread spawned a speech worker at that moment, so a
        /// lock that is busy is tried again for up to a tenth of a second before giving up, which
        /// still leaves a real merge by another run (seconds long) to that run.
        private static func withExclusiveLock(_ path: String, _ body: () -> Void) {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { return }
            defer { closeDescriptor(descriptor) }
            var tries = 0
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                tries += 1
                guard errno == EWOULDBLOCK || errno == EINTR, tries < 20 else { return }
                usleep(5_000)
            }
            body()
        }

        /// Writes the entries of those packs into one new pack, each key once, reading and checking
        /// each entry again (a damaged one gives way to the next with its key), then removes the
        /// packs it replaces (the new pack is put in place by a rename, so it is whole when seen;
        /// this index reads on through its open descriptors).
        private static func compact(_ paths: [String], _ entries: Entries, in folder: String) {
            let target = folder + Pack.newName(prefix: "merged-")
            do {
                try AtomicFile.write(to: URL(fileURLWithPath: target)) { append in
                    try Pack.magic.withUnsafeBytes { try append($0) }
                    let merged = Set(paths)
                    for key in entries.first.keys.sorted() {
                        let keyBytes = Array(key.utf8)
                        // The first sound entry, unless it is in a pack that stays.
                        for location in entries.all(key) {
                            guard merged.contains(location.pack.path) else { break }
                            guard let samples = location.pack.samples(at: location.offset, key: keyBytes, count: location.count)
                            else { continue }
                            try PCM.withLittleEndianBytes(samples) { body in
                                try Pack.entryHead(key: keyBytes, samples: body).withUnsafeBytes { try append($0) }
                                try append(body)
                            }
                            break
                        }
                    }
                }
            } catch {
                return   // the packs stay as they were; the next open tries again
            }
            for path in paths { unlink(path) }
        }
    }

    /// The pack format: `EARSHOT-PACK-2\n\0`, then entries, each
    ///
    /// - a little-endian UInt32 key length and UInt32 sample count, and two
    ///   little-endian UInt64 checksums (``Checksum``): the key sum, of the
    ///   key with the two lengths as seed, and the sample sum, of the
    ///   samples' bytes with the key sum as seed (so samples never pass for
    ///   another key's);
    /// - the key (engine, voice, rate, text, joined by U+001F) in UTF-8, then
    ///   zeros to make the head a multiple of 8 bytes long;
    /// - the samples (16-bit little-endian).
    ///
    /// Packs of the format before (`EARSHOT-PACK-1\n\0`, no checksums) are
    /// not read, and removed once a minute old.
    enum Pack {
        static let magic = Array("EARSHOT-PACK-2\n\0".utf8)
        static let oldMagic = Array("EARSHOT-PACK-1\n\0".utf8)
        /// The fixed part of an entry's head: the two lengths and the two checksums.
        static let headSize = 24
        /// A longer key length is damage, not a key: the pack is read no further.
        static let maximumKeyLength = 1 << 20

        /// A name no other pack has: the time in microseconds, this process and a counter.
        static func newName(prefix: String = "") -> String {
            prefix + String(UInt64(Date().timeIntervalSince1970 * 1e6), radix: 16) + "-" + AtomicFile.uniqueSuffix() + ".pack"
        }

        static func headLength(keyLength: Int) -> Int { (headSize + keyLength + 7) & ~7 }

        static func keySum(key: [UInt8], count: Int) -> UInt64 {
            key.withUnsafeBytes { Checksum.of($0, seed: UInt64(key.count) | UInt64(count) << 32) }
        }

        /// The head of an entry (`samples`: its samples' little-endian bytes).
        static func entryHead(key: [UInt8], samples: UnsafeRawBufferPointer) -> [UInt8] {
            let keySum = keySum(key: key, count: samples.count / 2)
            var head: [UInt8] = []
            head.reserveCapacity(headLength(keyLength: key.count))
            withUnsafeBytes(of: UInt32(key.count).littleEndian) { head.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(samples.count / 2).littleEndian) { head.append(contentsOf: $0) }
            withUnsafeBytes(of: keySum.littleEndian) { head.append(contentsOf: $0) }
            withUnsafeBytes(of: Checksum.of(samples, seed: keySum).littleEndian) { head.append(contentsOf: $0) }
            head.append(contentsOf: key)
            while head.count % 8 != 0 { head.append(0) }
            return head
        }

        /// The fixed part of an entry's head, as read.
        struct Head {
            var keyLength: Int
            var count: Int
            var keySum: UInt64
            var sum: UInt64
            /// The whole entry's length in bytes.
            var length: Int { Pack.headLength(keyLength: keyLength) + count * 2 }

            /// Nil for a key length past ``maximumKeyLength``.
            init?(_ bytes: UnsafeRawBufferPointer) {
                guard bytes.count >= Pack.headSize else { return nil }
                keyLength = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
                count = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
                keySum = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                sum = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
                guard keyLength <= Pack.maximumKeyLength else { return nil }
            }
        }
    }

    /// A 64-bit checksum, fast enough not to show beside reading the bytes
    /// (ten times FNV-1a a byte at a time; docs/decisions.md). Words of 8 bytes go round-robin into four lanes,
    /// each step `(lane ^ word) * K` rotated left by 31 bits (K the 64-bit
    /// golden ratio, as in Fibonacci hashing); the lanes, then the last words
    /// and bytes, then the length are folded into one state the same way, and
    /// MurmurHash3's `fmix64` finishes it. A step is a bijection of the state
    /// for a given word and of the word for a given state, so for one seed,
    /// damage within any one word always changes the checksum; other damage
    /// goes unseen about once in 2⁶⁴.
    enum Checksum {
        private static let k: UInt64 = 0x9E37_79B9_7F4A_7C15

        @inline(__always)
        private static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let product = (state ^ word) &* k
            return product << 31 | product >> 33
        }

        static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
            let count = bytes.count
            var a = seed, b = seed ^ 0x5555_5555_5555_5555, c = seed ^ 0xAAAA_AAAA_AAAA_AAAA, d = ~seed
            var offset = 0
            @inline(__always) func word(_ at: Int) -> UInt64 {
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
            while offset + 32 <= count {
                a = step(a, word(offset))
                b = step(b, word(offset + 8))
                c = step(c, word(offset + 16))
                d = step(d, word(offset + 24))
                offset += 32
            }
            var state = step(step(step(step(seed, a), b), c), d)
            while offset + 8 <= count {
                state = step(state, word(offset))
                offset += 8
            }
            while offset < count {
                state = step(state, UInt64(bytes[offset]))
                offset += 1
            }
            state = step(state, UInt64(count))
            state ^= state >> 33
            state &*= 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 33
            state &*= 0xC4CE_B9FE_1A85_EC53
            return state ^ state >> 33
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
