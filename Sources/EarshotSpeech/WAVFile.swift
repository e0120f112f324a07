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
    /// The 44-byte header and the samples, little-endian.
    public static func encode(_ samples: [Int16], sampleRate: Int) -> Data {
        let dataBytes = samples.count * 2
        var data = Data(capacity: 44 + dataBytes)
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
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { append16(UInt16(bitPattern: sample)) }
        }
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
                var samples = [Int16](repeating: 0, count: size / 2)
                for index in samples.indices {
                    samples[index] = Int16(bitPattern: UInt16(bytes[body + 2 * index]) | UInt16(bytes[body + 2 * index + 1]) << 8)
                }
                return (samples, rate)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }

    /// Writes to a temporary name beside the target and renames it into place.
    public static func write(_ samples: [Int16], sampleRate: Int, to url: URL) throws {
        try AtomicFile.write(encode(samples, sampleRate: sampleRate), to: url)
    }
}

/// Writes files so that an interrupted run never leaves a half-written one.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        // rename(2) replaces the target atomically.
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                           NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }
}
