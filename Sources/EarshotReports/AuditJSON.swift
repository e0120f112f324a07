import EarshotAudit
import EarshotCore
import Foundation

extension AuditFormats {
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

    /// Pretty-printed JSON with sorted keys and unescaped slashes, ending in a line feed: the
    /// audit's JSON and SARIF.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
