import EarshotFiles
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
