import EarshotAudit
import EarshotCalibration
import EarshotCore
import Foundation

/// Every output format, in the order help lists them: the one list `earshot run`, `earshot
/// audit` and `earshot calibrate` read their formats from, each subject's reports being its
/// ``ReportSubject/reporting(_:)``.
///
/// ```swift
/// let (report, path) = try Reporting<RunOutput>.target("junit:build/earshot.xml")
/// OutputFormats.list(for: .run)   // "junit, json, sarif, html (PATH a folder) …"
/// ```
public enum OutputFormats {
    /// Every format's id, its name on the command line, with where its report goes. A format
    /// reports on a subject where that subject's `reporting(_:)` switch gives it a
    /// ``Reporting``: adding one is a case here, and the compiler asks each switch for it, so
    /// none can be left out.
    public enum ID: String, CaseIterable, Sendable {
        case text, junit, json, sarif, html, markdown, github

        /// Where the format's report goes.
        public var destination: OutputDestination {
            switch self {
            case .text, .github: .file(extension: "txt")
            case .junit: .file(extension: "xml")
            case .json: .file(extension: "json")
            case .sarif: .file(extension: "sarif")
            case .html: .folder
            case .markdown: .file(extension: "md")
            }
        }

        /// Text for people (printed with control characters escaped) rather than a machine
        /// format, which escapes what it must itself.
        public var isForPeople: Bool {
            switch self {
            case .text, .markdown: true
            case .junit, .json, .sarif, .html, .github: false
            }
        }

        /// Whether the format reports on `subject`.
        public func reports(on subject: OutputSubject) -> Bool {
            switch subject {
            case .run: RunOutput.reporting(self) != nil
            case .audit: AuditResult.reporting(self) != nil
            case .calibration: CalibrationRun.reporting(self) != nil
            }
        }

        /// The kinds of thing this format reports on, in ``OutputSubject`` order.
        public var subjects: [OutputSubject] { OutputSubject.allCases.filter(reports(on:)) }
    }

    /// The formats that report on `subject`, in ``ID``'s order.
    public static func reporting(on subject: OutputSubject) -> [ID] {
        ID.allCases.filter { $0.reports(on: subject) }
    }

    /// `FORMAT:PATH` split at its first colon.
    static func split(_ spec: String, subject: OutputSubject) throws(OutputFormatError) -> (String, String) {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else {
            throw OutputFormatError(kind: .notFormatAndPath, name: spec, subject: subject, expected: [], suggestion: nil)
        }
        return (parts[0], parts[1])
    }

    /// The formats that report on `subject` as help lists them: `junit, json, sarif, html (PATH a folder) or markdown`.
    public static func list(for subject: OutputSubject) -> String {
        listed(reporting(on: subject).map { $0.destination == .folder ? "\($0.rawValue) (PATH a folder)" : $0.rawValue })
    }

    /// The names of the formats that report on `subject`: `text, json, sarif, html or markdown`.
    public static func names(for subject: OutputSubject) -> String {
        listed(reporting(on: subject).map(\.rawValue))
    }

    /// `a, b or c`.
    static func listed(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension Reporting where Subject: ReportSubject {
    /// Every format's report on the subject, in ``OutputFormats/ID``'s order.
    public static var all: [Reporting<Subject>] { OutputFormats.ID.allCases.compactMap(Subject.reporting) }

    /// The report on the subject of the format called `name`; an unknown name, or a format that
    /// does not report on the subject, is an ``OutputFormatError``.
    public static func named(_ name: String) throws(OutputFormatError) -> Reporting<Subject> {
        if let id = OutputFormats.ID(rawValue: name), let reporting = Subject.reporting(id) { return reporting }
        let names = all.map(\.name)
        if OutputFormats.ID(rawValue: name) != nil {
            throw OutputFormatError(kind: .cannotReport, name: name, subject: Subject.subject, expected: names, suggestion: nil)
        }
        throw OutputFormatError(kind: .unknown, name: name, subject: Subject.subject, expected: names,
                                suggestion: TextMatching.nearest(to: name, in: names))
    }

    /// A `--report FORMAT:PATH` value: the format's report on the subject, and the path.
    public static func target(_ spec: String) throws(OutputFormatError) -> (report: Reporting<Subject>, path: String) {
        let (name, path) = try OutputFormats.split(spec, subject: Subject.subject)
        return (try named(name), path)
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
