import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// WAVE files of 16-bit mono PCM: RIFF, or RF64 past the 4 GiB a RIFF holds.
///
/// ```swift
/// let data = try WAVFile.encode(samples, sampleRate: 22050)
/// try WAVFile.write(samples, sampleRate: 22050, to: url)   // temporary name, then renamed
/// ```
///
/// A RIFF's sizes are 32 bits, so audio of more than ``maximumRIFFSamples``
/// (27 hours at 22,050 Hz) is written as RF64 (EBU Tech 3306, "MBWF / RF64:
/// An extended File Format for Audio"; ITU-R BS.2088 continues it as BW64):
/// `RF64` for `RIFF` with its size 0xFFFFFFFF, then `WAVE` and a `ds64`
/// chunk holding the 64-bit RIFF size, data size and sample count (and an
/// empty table of other chunks' sizes), the same `fmt ` chunk, and a `data`
/// chunk whose size is 0xFFFFFFFF (the size is the one in `ds64`). This is
/// what libsndfile writes for RF64 too (`src/rf64.c`, with the extensible
/// `fmt `). Shorter audio is written as plain RIFF, as every reader knows it.
public enum WAVFile {
    /// The most samples a plain RIFF file holds: its size counts the 36 bytes of header after
    /// it and the samples' bytes, in 32 bits. Longer audio is written as RF64.
    public static let maximumRIFFSamples = (Int(UInt32.max) - 36) / 2

    /// A sample rate the header cannot hold: its byte rate (twice the sample rate) is 32 bits.
    public struct UnsupportedSampleRate: Error, CustomStringConvertible {
        public var sampleRate: Int
        public var description: String {
            "a WAV file cannot hold audio at \(sampleRate) Hz (expected 1 to \(WAVFile.maximumSampleRate) Hz)"
        }
    }

    static let maximumSampleRate = Int(UInt32.max / 2)

    /// The header and the samples, little-endian.
    public static func encode(_ samples: [Int16], sampleRate: Int) throws -> Data {
        var data = try header(sampleCount: samples.count, sampleRate: sampleRate)
        PCM.append(samples, to: &data)
        return data
    }

    /// The header for that many samples: RIFF (44 bytes) up to ``maximumRIFFSamples``, RF64 (80 bytes) past it.
    static func header(sampleCount: Int, sampleRate: Int) throws -> Data {
        sampleCount <= maximumRIFFSamples
            ? try riffHeader(sampleCount: sampleCount, sampleRate: sampleRate)
            : try rf64Header(sampleCount: sampleCount, sampleRate: sampleRate)
    }

    static func riffHeader(sampleCount: Int, sampleRate: Int) throws -> Data {
        var header = Header()
        header.tag("RIFF")
        header.append32(UInt32(36 + sampleCount * 2))
        header.tag("WAVE")
        try header.format(sampleRate: sampleRate)
        header.tag("data")
        header.append32(UInt32(sampleCount * 2))
        return header.data
    }

    static func rf64Header(sampleCount: Int, sampleRate: Int) throws -> Data {
        let dataBytes = UInt64(sampleCount) * 2
        var header = Header()
        header.tag("RF64")
        header.append32(UInt32.max)          // the RIFF size is in ds64
        header.tag("WAVE")
        header.tag("ds64")
        header.append32(28)                  // ds64 chunk size: three 64-bit sizes and the table length
        header.append64(72 + dataBytes)      // RIFF size: the file's, less 8 (80 bytes of header)
        header.append64(dataBytes)           // data chunk size
        header.append64(UInt64(sampleCount)) // sample count (mono: samples are frames)
        header.append32(0)                   // no table of other chunks' sizes
        try header.format(sampleRate: sampleRate)
        header.tag("data")
        header.append32(UInt32.max)          // the data size is in ds64
        return header.data
    }

    private struct Header {
        var data = Data(capacity: 80)

        mutating func tag(_ id: String) { data.append(contentsOf: Array(id.utf8)) }
        mutating func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        mutating func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        mutating func append64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }

        /// The `fmt ` chunk of 16-bit mono PCM.
        mutating func format(sampleRate: Int) throws {
            guard (1...WAVFile.maximumSampleRate).contains(sampleRate) else { throw UnsupportedSampleRate(sampleRate: sampleRate) }
            tag("fmt ")
            append32(16)                      // fmt chunk size
            append16(1)                       // PCM
            append16(1)                       // mono
            append32(UInt32(sampleRate))
            append32(UInt32(sampleRate * 2))  // byte rate
            append16(2)                       // block align
            append16(16)                      // bits per sample
        }
    }

    /// The samples and rate of a 16-bit mono PCM WAV, RIFF or RF64 (chunks other than `ds64`,
    /// `fmt ` and `data` are skipped).
    public static func decode(_ data: Data) -> (samples: [Int16], sampleRate: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, Array(bytes[8..<12]) == Array("WAVE".utf8) else { return nil }
        let isRF64: Bool
        switch String(decoding: bytes[0..<4], as: UTF8.self) {
        case "RIFF": isRF64 = false
        case "RF64": isRF64 = true
        default: return nil
        }
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }
        var offset = 12
        var rate: Int?
        var dataSize64: UInt64?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = u32(offset + 4)
            let body = offset + 8
            if id == "ds64", isRF64 {
                guard size >= 28, body + 28 <= bytes.count else { return nil }
                dataSize64 = u64(body + 8)
            } else if id == "fmt " {
                guard body + 16 <= bytes.count, u16(body) == 1, u16(body + 2) == 1, u16(body + 14) == 16 else { return nil }
                rate = u32(body + 4)
            } else if id == "data", let rate {
                if size == Int(UInt32.max), let dataSize64 { size = Int(clamping: dataSize64) }
                // espeak-ng's CLI leaves the sizes at a large placeholder when writing to a pipe; clamp.
                size = min(size, bytes.count - body)
                let samples = bytes.withUnsafeBytes { PCM.samples(UnsafeRawBufferPointer(rebasing: $0[body..<body + size])) }
                return (samples, rate)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }

    /// Writes to a temporary name beside the target and renames it into place.
    public static func write(_ samples: [Int16], sampleRate: Int, to url: URL) throws {
        let header = try header(sampleCount: samples.count, sampleRate: sampleRate)
        try header.withUnsafeBytes { head in
            try PCM.withLittleEndianBytes(samples) { body in try AtomicFile.write([head, body], to: url) }
        }
    }
}

/// 16-bit PCM as little-endian bytes, in bulk.
enum PCM {
    /// Appends the samples' little-endian bytes.
    static func append(_ samples: [Int16], to data: inout Data) {
        #if _endian(little)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        #else
        samples.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
        #endif
    }

    /// The samples' little-endian bytes, without copying them where the machine is little-endian.
    static func withLittleEndianBytes<R>(_ samples: [Int16], _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        #if _endian(little)
        try samples.withUnsafeBytes(body)
        #else
        try samples.map(\.littleEndian).withUnsafeBytes(body)
        #endif
    }

    /// The samples in little-endian bytes (an odd last byte is dropped).
    static func samples(_ bytes: UnsafeRawBufferPointer) -> [Int16] {
        var samples = [Int16](repeating: 0, count: bytes.count / 2)
        samples.withUnsafeMutableBytes { target in
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<target.count]))
        }
        #if !_endian(little)
        for index in samples.indices { samples[index] = Int16(littleEndian: samples[index]) }
        #endif
        return samples
    }
}

/// Writes files so that an interrupted run never leaves a half-written one:
/// the bytes go to a temporary name beside the target, which rename(2) then
/// puts in place atomically. (No fsync: the guarantee is against a run that
/// stops midway, not against the machine losing power.)
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        try data.withUnsafeBytes { try write($0, to: url) }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// A process-wide counter, so that temporary names never collide between threads.
    private static let counter = Counter()

    public static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) throws {
        try write([bytes], to: url)
    }

    /// Writes the parts one after another (a header and a body need not be copied together first).
    public static func write(_ parts: [UnsafeRawBufferPointer], to url: URL) throws {
        try write(to: url) { append in
            for part in parts { try append(part) }
        }
    }

    /// Writes whatever `body` appends, in order, then renames the file into place.
    public static func write(to url: URL, _ body: (_ append: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let path = url.path
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(url.lastPathComponent).\(uniqueSuffix()).tmp"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw failure(path, errno) }
        func append(_ bytes: UnsafeRawBufferPointer) throws { try writeAll(bytes, to: descriptor, path: path) }
        do {
            try body(append)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
        // rename(2) replaces the target atomically.
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    /// Removes the temporary files ``write(to:_:)`` left in a folder when a run was killed midway:
    /// those named `.NAME.PID.N.tmp` whose process is gone (and that were not written in the
    /// last minute: a process in another PID namespace, sharing the folder, is not seen) or
    /// that are more than a day old (the process number may have been reused). Nothing else
    /// is touched; a folder that is not there has nothing to remove.
    ///
    /// ```swift
    /// AtomicFile.removeStale(in: URL(fileURLWithPath: "Audio"))   // [".compose.wav.4242.7.tmp"]
    /// ```
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        let path = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let owner = temporaryOwner(name),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: path + name),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date
            else { continue }
            let age = -modified.timeIntervalSinceNow
            let ownerGone = kill(owner, 0) != 0 && errno == ESRCH
            guard age > 86_400 || (ownerGone && age > 60), unlink(path + name) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    /// The process in a name ``write(to:_:)`` gives its temporary files, `.NAME.PID.N.tmp`; nil for any other name.
    static func temporaryOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        func isNumber(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count >= 3, isNumber(parts[parts.count - 1]), isNumber(parts[parts.count - 2]),
              !parts[0..<parts.count - 2].joined(separator: ".").isEmpty,
              let owner = pid_t(parts[parts.count - 2]), owner > 0
        else { return nil }
        return owner
    }

    /// `PID.N`: unique among the names this process makes, and among processes.
    static func uniqueSuffix() -> String { "\(getpid()).\(counter.next())" }

    /// Writes every byte to an open file (write(2) again after a short write or an interruption).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            offset += written
        }
    }

    static func failure(_ path: String, _ code: Int32) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                                                 NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

/// write(2), out of the way of ``AtomicFile``'s own `write` methods.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
