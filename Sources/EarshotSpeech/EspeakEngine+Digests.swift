import EarshotCore
import EarshotFiles
import Foundation

/// What the speech is made from, as digests that are part of the engine's ``EspeakEngine/version``:
/// the utterance cache keys its audio by them, so it never serves audio made from other data.
extension EspeakEngine {
    /// What the speech is made from, cheaply: the phoneme tables' contents (`phontab`,
    /// `phonindex`, `phondata`, `intonations`, under a megabyte) and each dictionary's size and
    /// modification time, hashed (FNV-1a, 64 bits). Part of ``version``, so the utterance cache
    /// never serves audio made from other or damaged data.
    public static func dataDigest(folder: String) -> String {
        var hash = FNV1a()
        for name in ["phontab", "phonindex", "phondata", "intonations"] {
            hash.mix(name)
            let data = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
            hash.mix("\(data.count)")
            data.withUnsafeBytes { hash.mix($0) }
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix("_dict") }.sorted()
        for name in names {
            guard let stamp = SystemIO.stamp(folder + "/" + name) else { continue }
            hash.mix("\(name) \(stamp.size) \(stamp.seconds).\(stamp.nanoseconds)")
        }
        return String(hash.value, radix: 16)
    }

    /// The Japanese reading step's identity (part of ``version``, so the cache never serves a
    /// Japanese utterance read with another dictionary): the step's own revision, and the size and
    /// modification time of the files of MeCab's dictionary (the `dicdir` of /etc/mecabrc, or
    /// $MECABRC's), hashed; `none` where MeCab's configuration is not found.
    public static let readingsDigest: String = {
        let configuration = ProcessInfo.processInfo.environment["MECABRC"] ?? "/etc/mecabrc"
        guard let text = try? String(contentsOfFile: configuration, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("dicdir") }),
              let equals = line.firstIndex(of: "=") else { return "none" }
        let folder = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        var hash = FNV1a()
        // The step's revision: what it does with MeCab's words and with those it cannot read.
        hash.mix("mecab pronunciation \(Wire.readingsRevision)")
        for name in ["sys.dic", "matrix.bin", "char.bin", "unk.dic", "dicrc"] {
            hash.mix(SystemIO.stamp(folder + "/" + name).map { "\(name) \($0.size) \($0.seconds)" } ?? "\(name) -")
        }
        return String(hash.value, radix: 16)
    }()
}
