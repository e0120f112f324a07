import EarshotCore
import Foundation

/// The audit of one scene file, as `earshot audit` prints it.
public struct SceneAudit: Sendable {
    /// The scene file audited.
    public var file: String
    /// The scene's name.
    public var scene: String
    /// What the audit found; its findings are those that count.
    public var report: Auditor.Report
    /// Findings the scene file suppresses (`audit:`, `auditSkip:`), each with its reason in
    /// ``Finding/suppression``: reported, never failing.
    public var suppressed: [Finding] = []

    public init(file: String, scene: String, report: Auditor.Report) {
        self.file = file
        self.scene = scene
        self.report = report
    }
}

/// The output formats of `earshot audit` and of `earshot run --report sarif:PATH`:
/// plain text for people, JSON for scripts, SARIF 2.1.0 for code-scanning upload.
///
/// ```swift
/// let audit = SceneAudit(file: "mail.yaml", scene: scene, report: Auditor(scene: scene).run())
/// print(AuditFormats.text([audit]))
/// try AuditFormats.sarif(AuditResult([audit]))   // one SARIF log
/// ```
public enum AuditFormats {
    /// ``text(_:)-(AuditResult)`` of these audits, with no baseline.
    public static func text(_ audits: [SceneAudit]) -> String { text(AuditResult(audits)) }

    /// One block per finding (`FILE:LINE:COLUMN: error: [rule] message`, the gesture path, the
    /// fix), under the first scene it was found in, then a summary line per scene; then the
    /// suppressed findings with their reasons and, with a baseline, how many findings it knows
    /// (not shown one by one) and its entries no longer found.
    public static func text(_ result: AuditResult) -> String {
        var lines: [String] = []
        for audit in result.scenes {
            lines += result.findings.filter { $0.scenes.first == audit.file && $0.baselineState != .unchanged }.map {
                "\($0.location): \($0.severity.rawValue): [\($0.rule)] \($0.message)\(found($0))\n    observed: \($0.path)\n    fix: \($0.fix)"
            }
            if let cutOff = audit.report.cutOff { lines.append("\(audit.file): note: \(cutOff)") }
            let errors = audit.report.findings.filter { $0.severity == .error }.count
            let warnings = audit.report.findings.count - errors
            var summary = "\(audit.file): \(audit.scene): \(count(errors, "error")), \(count(warnings, "warning")) in \(audit.report.statesExplored) states"
            if !audit.suppressed.isEmpty { summary += " (\(audit.suppressed.count) suppressed)" }
            lines.append(summary)
        }
        if !result.suppressed.isEmpty {
            lines.append("suppressed (\(result.suppressed.count)):")
            lines += result.suppressed.map {
                "\($0.location): \($0.severity.rawValue): [\($0.rule)] \($0.message)\(found($0))\n    reason: \($0.suppression ?? "")"
            }
        }
        if let fixed = result.fixed {
            let known = result.findings.filter { $0.baselineState == .unchanged }.count
            lines.append("\(count(known, "known finding")) from the baseline")
            lines += fixed.map { "fixed: [\($0.rule)] \($0.element ?? $0.message) in \($0.file) (in the baseline, no longer found)" }
        }
        return lines.joined(separator: "\n")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// ` (found in 3 scenes: a.yaml, b.yaml, c.yaml)`, ` (found 2 times)`, or nothing.
    private static func found(_ finding: Finding) -> String {
        if finding.scenes.count > 1 {
            return " (found in \(finding.scenes.count) scenes: \(finding.scenes.joined(separator: ", ")))"
        }
        return finding.occurrences > 1 ? " (found \(finding.occurrences) times)" : ""
    }

    /// ``json(_:)-(AuditResult)`` of these audits, with no baseline.
    public static func json(_ audits: [SceneAudit]) throws -> String { try json(AuditResult(audits)) }

    /// `{"scenes": [{file, scene, states, cutOff, suppressed}],
    /// "findings": [{rule, severity, message, file, line, column, path, fix, guideline, element,
    /// fingerprint, occurrences, scenes, baseline}], "suppressed": [{…, reason}], "fixed": [entry]}`;
    /// `baseline` (`new` or `unchanged`) and `fixed` only when a baseline was compared.
    public static func json(_ result: AuditResult) throws -> String {
        struct JSONScene: Encodable { var file, scene: String; var states: Int; var cutOff: String?; var suppressed: Int }
        struct JSONFinding: Encodable {
            var rule, severity, message, file: String
            var line, column: Int
            var path, fix, guideline: String
            var element, fingerprint: String?
            var occurrences: Int
            var scenes: [String]
            var baseline, reason: String?

            init(_ finding: Finding) {
                rule = finding.rule
                severity = finding.severity.rawValue
                message = finding.message
                file = finding.location.file
                line = finding.location.line
                column = finding.location.column
                path = finding.path
                fix = finding.fix
                guideline = Rule.named(finding.rule).map { "\($0.guideline) (\($0.source))" } ?? ""
                element = finding.element
                fingerprint = finding.fingerprint
                occurrences = finding.occurrences
                scenes = finding.scenes
                baseline = finding.baselineState?.rawValue
                reason = finding.suppression
            }
        }
        struct Document: Encodable {
            var scenes: [JSONScene]
            var findings, suppressed: [JSONFinding]
            var fixed: [Baseline.Entry]?
        }
        let document = Document(
            scenes: result.scenes.map {
                JSONScene(file: $0.file, scene: $0.scene, states: $0.report.statesExplored, cutOff: $0.report.cutOff,
                          suppressed: $0.suppressed.count)
            },
            findings: result.findings.map(JSONFinding.init), suppressed: result.suppressed.map(JSONFinding.init),
            fixed: result.fixed)
        return try encode(document)
    }

    /// A SARIF 2.1.0 log of a result: its findings, then its suppressed findings (with
    /// `suppressions`), each with its fingerprint and, when a baseline was compared, its
    /// `baselineState`; then the baseline's entries no longer found, as results whose
    /// `baselineState` is `absent` (SARIF's word for a result of the baseline run that this run
    /// does not have), so that code scanning closes them.
    public static func sarif(_ result: AuditResult) throws -> String {
        try sarif(result.findings + result.suppressed, absent: result.fixed ?? [])
    }

    /// A SARIF 2.1.0 log with one run: every rule of the catalog and a result per finding.
    /// A result carries `partialFingerprints` (`earshot/v1`) when the finding has a
    /// fingerprint, `suppressions` when it is suppressed, `baselineState` when it was compared
    /// with a baseline, and `occurrenceCount`.
    public static func sarif(_ findings: [Finding]) throws -> String {
        try sarif(findings, absent: [])
    }

    private static func sarif(_ findings: [Finding], absent: [Baseline.Entry]) throws -> String {
        let rules = Rule.all
        func index(_ id: String) -> Int { rules.firstIndex { $0.id == id } ?? 0 }
        let log = SARIF.Log(runs: [SARIF.Run(
            tool: .init(driver: .init(rules: rules.map(SARIF.ReportingDescriptor.init))),
            results: findings.map { SARIF.Result(finding: $0, ruleIndex: index($0.rule)) }
                + absent.map { SARIF.Result(absent: $0, ruleIndex: index($0.rule)) })])
        return try encode(log)
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// The parts of SARIF 2.1.0 (OASIS) that Earshot writes.
enum SARIF {
    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "earshot"
        var version = EarshotVersion.current
        var semanticVersion = EarshotVersion.current
        var rules: [ReportingDescriptor]
    }

    struct Message: Encodable {
        var text: String
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
        var properties: Properties

        struct Configuration: Encodable { var level: String }
        struct Properties: Encodable { var source: String; var tags: [String] }

        init(_ rule: Rule) {
            id = rule.id
            name = rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            shortDescription = Message(text: rule.summary)
            fullDescription = Message(text: rule.guideline)
            help = Message(text: "Fix: \(rule.fix). Guideline: \(rule.source).")
            defaultConfiguration = Configuration(level: rule.severity.rawValue)
            properties = Properties(source: rule.source, tags: ["accessibility", "voiceover", "sheets"])
        }
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]?
        var suppressions: [Suppression]?
        var baselineState: String?
        var occurrenceCount: Int
        var properties: Properties

        struct Properties: Encodable { var path: String?; var fix: String; var scenes: [String]? }
        struct Suppression: Encodable { var kind = "inSource"; var justification: String }

        init(finding: Finding, ruleIndex: Int) {
            ruleId = finding.rule
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Message(text: "\(finding.message). Observed: \(finding.path). Fix: \(finding.fix).")
            locations = [Location(finding.location)]
            partialFingerprints = finding.fingerprint.map { [AuditPolicy.fingerprintVersion: $0] }
            suppressions = finding.suppression.map { [Suppression(justification: $0)] }
            baselineState = finding.baselineState?.rawValue
            occurrenceCount = max(finding.occurrences, 1)
            properties = Properties(path: finding.path, fix: finding.fix, scenes: finding.scenes.isEmpty ? nil : finding.scenes)
        }

        /// A baseline entry this run no longer finds: its rule, file and fingerprint, no line
        /// (the baseline keeps none), `baselineState: absent`.
        init(absent entry: Baseline.Entry, ruleIndex: Int) {
            ruleId = entry.rule
            self.ruleIndex = ruleIndex
            level = entry.severity.rawValue
            message = Message(text: "\(entry.message). In the baseline, no longer found.")
            locations = [Location(SourceLocation(file: entry.file, line: 0, column: 0))]
            partialFingerprints = [AuditPolicy.fingerprintVersion: entry.fingerprint]
            baselineState = "absent"
            occurrenceCount = 1
            properties = Properties(path: nil, fix: Rule.named(entry.rule)?.fix ?? "",
                                    scenes: entry.scenes.isEmpty ? nil : entry.scenes)
        }
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation

        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region?
        }
        struct ArtifactLocation: Encodable { var uri: String }
        struct Region: Encodable { var startLine: Int; var startColumn: Int }

        init(_ location: SourceLocation) {
            // A relative path is a URI reference; characters a URI cannot hold are escaped.
            let uri = location.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? location.file
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: uri),
                region: location.line > 0 ? Region(startLine: location.line, startColumn: max(location.column, 1)) : nil)
        }
    }
}
