import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// RIFF WAVE files of 16-bit mono PCM.
///
/// ```swift
/// let data = WAVFile.encode(samples, sampleRate: 22050)
/// try WAVFile.write(samples, sampleRate: 22050, to: url)   // temporary name, then renamed
/// ```
public enum WAVFile {
    /// The most samples one file holds: a RIFF size is 32 bits (4 GiB with the header).
    public static let maximumSamples = (Int(UInt32.max) - 36) / 2

    /// Audio longer than a WAV file can hold.
    public struct TooLong: Error, CustomStringConvertible {
        public var samples: Int
        public var sampleRate: Int
        /// The file it was for, when known.
        public var file: String?
        public var description: String {
            let hours = Double(samples) / Double(max(sampleRate, 1)) / 3600
            return (file.map { "\($0): " } ?? "") + String(format: "the audio would be %.1f hours long, past the 4 GiB a WAV file holds (%.1f hours at %d Hz)",
                          hours, Double(WAVFile.maximumSamples) / Double(max(sampleRate, 1)) / 3600, sampleRate)
        }
    }

    /// The 44-byte header and the samples, little-endian.
    public static func encode(_ samples: [Int16], sampleRate: Int) throws -> Data {
        var data = try header(sampleCount: samples.count, sampleRate: sampleRate)
        PCM.append(samples, to: &data)
        return data
    }

    /// The 44-byte header for that many samples; more than ``maximumSamples`` is ``TooLong``.
    static func header(sampleCount: Int, sampleRate: Int) throws -> Data {
        guard sampleCount <= maximumSamples else { throw TooLong(samples: sampleCount, sampleRate: sampleRate) }
        let dataBytes = sampleCount * 2
        var data = Data(capacity: 44)
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(UInt32(36 + dataBytes))
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8))
        append32(16)                          // fmt chunk size
        append16(1)                           // PCM
        append16(1)                           // mono
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * 2))      // byte rate
        append16(2)                           // block align
        append16(16)                          // bits per sample
        data.append(contentsOf: Array("data".utf8))
        append32(UInt32(dataBytes))
        return data
    }

    /// The samples and rate of a 16-bit mono PCM WAV (chunks other than `fmt ` and `data` are skipped).
    public static func decode(_ data: Data) -> (samples: [Int16], sampleRate: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WAVE".utf8)
        else { return nil }
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var offset = 12
        var rate: Int?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                guard u16(body) == 1, u16(body + 2) == 1, u16(body + 14) == 16 else { return nil }
                rate = u32(body + 4)
            } else if id == "data", let rate {
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
