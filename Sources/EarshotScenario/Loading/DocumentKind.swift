import EarshotCapture
import EarshotCore
import EarshotFiles
import Foundation

/// What a YAML or JSON file is to Earshot, decided as the loaders read it: what `earshot run`
/// runs in a folder (its scenarios), passes over (scenes, configurations, captures) and reports
/// (anything else, which a typo such as `senario:` makes of a scenario).
///
/// ```swift
/// DocumentKind.of(path: "Scenarios/mail/cancel-draft.yaml")   // .scenario
/// DocumentKind.of(path: "Scenarios/mail/mail.yaml")           // .scene
/// ```
///
/// A file is a scenario when the scenario loader would read a top-level `scenario` key from it,
/// however the key is written (`scenario :`, quoted, in a flow mapping, in JSON, after a
/// byte-order mark); most files are told by a scan of their top-level lines, and the rest are
/// parsed as the loader parses them.
public enum DocumentKind: Hashable, Sendable {
    case scenario
    /// A scene file (`root:` or `base:`), or the `scene:` of one without them (loading it says what it lacks).
    case scene
    /// An audit configuration (only its keys: `rules`, `os`, …).
    case configuration
    /// A capture of a running app (a scene file may start from it).
    case capture
    /// A recording of real VoiceOver (`recording:`), which `earshot calibrate` replays.
    case recording
    /// A profile overlay (`overlay:`), which a configuration's `profiles:` names.
    case overlay
    /// None of these: what the file is, for the person who put it among the scenarios.
    case other([Diagnostic])

    /// The kind of a regular file; one that cannot be read is `.other`, saying why.
    public static func of(path: String) -> DocumentKind {
        switch InputFile.read(path) {
        case .success(let data): of(data: data, file: path)
        case .failure(let problem):
            .other(LoadError("file \(problem.message)", at: SourceLocation(file: path, line: 1, column: 1),
                             expected: "a readable YAML or JSON file", reading: problem).diagnostics)
        }
    }

    /// The kind of a file's bytes; `file` names it in diagnostics.
    static func of(data: Data, file: String) -> DocumentKind {
        // Most files: a block mapping whose every top-level key is a plain word at a line's start,
        // read off the lines (no escape or quote can hide a key there).
        if let keys = TopLevelKeys.all(in: data) {
            return keys.contains("scenario") ? .scenario : kind(ofKeys: keys, file: file)
        }
        let first = TopLevelKeys.first(in: data)
        if first == "scenario" { return .scenario }
        // A capture never starts with one of Earshot's keys, and only JSON can be both a capture
        // and a scenario (an idb capture read as YAML is a list, which no scenario is).
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        if first == nil, CaptureFormat.detect(head) != nil {
            let object = head.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).hasPrefix("{")
            // Without these bytes no key reads `scenario`: an escape (`"\x73cenario"`) needs a backslash.
            guard object, data.firstRange(of: Data("scenario".utf8)) != nil || data.contains(UInt8(ascii: "\\")) else { return .capture }
            if case .success(let document) = parse(data, file: file), document.root.entries?.contains(where: { $0.name == "scenario" }) == true {
                return .scenario
            }
            return .capture
        }
        switch parse(data, file: file) {
        case .failure(let error): return .other(error.diagnostics)
        case .success(let document):
            let keys = document.root.entries?.map(\.name) ?? []
            return keys.contains("scenario") ? .scenario : kind(ofKeys: keys, file: file)
        }
    }

    /// A scene has `root` or `base`, or `scene` and no steps; a configuration only its own keys.
    private static func kind(ofKeys keys: [String], file: String) -> DocumentKind {
        if keys.contains("root") || keys.contains("base") || keys.contains("scene") && !keys.contains("steps") { return .scene }
        if keys.contains("recording") { return .recording }
        if keys.contains("overlay") { return .overlay }
        if !keys.isEmpty, keys.allSatisfy(AuditConfigurationDecoder.keys.contains) { return .configuration }
        let named = keys.isEmpty ? "no top-level keys" : "its top-level keys are " + keys.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
        let misspelt = keys.contains { TextMatching.nearest(to: $0, in: ["scenario"]) != nil }
        return .other([Diagnostic("this file is not a scenario, a scene, a configuration, a capture, a recording or an overlay (\(named)), so it would not run",
                                  at: SourceLocation(file: file, line: 1, column: 1),
                                  expected: "a scenario with 'scenario', 'scene' and 'steps', or the file moved out of the scenario folder",
                                  suggestion: misspelt ? "scenario" : nil)])
    }

    private static func parse(_ data: Data, file: String) -> Result<YAMLDocument, LoadError> {
        do throws(LoadError) {
            return .success(try LargeStack.load { () throws(LoadError) in try YAMLDocument.parse(data: data, file: file) })
        } catch {
            return .failure(error)
        }
    }
}

/// The top-level keys of a YAML file written the usual way, read off its lines without parsing.
enum TopLevelKeys {
    /// The first key, when the first line that is not blank or a comment is `KEY:` or `KEY: …`
    /// at the line's start (after a byte-order mark); such a file is a block mapping with that key.
    static func first(in data: Data) -> String? {
        var found: String?
        _ = scan(data) { key in
            found = key
            return false
        }
        return found
    }

    /// Every key, when each line that starts at its first column is a comment, `KEY:` with a
    /// plain key, or (after a key) a list item at the key's indent; nil when the file is written
    /// otherwise (flow style, JSON, quoted keys, several documents), which only parsing reads.
    static func all(in data: Data) -> [String]? {
        var keys: [String] = []
        return scan(data) { key in
            keys.append(key)
            return true
        } ? keys : nil
    }

    /// Calls `body` with each top-level key in order while it returns true; false when a line
    /// at the first column is not a plain key (or the file does not start with one).
    private static func scan(_ data: Data, _ body: (String) -> Bool) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var sawKey = false
            while index < bytes.count {
                // The line's end, found by memchr(3): a suite's search reads every file this way.
                let start = bytes.baseAddress!
                let end = memchr(start + index, Int32(UInt8(ascii: "\n")), bytes.count - index)
                    .map { start.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                defer { index = end + 1 }
                let line = bytes[index..<end]
                guard let first = line.first, first != UInt8(ascii: "\r"), first != UInt8(ascii: "#") else { continue }
                if first == UInt8(ascii: " ") {
                    // Inside a value, or a comment or blank line; before any key, anything else
                    // means the file does not start with a mapping.
                    let rest = line.drop { $0 == UInt8(ascii: " ") }
                    if sawKey || rest.first.map({ $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\r") }) ?? true { continue }
                    return false
                }
                // An item of a list written at the key's own indent (`root:` then `- button: OK`),
                // not the `---` that starts a document.
                if first == UInt8(ascii: "-"), sawKey, line.count == 1 || [UInt8(ascii: " "), UInt8(ascii: "\r")].contains(line[line.startIndex + 1]) {
                    continue
                }
                guard let key = plainKey(line) else { return false }
                sawKey = true
                if !body(key) { return true }
            }
            return sawKey
        }
    }

    /// `KEY` of a line `KEY:` or `KEY: …` whose key is letters, digits, `_` and `-`.
    private static func plainKey(_ line: UnsafeRawBufferPointer.SubSequence) -> String? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let after = colon + 1
        guard after == line.endIndex || [UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(line[after]) else { return nil }
        let key = line[line.startIndex..<colon]
        guard let first = key.first, first != UInt8(ascii: "-"), key.allSatisfy({ byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }) else { return nil }
        return String(decoding: key, as: UTF8.self)
    }
}
