import EarshotCore
import Foundation

/// Every output format, in the order help lists them: the one list `earshot run` and `earshot
/// audit` read their formats from.
///
/// ```swift
/// let (format, path) = try OutputFormats.runTarget("junit:build/earshot.xml")
/// try format.write(RunOutput(outcome.results), to: URL(fileURLWithPath: path))
/// OutputFormats.list(for: .run)   // "junit, json, sarif, html (PATH a folder) …"
/// ```
public enum OutputFormats {
    /// The formats, in the order of ``ID``.
    public static let all: [any OutputFormat] = ID.allCases.map(\.format)

    /// Every format's id, its name on the command line. A format is made with its id, and
    /// ``format`` maps each id to its format: adding one is a case here and the format's own
    /// file, and the compiler asks for the format in the switch, so none can be left out.
    public enum ID: String, CaseIterable, Sendable {
        case text, junit, json, sarif, html, markdown, github

        /// The format with this id.
        public var format: any OutputFormat {
            switch self {
            case .text: TextFormat()
            case .junit: JUnitFormat()
            case .json: JSONFormat()
            case .sarif: SARIFFormat()
            case .html: HTMLFormat()
            case .markdown: MarkdownFormat()
            case .github: GitHubFormat()
            }
        }
    }

    /// The formats that report on `subject`, in ``all``'s order.
    public static func reporting(on subject: OutputSubject) -> [any OutputFormat] {
        all.filter { $0.reports(on: subject) }
    }

    /// The format called `name` that reports on `subject`; an unknown name, or a format that
    /// does not report on `subject`, is an ``OutputFormatError``.
    public static func named(_ name: String, for subject: OutputSubject) throws(OutputFormatError) -> any OutputFormat {
        let candidates = reporting(on: subject)
        if let format = candidates.first(where: { $0.name == name }) { return format }
        let names = candidates.map(\.name)
        if all.contains(where: { $0.name == name }) {
            throw OutputFormatError(kind: .cannotReport, name: name, subject: subject, expected: names, suggestion: nil)
        }
        throw OutputFormatError(kind: .unknown, name: name, subject: subject, expected: names,
                                suggestion: TextMatching.nearest(to: name, in: names))
    }

    /// The format called `name` that reports on a run (`earshot run --report`).
    public static func runFormat(named name: String) throws(OutputFormatError) -> any RunOutputFormat {
        try typed(named(name, for: .run), subject: .run)
    }

    /// The format called `name` that reports on an audit (`earshot audit --format`, `--report`).
    public static func auditFormat(named name: String) throws(OutputFormatError) -> any AuditOutputFormat {
        try typed(named(name, for: .audit), subject: .audit)
    }

    /// The format called `name` that reports on a calibration (`earshot calibrate --report`).
    public static func calibrationFormat(named name: String) throws(OutputFormatError) -> any CalibrationOutputFormat {
        try typed(named(name, for: .calibration), subject: .calibration)
    }

    /// A `--report FORMAT:PATH` value of `earshot calibrate`: its format and its path.
    public static func calibrationTarget(_ spec: String) throws(OutputFormatError) -> (format: any CalibrationOutputFormat, path: String) {
        let (name, path) = try split(spec, subject: .calibration)
        return (try calibrationFormat(named: name), path)
    }

    /// A `--report FORMAT:PATH` value of `earshot run`: its format and its path.
    public static func runTarget(_ spec: String) throws(OutputFormatError) -> (format: any RunOutputFormat, path: String) {
        let (name, path) = try split(spec, subject: .run)
        return (try runFormat(named: name), path)
    }

    /// A `--report FORMAT:PATH` value of `earshot audit`: its format and its path.
    public static func auditTarget(_ spec: String) throws(OutputFormatError) -> (format: any AuditOutputFormat, path: String) {
        let (name, path) = try split(spec, subject: .audit)
        return (try auditFormat(named: name), path)
    }

    private static func split(_ spec: String, subject: OutputSubject) throws(OutputFormatError) -> (String, String) {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else {
            throw OutputFormatError(kind: .notFormatAndPath, name: spec, subject: subject, expected: [], suggestion: nil)
        }
        return (parts[0], parts[1])
    }

    /// `format` as the protocol of `subject`, which ``OutputFormat/reports(on:)`` has checked.
    private static func typed<Format>(_ format: any OutputFormat, subject: OutputSubject) throws(OutputFormatError) -> Format {
        guard let typed = format as? Format else {
            throw OutputFormatError(kind: .cannotReport, name: format.name, subject: subject,
                                    expected: reporting(on: subject).map(\.name), suggestion: nil)
        }
        return typed
    }

    /// The formats that report on `subject` as help lists them: `junit, json, sarif, html (PATH a folder) or markdown`.
    public static func list(for subject: OutputSubject) -> String {
        listed(reporting(on: subject).map { $0.destination == .folder ? "\($0.name) (PATH a folder)" : $0.name })
    }

    /// The names of the formats that report on `subject`: `text, json, sarif, html or markdown`.
    public static func names(for subject: OutputSubject) -> String {
        listed(reporting(on: subject).map(\.name))
    }

    /// `a, b or c`.
    static func listed(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// A format the command line cannot use: unknown, not reporting on this kind of thing, or a
/// `--report` value that is not `FORMAT:PATH`. Worded here, for both commands.
public struct OutputFormatError: Error, Sendable {
    public enum Kind: Sendable, Hashable {
        /// No format has this name.
        case unknown
        /// The format exists but does not report on this subject (`junit` for an audit).
        case cannotReport
        /// A `--report` value with no `:` or no path (``OutputFormatError/name`` is the whole value).
        case notFormatAndPath
    }

    public var kind: Kind
    /// The format name as typed.
    public var name: String
    public var subject: OutputSubject
    /// The formats that report on ``subject``.
    public var expected: [String]
    /// The closest name, for a typo.
    public var suggestion: String?

    /// The message for `option` (`--report` or `--format`), e.g.
    /// `--report format 'jsn' (expected junit, json, sarif, html or markdown); did you mean 'json'?`.
    public func message(option: String) -> String {
        let expectation = "expected \(OutputFormats.listed(expected))"
        let named = option == "--report" ? "--report format '\(name)'" : "\(option) '\(name)'"
        switch kind {
        case .notFormatAndPath:
            return "--report '\(name)' (expected FORMAT:PATH, e.g. \(subject.example))"
        case .cannotReport:
            return "\(named) does not report on \(subject.named) (\(expectation))"
        case .unknown:
            return "\(named) (\(expectation))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }
    }
}

extension OutputSubject {
    /// What the subject is in a sentence: `a run`.
    var named: String {
        switch self {
        case .run: "a run"
        case .audit: "an audit"
        case .calibration: "a calibration"
        }
    }

    /// A `--report` value for it.
    var example: String {
        switch self {
        case .run: "junit:build/earshot.xml"
        case .audit: "html:build/audit"
        case .calibration: "markdown:build/calibration.md"
        }
    }
}
