import EarshotCore
import Foundation

/// Stores each utterance's PCM once, keyed by text, voice, rate and engine
/// version, on disk (under the output folder: `Audio/.cache/`), so that
/// runs and scenarios reuse what was already synthesized.
///
/// Files are written to a temporary name and renamed, so concurrent runs
/// and interrupted runs never leave a torn entry; each file repeats its
/// full key, so a hash collision reads as a miss.
public struct UtteranceCache: Sendable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// The cache folder inside an output folder.
    public static func inside(_ outputFolder: URL) -> UtteranceCache {
        UtteranceCache(folder: outputFolder.appendingPathComponent(".cache", isDirectory: true))
    }

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

        var fileName: String { String(TextMatching.stableHash(serialized), radix: 16) + ".pcm" }
    }

    private static let magic = Array("EARSHOT-PCM-1\n".utf8)

    public func load(_ key: Key) -> [Int16]? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(key.fileName).path) else {
            return nil
        }
        let bytes = [UInt8](data)
        let keyBytes = Array(key.serialized.utf8)
        let header = Self.magic.count + 4
        guard bytes.count >= header, Array(bytes[0..<Self.magic.count]) == Self.magic else { return nil }
        let length = Int(bytes[Self.magic.count]) | Int(bytes[Self.magic.count + 1]) << 8
            | Int(bytes[Self.magic.count + 2]) << 16 | Int(bytes[Self.magic.count + 3]) << 24
        guard length == keyBytes.count, bytes.count >= header + length,
              Array(bytes[header..<header + length]) == keyBytes, (bytes.count - header - length) % 2 == 0 else { return nil }
        let body = header + length
        var samples = [Int16](repeating: 0, count: (bytes.count - body) / 2)
        for index in samples.indices {
            samples[index] = Int16(bitPattern: UInt16(bytes[body + 2 * index]) | UInt16(bytes[body + 2 * index + 1]) << 8)
        }
        return samples
    }

    public func store(_ samples: [Int16], for key: Key) throws {
        let keyBytes = Array(key.serialized.utf8)
        var data = Data(Self.magic)
        withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: keyBytes)
        data.reserveCapacity(data.count + samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        try AtomicFile.write(data, to: folder.appendingPathComponent(key.fileName))
    }
}
