import EarshotAudit
import EarshotCore
import Foundation

extension AuditFormats {
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

        struct Properties: Encodable {
            var path: String?
            var fix: String
            var scenes: [String]?
            /// A run's configurations that found it, when one is not the scene as written.
            var configurations: [String]?
        }
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
            properties = Properties(path: finding.path, fix: finding.fix, scenes: finding.scenes.isEmpty ? nil : finding.scenes,
                                    configurations: finding.configurations.allSatisfy { $0 == RunConfiguration.standard.name }
                                        ? nil : finding.configurations)
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
