import EarshotCore
import Foundation

/// The audit of one scene file, as `earshot audit` prints it.
public struct SceneAudit: Sendable {
    /// The scene file audited.
    public var file: String
    /// The scene's name.
    public var scene: String
    public var report: Auditor.Report

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
/// let audit = SceneAudit(file: "mail.yaml", scene: scene.name, report: Auditor(scene: scene).run())
/// print(AuditFormats.text([audit]))
/// try AuditFormats.sarif(audit.report.findings)   // one SARIF log
/// ```
public enum AuditFormats {
    /// One block per finding (`FILE:LINE:COLUMN: error: [rule] message`, the gesture path, the fix),
    /// then a summary line per scene.
    public static func text(_ audits: [SceneAudit]) -> String {
        var lines: [String] = []
        for audit in audits {
            lines += audit.report.findings.map(\.text)
            if let cutOff = audit.report.cutOff { lines.append("\(audit.file): note: \(cutOff)") }
            let errors = audit.report.findings.filter { $0.severity == .error }.count
            let warnings = audit.report.findings.count - errors
            lines.append("\(audit.file): \(audit.scene): \(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings") in \(audit.report.statesExplored) states")
        }
        return lines.joined(separator: "\n")
    }

    /// `{"scenes": [{file, scene, states, cutOff}], "findings": [{rule, severity, message, file, line, column, path, fix, guideline}]}`.
    public static func json(_ audits: [SceneAudit]) throws -> String {
        struct JSONScene: Encodable { var file, scene: String; var states: Int; var cutOff: String? }
        struct JSONFinding: Encodable {
            var rule, severity, message, file: String
            var line, column: Int
            var path, fix, guideline: String
        }
        struct Document: Encodable { var scenes: [JSONScene]; var findings: [JSONFinding] }
        let document = Document(
            scenes: audits.map { JSONScene(file: $0.file, scene: $0.scene, states: $0.report.statesExplored, cutOff: $0.report.cutOff) },
            findings: audits.flatMap(\.report.findings).map {
                JSONFinding(rule: $0.rule, severity: $0.severity.rawValue, message: $0.message, file: $0.location.file,
                            line: $0.location.line, column: $0.location.column, path: $0.path, fix: $0.fix,
                            guideline: Rule.named($0.rule).map { "\($0.guideline) (\($0.source))" } ?? "")
            })
        return try encode(document)
    }

    /// A SARIF 2.1.0 log with one run: every rule of the catalog and a result per finding.
    public static func sarif(_ findings: [Finding]) throws -> String {
        let rules = Rule.all
        let log = SARIF.Log(runs: [SARIF.Run(
            tool: .init(driver: .init(rules: rules.map(SARIF.ReportingDescriptor.init))),
            results: findings.map { finding in
                SARIF.Result(finding: finding, ruleIndex: rules.firstIndex { $0.id == finding.rule } ?? 0)
            })])
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
        var semanticVersion = "0.1.0"
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
        var properties: Properties

        struct Properties: Encodable { var path: String; var fix: String }

        init(finding: Finding, ruleIndex: Int) {
            ruleId = finding.rule
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Message(text: "\(finding.message). Observed: \(finding.path). Fix: \(finding.fix).")
            locations = [Location(finding.location)]
            properties = Properties(path: finding.path, fix: finding.fix)
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
