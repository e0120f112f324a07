import EarshotCore
import EarshotFiles
import Foundation

extension SuiteAudio {
    /// What decides a scenario's audio: the engine, rate, voice, silences and every item of the timeline.
    static func record(_ timeline: [Timeline.Sound.Kind], voice: String, rate: Int, engine: String, sampleRate: Int) -> String {
        // 2: captions escape &, < and > and keep line breaks (files made before are made again).
        var text = "earshot-audio 2\nengine \(engine)\nsample-rate \(sampleRate)\nvoice \(voice)\nrate \(rate)\n"
        text += "gaps \(SpeechTiming.gap) \(SpeechTiming.earconGap)\n"
        for item in timeline {
            switch item {
            case .utterance(let utterance):
                let line = utterance.utf8.contains(0x0A) ? utterance.replacingOccurrences(of: "\n", with: "\\n") : utterance
                text += "u " + line + "\n"
            case .earcon(let tone):
                text += "e " + tone.rawValue + "\n"
            }
        }
        return text
    }
}

/// `.cache/outputs.txt`: what each scenario's WAV and WebVTT were made
/// from, with each file's size and modification time just after Earshot
/// wrote it. Read once when first asked; saved once, at the end of a run,
/// over what the file holds then (so concurrent runs into one folder lose
/// at most a record, which costs a rewrite of that scenario's files later).
///
/// The file: `earshot-outputs 1`, then per scenario a line `NAME BYTES`
/// and that many bytes of record (two stamp lines, then the record).
final class OutputRecords {
    let file: URL
    private var records: [String: String]?
    private var changed: [String: String] = [:]

    init(file: URL) { self.file = file }

    private static let header = "earshot-outputs 1\n"

    func isCurrent(_ record: String, name: String, folder: URL) -> Bool {
        if records == nil { records = Self.read(file) }
        guard let text = records?[name],
              let split = text.firstIndex(of: "\n").flatMap({ text[text.index(after: $0)...].firstIndex(of: "\n") })
        else { return false }
        guard text[text.index(after: split)...] == record[...] else { return false }
        guard let current = Self.stamps(name: name, folder: folder) else { return false }
        return text[..<split] == current[...]
    }

    /// Records the files just written for a scenario.
    func update(_ record: String, name: String, folder: URL) {
        guard let stamps = Self.stamps(name: name, folder: folder) else { return }
        changed[name] = stamps + "\n" + record
    }

    /// Writes the records changed by this run over those the file holds now.
    func save() throws {
        guard !changed.isEmpty else { return }
        var all = Self.read(file)
        all.merge(changed) { _, new in new }
        var text = Self.header
        for name in all.keys.sorted() {
            let record = all[name]!
            text += "\(name) \(record.utf8.count)\n" + record
        }
        try AtomicFile.write(text, to: file)
        records = all
        changed = [:]
    }

    static func read(_ file: URL) -> [String: String] {
        guard let data = try? InputFile.read(file.path, followingLinks: false).get(),
              data.starts(with: header.utf8) else { return [:] }
        let bytes = [UInt8](data)
        var records: [String: String] = [:]
        var offset = header.utf8.count
        while let newline = bytes[offset...].firstIndex(of: 0x0A) {
            let line = String(decoding: bytes[offset..<newline], as: UTF8.self)
            guard let space = line.lastIndex(of: " "), let length = Int(line[line.index(after: space)...]),
                  length >= 0, newline + 1 + length <= bytes.count else { break }
            records[String(line[..<space])] = String(decoding: bytes[(newline + 1)..<(newline + 1 + length)], as: UTF8.self)
            offset = newline + 1 + length
        }
        return records
    }

    /// `wav SIZE SECONDS.NANOSECONDS` and the same for `vtt`, one line each; nil when either is missing.
    static func stamps(name: String, folder: URL) -> String? {
        var lines: [String] = []
        for ext in ["wav", "vtt"] {
            guard let stamp = stamp(folder.appendingPathComponent(name + "." + ext).path) else { return nil }
            lines.append(ext + " " + stamp)
        }
        return lines.joined(separator: "\n")
    }

    private static func stamp(_ path: String) -> String? {
        SystemIO.stamp(path).map { "\($0.size) \($0.seconds).\($0.nanoseconds)" }
    }
}
