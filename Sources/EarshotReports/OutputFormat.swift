import EarshotAudit
import EarshotCalibration
import EarshotFiles
import EarshotRunner
import EarshotScenario
import Foundation

/// A report Earshot writes: its name on the command line, where it goes, and what it reports on.
///
/// `earshot run --report FORMAT:PATH`, `earshot audit --report FORMAT:PATH` and `earshot audit
/// --format FORMAT` all look formats up in ``OutputFormats/all``; the help text, the check of
/// what was typed and the writing come from there. A format reports on a run's results by
/// conforming to ``RunOutputFormat``, on an audit's result by conforming to
/// ``AuditOutputFormat``, or on both:
///
/// ```swift
/// struct CSVFormat: AuditOutputFormat {
///     let id = OutputFormats.ID.csv
///     let destination = OutputDestination.file(extension: "csv")
///     func render(_ result: AuditResult) throws -> String {
///         result.findings.map { "\($0.rule),\($0.location.file),\($0.location.line)\n" }.joined()
///     }
/// }
/// ```
///
/// Then its case in ``OutputFormats/ID`` (the compiler then asks for the format in
/// ``OutputFormats/ID/format``) makes `earshot audit --format csv` and `--report csv:PATH` work
/// (docs/architecture.md, "Output formats").
public protocol OutputFormat: Sendable {
    /// Its id, whose name is the one on the command line: `junit`, `markdown`.
    var id: OutputFormats.ID { get }
    /// Where a report goes: a file with this extension, or a folder.
    var destination: OutputDestination { get }
    /// Text for people (printed with control characters escaped) rather than a machine format,
    /// which escapes what it must itself. False unless a format says otherwise.
    var isForPeople: Bool { get }
}

extension OutputFormat {
    public var isForPeople: Bool { false }

    /// The name on the command line: `junit`, `markdown`.
    public var name: String { id.rawValue }

    /// The kinds of thing this format reports on, in ``OutputSubject`` order.
    public var subjects: [OutputSubject] {
        OutputSubject.allCases.filter { reports(on: $0) }
    }

    /// Whether this format reports on a run's results or an audit's result.
    public func reports(on subject: OutputSubject) -> Bool {
        switch subject {
        case .run: self is any RunOutputFormat
        case .audit: self is any AuditOutputFormat
        case .calibration: self is any CalibrationOutputFormat
        }
    }
}

/// Where a format writes its report.
public enum OutputDestination: Hashable, Sendable {
    /// One file, its name usually ending in `.EXTENSION` (the path given is used as it is).
    case file(extension: String)
    /// A folder of files (`PATH/index.html` and what it links).
    case folder
}

/// What a report is about.
public enum OutputSubject: String, CaseIterable, Sendable {
    /// `earshot run`: the scenarios' results.
    case run
    /// `earshot audit`: the scenes' findings.
    case audit
    /// `earshot calibrate`: recordings of real VoiceOver against Earshot.
    case calibration
}

/// A run's results as a report receives them: the scenarios' results, where a spoken run
/// wrote its audio (nil for a headless run), and on how many threads a report may work at once
/// (`earshot run --jobs`; the output is the same whatever it is).
public struct RunOutput: Sendable {
    public var results: [ScenarioResult]
    public var audioFolder: URL?
    public var jobs: Int

    public init(_ results: [ScenarioResult], audioFolder: URL? = nil, jobs: Int = 1) {
        self.results = results
        self.audioFolder = audioFolder
        self.jobs = jobs
    }
}

/// A format that reports on a run's results (`earshot run --report NAME:PATH`).
public protocol RunOutputFormat: OutputFormat {
    /// The report: a file format's whole file, a folder format's index page; ends with a newline.
    func render(_ run: RunOutput) throws -> String
    /// Writes the report to `target`, a file or (``OutputDestination/folder``) a folder. By
    /// default, ``render(_:)-(RunOutput)`` written atomically to the file.
    func write(_ run: RunOutput, to target: URL) throws
}

extension RunOutputFormat {
    public func write(_ run: RunOutput, to target: URL) throws {
        try AtomicFile.write(try render(run), to: target)
    }
}

/// A format that reports on an audit's result (`earshot audit --format NAME`, `--report NAME:PATH`).
public protocol AuditOutputFormat: OutputFormat {
    /// The report as `--format` prints it: a file format's whole file, a folder format's index
    /// page; ends with a newline.
    func render(_ result: AuditResult) throws -> String
    /// Writes the report to `target`, a file or (``OutputDestination/folder``) a folder. By
    /// default, ``render(_:)-(AuditResult)`` written atomically to the file.
    func write(_ result: AuditResult, to target: URL) throws
}

extension AuditOutputFormat {
    public func write(_ result: AuditResult, to target: URL) throws {
        try AtomicFile.write(try render(result), to: target)
    }
}

/// A format that reports on a calibration (`earshot calibrate --report NAME:PATH`).
public protocol CalibrationOutputFormat: OutputFormat {
    /// The report: a file format's whole file, a folder format's index page; ends with a newline.
    func render(_ run: CalibrationRun) throws -> String
    /// Writes the report to `target`, a file or a folder. By default, ``render(_:)-(CalibrationRun)``
    /// written atomically to the file, or to `index.html` in the folder.
    func write(_ run: CalibrationRun, to target: URL) throws
}

extension CalibrationOutputFormat {
    public func write(_ run: CalibrationRun, to target: URL) throws {
        let file = destination == .folder ? target.appendingPathComponent("index.html") : target
        try AtomicFile.write(try render(run), to: file)
    }

    /// Writes the report where ``target(_:)`` said: standard output, or a file or folder.
    package func write(_ run: CalibrationRun, to target: OutputPath.Target) throws {
        try write(to: target, rendered: { try render(run) }, writing: { try write(run, to: $0) })
    }
}

extension OutputFormat {
    /// Where a report of this format named `path` goes (``OutputPath``): a file format takes a
    /// file path or `-` (standard output), a folder format a folder path; anything that is there
    /// and is not what the format writes is refused before anything is written.
    package func target(_ path: String) -> Result<OutputPath.Target, OutputPath.Problem> {
        destination == .folder ? OutputPath.folder(path) : OutputPath.file(path)
    }

    /// Writes a report where ``target(_:)`` said: the rendered text to standard output, else
    /// the format's own writing to the file or folder. What each kind of report (a run's, an
    /// audit's, a calibration's) does with its own subject, said once.
    func write(to target: OutputPath.Target, rendered: () throws -> String, writing: (URL) throws -> Void) throws {
        switch target {
        case .standardOutput: try OutputPath.write(try rendered(), to: .standardOutput)
        case .path(let path): try writing(URL(fileURLWithPath: path))
        }
    }
}

extension RunOutputFormat {
    /// Writes the report where ``target(_:)`` said: standard output, or a file or folder.
    package func write(_ run: RunOutput, to target: OutputPath.Target) throws {
        try write(to: target, rendered: { try render(run) }, writing: { try write(run, to: $0) })
    }
}

extension RunOutput {
    /// Writes each report to its target, one after another, each on ``jobs`` lanes where it
    /// has parts (``HTMLReport``'s pages, ``Reports/json(_:jobs:)``'s scenarios; the others
    /// take a few hundredths of a second for 5,000 scenarios). Writing the reports at once
    /// was slower: the pages' lanes, started from a lane, ran one after another. Returns each
    /// report's error, in the reports' order (nil: written); one that fails keeps no other
    /// from being written.
    package func write(_ reports: [(format: any RunOutputFormat, target: OutputPath.Target)]) -> [(any Error)?] {
        reports.map { report in
            do {
                try report.format.write(self, to: report.target)
                return nil
            } catch {
                return error
            }
        }
    }
}

extension AuditOutputFormat {
    /// Writes the report where ``target(_:)`` said: standard output, or a file or folder.
    package func write(_ result: AuditResult, to target: OutputPath.Target) throws {
        try write(to: target, rendered: { try render(result) }, writing: { try write(result, to: $0) })
    }
}
