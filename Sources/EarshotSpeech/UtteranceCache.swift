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
    /// The folder's path with a trailing slash, made once (entry paths are built for every utterance).
    private let prefix: String

    public init(folder: URL) {
        self.folder = folder
        self.prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
    }

    private func path(of key: Key) -> String { prefix + key.fileName }

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

    /// Whether an entry for the key is stored (``load(_:)`` still checks it).
    public func contains(_ key: Key) -> Bool {
        access(path(of: key), F_OK) == 0
    }

    public func load(_ key: Key) -> [Int16]? {
        guard let data = FileManager.default.contents(atPath: path(of: key)) else {
            return nil
        }
        let keyBytes = Array(key.serialized.utf8)
        let header = Self.magic.count + 4
        return data.withUnsafeBytes { bytes -> [Int16]? in
            guard bytes.count >= header, bytes[0..<Self.magic.count].elementsEqual(Self.magic) else { return nil }
            let length = Int(bytes[Self.magic.count]) | Int(bytes[Self.magic.count + 1]) << 8
                | Int(bytes[Self.magic.count + 2]) << 16 | Int(bytes[Self.magic.count + 3]) << 24
            guard length == keyBytes.count, bytes.count >= header + length,
                  bytes[header..<header + length].elementsEqual(keyBytes), (bytes.count - header - length) % 2 == 0
            else { return nil }
            return PCM.samples(UnsafeRawBufferPointer(rebasing: bytes[(header + length)...]))
        }
    }

    public func store(_ samples: [Int16], for key: Key) throws {
        let keyBytes = Array(key.serialized.utf8)
        var head = Data(Self.magic)
        withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { head.append(contentsOf: $0) }
        head.append(contentsOf: keyBytes)
        let url = URL(fileURLWithPath: path(of: key), isDirectory: false)
        try head.withUnsafeBytes { head in
            try PCM.withLittleEndianBytes(samples) { body in try AtomicFile.write([head, body], to: url) }
        }
    }
}
