import Foundation

/// The name a scenario's outputs (its WAV, WebVTT and report page) are written under, made from
/// its file: one definition for the suite that writes audio and the reports that link it.
///
/// ```swift
/// OutputName.of(file: "Scenarios/mail/cancel-draft.yaml")   // "mail-cancel-draft"
/// ```
public enum OutputName {
    /// The general categories of marks, kept in an output name.
    static let marks: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark]

    /// The working folder, once (relative scenario paths are read from it).
    static let currentFolder = FileManager.default.currentDirectoryPath

    /// A file name for a scenario's outputs, made safe: the scenario file's folder and base name
    /// (in Unicode's composed form), with anything but letters and digits of any script, marks,
    /// `-`, `_` and `.` replaced by `_`, so nothing is written outside the output folder.
    /// Different files can still share a name (`a-b/c.yaml` and `a/b-c.yaml`): a spoken run
    /// refuses them (EarshotSuite's `outputCollisions`).
    public static func of(file: String) -> String {
        // Path components by hand (URL(fileURLWithPath:) asks the file system whether each is a
        // folder): relative to the working folder, `.` and `..` resolved.
        var parts: [Substring] = []
        for part in ((file.hasPrefix("/") ? "" : currentFolder + "/") + file).split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        var base = parts.last.map(String.init) ?? ""
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        let folder = parts.count > 1 ? String(parts[parts.count - 2]) : ""
        var safe = safeCharacters((folder.isEmpty ? "" : folder + "-") + base)
        while safe.hasPrefix(".") { safe.removeFirst() }
        if safe.contains("..") { safe = safe.replacingOccurrences(of: "..", with: "_") }
        return safe.isEmpty ? "scenario" : String(safe.prefix(120))
    }

    /// A name in Unicode's composed form with anything but letters and digits of any script,
    /// marks, `-`, `_` and `.` replaced by `_`.
    static func safeCharacters(_ name: String) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return safeCharactersOfAnyScript(name) }
        // ASCII is its own composed form, and its letters and digits are A-Z, a-z and 0-9: a
        // report names thousands of scenarios, and the general way took most of its time.
        return String(decoding: name.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): byte
            default: UInt8(ascii: "_")
            }
        }, as: UTF8.self)
    }

    /// ``safeCharacters(_:)`` by each character's Unicode properties.
    static func safeCharactersOfAnyScript(_ name: String) -> String {
        var safe = ""
        for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
            let properties = scalar.properties
            let kept = properties.isAlphabetic || properties.numericType == .decimal
                || marks.contains(properties.generalCategory)
                || scalar == "-" || scalar == "_" || scalar == "."
            safe.unicodeScalars.append(kept ? scalar : "_")
        }
        return safe
    }
}
