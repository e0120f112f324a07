import EarshotAudit
import EarshotCalibration
import EarshotFiles
import EarshotRunner
import Foundation

/// How one format reports on one kind of subject (a run's results, an audit's result, a
/// calibration): its text, and how that is written to a file or a folder. One value per format
/// and subject, as swift-snapshot-testing's `Snapshotting<Value, Format>` is one value per
/// strategy and value, so that the writing to standard output, a file or a folder is said once
/// for every report.
///
/// `earshot run --report FORMAT:PATH`, `earshot audit --report FORMAT:PATH`, `earshot audit
/// --format FORMAT` and `earshot calibrate --report FORMAT:PATH` look a format up by its name
/// among the subject's (``named(_:)``); the help text, the check of what was typed and the
/// writing come from there:
///
/// ```swift
/// let (report, path) = try Reporting<RunOutput>.target("junit:build/earshot.xml")
/// try report.write(RunOutput(outcome.results), to: URL(fileURLWithPath: path))
/// ```
///
/// A new format is its case in ``OutputFormats/ID`` (with its destination), then a value in the
/// `reporting(_:)` switch of each subject it reports on (``ReportSubject``), which the compiler
/// asks for (docs/architecture.md, "Output formats").
public struct Reporting<Subject: Sendable>: Sendable {
    /// The format: its name on the command line and where its report goes.
    public let id: OutputFormats.ID
    private let rendering: @Sendable (Subject) throws -> String
    private let writing: (@Sendable (Subject, URL) throws -> Void)?

    /// A format's report on `Subject`: `render` makes its text (a file format's whole file, a
    /// folder format's index page; ending with a newline); `write`, when given, writes it to a
    /// file or folder itself, else the text is written atomically to the file (a folder's
    /// `index.html`).
    public init(_ id: OutputFormats.ID, render: @escaping @Sendable (Subject) throws -> String,
                write: (@Sendable (Subject, URL) throws -> Void)? = nil) {
        self.id = id
        self.rendering = render
        self.writing = write
    }

    /// The name on the command line: `junit`, `markdown`.
    public var name: String { id.rawValue }

    /// Where the report goes: a file with an extension, or a folder.
    public var destination: OutputDestination { id.destination }

    /// Text for people (printed with control characters escaped) rather than a machine format,
    /// which escapes what it must itself.
    public var isForPeople: Bool { id.isForPeople }

    /// The report's text.
    public func render(_ subject: Subject) throws -> String { try rendering(subject) }

    /// Writes the report to `target`, a file or (``OutputDestination/folder``) a folder.
    public func write(_ subject: Subject, to target: URL) throws {
        if let writing { return try writing(subject, target) }
        let file = destination == .folder ? target.appendingPathComponent("index.html") : target
        try AtomicFile.write(try render(subject), to: file)
    }

    /// Where a report of this format named `path` goes (``OutputPath``): a file format takes a
    /// file path or `-` (standard output), a folder format a folder path; anything that is there
    /// and is not what the format writes is refused before anything is written.
    package func target(_ path: String) -> Result<OutputPath.Target, OutputPath.Problem> {
        destination == .folder ? OutputPath.folder(path) : OutputPath.file(path)
    }

    /// Writes the report where ``target(_:)`` said: its text to standard output, else to the file
    /// or folder.
    package func write(_ subject: Subject, to target: OutputPath.Target) throws {
        switch target {
        case .standardOutput: try OutputPath.write(try render(subject), to: .standardOutput)
        case .path(let path): try write(subject, to: URL(fileURLWithPath: path))
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

/// A kind of thing a report is about, with each format's report on it: ``RunOutput``,
/// `AuditResult` and `CalibrationRun` (StandardFormats.swift).
public protocol ReportSubject: Sendable {
    /// Which subject it is, for help and errors.
    static var subject: OutputSubject { get }
    /// The format's report on it, or nil when the format does not report on it.
    static func reporting(_ id: OutputFormats.ID) -> Reporting<Self>?
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

extension RunOutput {
    /// Writes each report to its target, one after another, each on ``jobs`` lanes where it
    /// has parts (``HTMLReport``'s pages, ``Reports/json(_:jobs:)``'s scenarios; the others
    /// take a few hundredths of a second for 5,000 scenarios). Writing the reports at once
    /// was slower: the pages' lanes, started from a lane, ran one after another. Returns each
    /// report's error, in the reports' order (nil: written); one that fails keeps no other
    /// from being written.
    package func write(_ reports: [(report: Reporting<RunOutput>, target: OutputPath.Target)]) -> [(any Error)?] {
        reports.map { report in
            do {
                try report.report.write(self, to: report.target)
                return nil
            } catch {
                return error
            }
        }
    }
}
