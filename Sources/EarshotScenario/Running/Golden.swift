import EarshotCore
import EarshotFiles
import Foundation

/// Golden transcripts: `NAME.transcript` beside `NAME.yaml`, compared byte
/// for byte; `--update` rewrites them.
public enum Golden {
    /// The golden transcript's path for a scenario file.
    public static func path(for scenarioFile: String) -> String {
        let url = URL(fileURLWithPath: scenarioFile)
        return url.deletingPathExtension().appendingPathExtension("transcript").path
    }

    public enum Outcome: Hashable, Sendable {
        /// No golden file, and not asked to write one.
        case absent
        case matched
        case mismatched(diff: String)
        case written
    }

    /// Compares a transcript with its golden file, or writes it when `update` is set.
    public static func check(_ transcript: String, scenarioFile: String, update: Bool) throws -> Outcome {
        try check(transcript, goldenPath: path(for: scenarioFile), update: update)
    }

    /// Compares a transcript with the golden file at `path`, or writes it
    /// there (folders included) when `update` is set.
    ///
    /// The golden file is read as every input is (``InputFile``: a regular file, never a FIFO,
    /// a device or a kernel's file), and a link to a file outside the project is refused
    /// (``ProjectBoundary``), whose content the diff would otherwise print; both are bad input
    /// (``LoadError``) at the golden file. Transcripts compare byte for byte: `é` composed and
    /// decomposed differ, as they do on disk.
    public static func check(_ transcript: String, goldenPath path: String, update: Bool) throws -> Outcome {
        let existing = try read(path)
        let bytes = Data(transcript.utf8)
        if update {
            if existing == bytes { return .matched }
            guard case .success(let target) = OutputPath.file(path), case .path(let file) = target else {
                throw LoadError("the golden transcript cannot be written: \(OutputPath.file(path).problem?.message ?? "it is standard output")",
                                at: SourceLocation(file: path, line: 1, column: 1), expected: "a regular file beside the scenario")
            }
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: file))
            return .written
        }
        guard let existing else { return .absent }
        return existing == bytes ? .matched
            : .mismatched(diff: LineDiff.unified(from: String(decoding: existing, as: UTF8.self), to: transcript))
    }

    /// The golden file's bytes, nil when there is none; anything but a regular file in the project is bad input.
    package static func read(_ path: String) throws(LoadError) -> Data? {
        let at = SourceLocation(file: path, line: 1, column: 1)
        switch InputFile.read(path) {
        case .success(let data):
            guard ProjectBoundary.contains(path, writtenIn: path) else {
                throw LoadError("the golden transcript is a link that leads outside the project", at: at,
                                expected: "a regular file beside the scenario")
            }
            return data
        case .failure(.missing): return nil
        case .failure(let problem):
            throw LoadError("the golden transcript \(problem.message)", at: at, expected: "a regular file beside the scenario")
        }
    }
}

extension Golden {
    /// A readable line diff of two transcripts: `-` lines only in the golden
    /// one, `+` lines only in this run's, two lines of context, `@@` between hunks.
    public static func diff(golden: String, actual: String) -> String {
        LineDiff.unified(from: golden, to: actual)
    }
}

/// A readable line diff (`-` golden, `+` this run) with two lines of context.
enum LineDiff {
    static func unified(from old: String, to new: String, context: Int = 2) -> String {
        let a = lines(old), b = lines(new)
        // Longest common subsequence table (transcripts are small).
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(Character, [UInt8])] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                lines.append(("-", a[i])); i += 1
            } else {
                lines.append(("+", b[j])); j += 1
            }
        }
        let changed = lines.indices.filter { lines[$0].0 != " " }
        var keep = Set<Int>()
        for index in changed { for k in max(0, index - context)...min(lines.count - 1, index + context) { keep.insert(k) } }
        var output = ["--- golden", "+++ this run"]
        var previous = -1
        for index in keep.sorted() {
            if previous >= 0, index > previous + 1 { output.append("@@") }
            output.append("\(lines[index].0) " + String(decoding: lines[index].1, as: UTF8.self))
            previous = index
        }
        return output.joined(separator: "\n")
    }

    /// A transcript's lines as the file holds them: split at each line feed (a carriage return
    /// before one stays in its line; "\r\n" is one Character to Swift) and compared byte for
    /// byte (Swift's == holds `café` composed and decomposed equal; the files differ).
    static func lines(_ text: String) -> [[UInt8]] {
        text.utf8.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    }
}
