import EarshotCore
import EarshotFiles
import EarshotScenario
import Foundation

/// Whether an environment is a CI run: `CI` set to anything but empty, `0`, `false` or `no`
/// (GitHub Actions, GitLab, CircleCI and Buildkite set `CI=true`). There, a missing golden
/// transcript fails instead of being recorded (`earshot run`, `expectTranscript`).
public enum ContinuousIntegration {
    public static func isOn(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !["", "0", "false", "no"].contains(environment["CI"]?.lowercased() ?? "")
    }
}

/// When golden transcripts are written: one mode for `earshot run --record` and EarshotTesting's
/// `expectTranscript(matching:record:)` (and `EARSHOT_RECORD` for both). Nothing is ever recorded
/// from a run that failed (a step that could not act, an expectation, an audit error).
///
/// ```
/// earshot run --headless Scenarios --record all     # as --update
/// EARSHOT_RECORD=all swift test
/// ```
public enum RecordMode: String, CaseIterable, Hashable, Sendable {
    /// Nothing is written: a missing golden transcript fails, with the command that records it.
    /// The default on CI (``ContinuousIntegration``).
    case never
    /// A missing golden transcript is recorded from this run; one that is there is compared. The
    /// default elsewhere. `earshot run` lists what it recorded and passes; a Swift test fails,
    /// saying so, so that the new file is looked at before it is committed.
    case missing
    /// Every golden transcript that is missing or differs is written from this run (`--update`).
    /// `earshot run` lists what it wrote and passes; a Swift test fails, saying so, so that
    /// record mode is not left on.
    case all

    /// The mode an environment asks for: `EARSHOT_RECORD` when it is one of the words
    /// (``init(environmentValue:)``), else `never` on CI and `missing` elsewhere.
    public static func from(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if let written = environment["EARSHOT_RECORD"], !written.trimmingCharacters(in: .whitespaces).isEmpty,
           let asked = RecordMode(environmentValue: written) {
            return asked
        }
        return ContinuousIntegration.isOn(environment) ? .never : .missing
    }

    /// A value of `EARSHOT_RECORD`: `never` (or `0`, `false`, `no`), `missing`, `all` (or `1`,
    /// `true`, `yes`, and `failed`, its name before 0.10); nil for anything else.
    public init?(environmentValue: String) {
        switch environmentValue.trimmingCharacters(in: .whitespaces).lowercased() {
        case "all", "1", "true", "yes", "failed": self = .all
        case "missing", "": self = .missing
        case "never", "0", "false", "no": self = .never
        default: return nil
        }
    }
}

/// Golden transcripts: `NAME.transcript` beside `NAME.yaml`, compared byte for byte, written as
/// the ``RecordMode`` says.
public enum Golden {
    /// The golden transcript's path for a scenario file.
    public static func path(for scenarioFile: String, configuration: RunConfiguration = .standard) -> String {
        let url = URL(fileURLWithPath: scenarioFile)
        return url.deletingPathExtension().path + configuration.fileSuffix + ".transcript"
    }

    public enum Outcome: Hashable, Sendable {
        /// No golden file, and the mode records none (`never`).
        case absent
        case matched
        /// The transcripts differ: their line diff, with the first line where they do.
        case mismatched(TranscriptDiff)
        /// Written from this run: a missing one recorded (`new`), or one that differed rewritten.
        case written(new: Bool)
    }

    /// Compares a transcript with its golden file, or writes it as `record` says.
    public static func check(_ transcript: String, scenarioFile: String, record: RecordMode,
                             boundary: ProjectBoundary = .project) throws -> Outcome {
        try check(transcript, goldenPath: path(for: scenarioFile), record: record, boundary: boundary)
    }

    /// Compares a transcript with the golden file at `path`, or writes it there (folders
    /// included): a missing one unless `record` is `never`, one that differs when it is `all`.
    ///
    /// The golden file is read as every input is (``InputFile``: a regular file, never a FIFO,
    /// a device or a kernel's file), and a link to a file outside the project is refused
    /// (`boundary`), whose content the diff would otherwise print; both are bad input
    /// (``LoadError``) at the golden file. Transcripts compare byte for byte: `é` composed and
    /// decomposed differ, as they do on disk.
    public static func check(_ transcript: String, goldenPath path: String, record: RecordMode,
                             boundary: ProjectBoundary = .project) throws -> Outcome {
        let existing = try read(path, boundary: boundary)
        let bytes = Data(transcript.utf8)
        if existing == bytes { return .matched }
        if existing == nil ? record != .never : record == .all {
            guard case .success(let target) = OutputPath.file(path), case .path(let file) = target else {
                throw LoadError("the golden transcript cannot be written: \(OutputPath.file(path).problem?.message ?? "it is standard output")",
                                at: SourceLocation(file: path, line: 1, column: 1), expected: "a regular file beside the scenario")
            }
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: file))
            return .written(new: existing == nil)
        }
        guard let existing else { return .absent }
        let golden = String(decoding: existing, as: UTF8.self)
        return .mismatched(TranscriptDiff(golden: golden, actual: transcript))
    }

    /// The golden file's bytes, nil when there is none; anything but a regular file in the project is bad input.
    package static func read(_ path: String, boundary: ProjectBoundary = .project) throws(LoadError) -> Data? {
        let at = SourceLocation(file: path, line: 1, column: 1)
        switch InputFile.read(path) {
        case .success(let data):
            guard boundary.contains(path, writtenIn: path) else {
                throw LoadError("the golden transcript is a link that leads outside the project", at: at,
                                expected: "a regular file beside the scenario")
            }
            return data
        case .failure(.missing): return nil
        case .failure(let problem):
            throw LoadError("the golden transcript \(problem.message)", at: at, expected: "a regular file beside the scenario",
                            reading: problem)
        }
    }
}

extension Golden {
    /// A readable line diff of two transcripts: `-` lines only in the golden
    /// one, `+` lines only in this run's, two lines of context, `@@` between hunks.
    public static func diff(golden: String, actual: String) -> String {
        TranscriptDiff(golden: golden, actual: actual).unified
    }
}

/// How this run's transcript differs from its golden one, line by line: what a
/// report draws (the HTML page marks ``firstDifference``'s line) without reading
/// the diff's text back.
public struct TranscriptDiff: Hashable, Sendable {
    public enum Line: Hashable, Sendable {
        /// A line both transcripts have, shown around a change.
        case common(String)
        /// A golden line this run does not have.
        case removed(String)
        /// A line of this run the golden transcript does not have.
        case added(String)
        /// Unchanged lines left out between two changes.
        case gap

        /// The line as the unified diff prints it: `  `, `- ` or `+ ` before the text, `@@` for a gap.
        public var printed: String {
            switch self {
            case .common(let text): "  " + text
            case .removed(let text): "- " + text
            case .added(let text): "+ " + text
            case .gap: "@@"
            }
        }
    }

    /// The changed lines with two lines of context each, in order.
    public let lines: [Line]
    /// The first line (from 0) where the transcripts differ, the same in both
    /// since every line before it is.
    public let firstDifference: Int

    public init(golden: String, actual: String, context: Int = 2) {
        lines = LineDiff.lines(from: golden, to: actual, context: context)
        firstDifference = LineDiff.firstDifference(golden, actual)
    }

    /// The diff as text (`--- golden`, `+++ this run`, then `-`, `+` and two-space lines,
    /// `@@` between hunks), as a terminal and the JSON report show it.
    public var unified: String { Self.unified(lines) }

    static func unified(_ lines: [Line]) -> String {
        (["--- golden", "+++ this run"] + lines.map(\.printed)).joined(separator: "\n")
    }
}

/// A readable line diff (`-` golden, `+` this run) with two lines of context.
///
/// The lines are compared with Myers' O(ND) algorithm in its linear-space
/// form (the middle snake, divide and conquer, as GNU diff does): memory is
/// a few arrays as long as the two transcripts together, never a table of
/// one against the other, and a diff of a few changed lines in a long
/// transcript costs about its length. The work is bounded: past
/// ``workBudget`` steps of the search (transcripts that differ in thousands
/// of places), each region still unresolved is shown whole, its golden
/// lines all `-` then this run's all `+`, which is still a correct diff,
/// only not the shortest one.
enum LineDiff {
    /// Steps of the search (diagonals tried and lines compared) before the
    /// rest is diffed coarsely: a fraction of a second.
    static let workBudget = 20_000_000

    /// What the comparison cost, for tests.
    struct Stats: Equatable {
        /// Cells allocated for the search (both diagonal arrays).
        var cells = 0
        /// Steps of the search.
        var work = 0
        /// Regions shown whole because the budget was spent.
        var coarseRegions = 0
    }

    /// Which golden lines are removed and which lines of this run are added;
    /// every other line is common to both, in order.
    struct Script {
        var removed: [Bool]
        var added: [Bool]
        var stats: Stats
    }

    static func unified(from old: String, to new: String, context: Int = 2, budget: Int = workBudget) -> String {
        TranscriptDiff.unified(lines(from: old, to: new, context: context, budget: budget))
    }

    /// The changed lines of `new` against `old`, with `context` common lines around each.
    static func lines(from old: String, to new: String, context: Int = 2, budget: Int = workBudget) -> [TranscriptDiff.Line] {
        let a = lines(old), b = lines(new)
        let script = script(a, b, budget: budget)
        var output: [TranscriptDiff.Line] = []
        // The diff's lines in order: each is (kind, index in a or b).
        var diff: [(kind: Character, index: Int)] = []
        diff.reserveCapacity(max(a.count, b.count))
        var changed: [Int] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, script.removed[i] {
                changed.append(diff.count); diff.append(("-", i)); i += 1
            } else if j < b.count, script.added[j] {
                changed.append(diff.count); diff.append(("+", j)); j += 1
            } else {
                diff.append((" ", i)); i += 1; j += 1
            }
        }
        var printed = -1
        for index in changed {
            let first = max(index - context, printed + 1, 0), last = min(index + context, diff.count - 1)
            guard first <= last else { continue }
            if printed >= 0, first > printed + 1 { output.append(.gap) }
            for line in first...last {
                let (kind, at) = diff[line]
                output.append(kind == "+" ? .added(b[at]) : kind == "-" ? .removed(a[at]) : .common(a[at]))
            }
            printed = last
        }
        return output
    }

    /// The first line (from 0) where two texts differ, compared by bytes; the shorter one's
    /// line count when one's lines are where the other's begin.
    static func firstDifference(_ old: String, _ new: String) -> Int {
        let a = lines(old), b = lines(new)
        return zip(a, b).prefix { $0.utf8.elementsEqual($1.utf8) }.count
    }

    /// A transcript's lines as the file holds them: split at each line feed, so a carriage
    /// return before one stays in its line ("\r\n" is one Character to Swift: split by
    /// Characters, a line ending in CR took the next one with it, and the diff printed a line
    /// without its mark; found by the fuzzer).
    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    /// The shortest edit script from `a` to `b` (or, past `budget` steps, a
    /// correct longer one), in memory linear in `a.count + b.count`.
    static func script(_ a: [String], _ b: [String], budget: Int = workBudget) -> Script {
        // Lines become numbers, so that the search compares integers. Told apart by their bytes:
        // Swift's == holds `café` composed and decomposed equal, and the files differ.
        var numbers: [[UInt8]: Int] = [:]
        numbers.reserveCapacity(a.count + b.count)
        func number(_ line: String) -> Int {
            let bytes = Array(line.utf8)
            if let known = numbers[bytes] { return known }
            let next = numbers.count
            numbers[bytes] = next
            return next
        }
        var search = Search(a: a.map(number), b: b.map(number), budget: budget)
        search.compare(0, a.count, 0, b.count)
        return Script(removed: search.removed, added: search.added,
                      stats: Stats(cells: search.forward.count + search.backward.count, work: search.work,
                                   coarseRegions: search.coarseRegions))
    }

    /// Myers' search, after GNU diff's `compareseq` and `diag`, without its
    /// heuristics: the middle snake splits each region in two halves of the
    /// edit distance, which are compared in turn (depth log D).
    private struct Search {
        let a: [Int], b: [Int]
        var removed: [Bool], added: [Bool]
        /// Furthest x reached on each diagonal k = x - y, forward and backward, at index k + offset.
        var forward: [Int], backward: [Int]
        let offset: Int
        let budget: Int
        var work = 0
        var coarseRegions = 0

        init(a: [Int], b: [Int], budget: Int) {
            self.a = a
            self.b = b
            self.budget = budget
            removed = Array(repeating: false, count: a.count)
            added = Array(repeating: false, count: b.count)
            // Diagonals run from -b.count to a.count, with one more on each side.
            forward = Array(repeating: 0, count: a.count + b.count + 3)
            backward = forward
            offset = b.count + 1
        }

        mutating func compare(_ xStart: Int, _ xEnd: Int, _ yStart: Int, _ yEnd: Int) {
            var xoff = xStart, xlim = xEnd, yoff = yStart, ylim = yEnd
            while xoff < xlim, yoff < ylim, a[xoff] == b[yoff] { xoff += 1; yoff += 1 }
            while xoff < xlim, yoff < ylim, a[xlim - 1] == b[ylim - 1] { xlim -= 1; ylim -= 1 }
            if xoff == xlim || yoff == ylim {
                for x in xoff..<xlim { removed[x] = true }
                for y in yoff..<ylim { added[y] = true }
                return
            }
            guard let (xmid, ymid) = middle(xoff, xlim, yoff, ylim) else {
                coarseRegions += 1
                for x in xoff..<xlim { removed[x] = true }
                for y in yoff..<ylim { added[y] = true }
                return
            }
            compare(xoff, xmid, yoff, ymid)
            compare(xmid, xlim, ymid, ylim)
        }

        /// A point on a shortest path through the region, halfway along its
        /// edits; nil once the budget is spent.
        mutating func middle(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int)? {
            let o = offset
            let dmin = xoff - ylim, dmax = xlim - yoff
            let fmid = xoff - yoff, bmid = xlim - ylim
            var fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid
            let odd = (fmid - bmid) & 1 != 0
            forward[o + fmid] = xoff
            backward[o + bmid] = xlim
            while work <= budget {
                // One more edit forward.
                if fmin > dmin { fmin -= 1; forward[o + fmin - 1] = -1 } else { fmin += 1 }
                if fmax < dmax { fmax += 1; forward[o + fmax + 1] = -1 } else { fmax -= 1 }
                var d = fmax
                while d >= fmin {
                    let low = forward[o + d - 1], high = forward[o + d + 1]
                    var x = low < high ? high : low + 1
                    var y = x - d
                    let start = x
                    while x < xlim, y < ylim, a[x] == b[y] { x += 1; y += 1 }
                    work += 1 + x - start
                    forward[o + d] = x
                    if odd, bmin <= d, d <= bmax, backward[o + d] <= x { return (x, y) }
                    d -= 2
                }
                // One more edit backward.
                if bmin > dmin { bmin -= 1; backward[o + bmin - 1] = Int.max } else { bmin += 1 }
                if bmax < dmax { bmax += 1; backward[o + bmax + 1] = Int.max } else { bmax -= 1 }
                d = bmax
                while d >= bmin {
                    let low = backward[o + d - 1], high = backward[o + d + 1]
                    var x = low < high ? low : high - 1
                    var y = x - d
                    let start = x
                    while x > xoff, y > yoff, a[x - 1] == b[y - 1] { x -= 1; y -= 1 }
                    work += 1 + start - x
                    backward[o + d] = x
                    if !odd, fmin <= d, d <= fmax, x <= forward[o + d] { return (x, y) }
                    d -= 2
                }
            }
            return nil
        }
    }
}
