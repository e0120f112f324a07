import EarshotAudit
import EarshotCore
import Foundation

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
        // What the baseline knows: counted in the summary, said to be baselined (they pass).
        let baselined = Set(result.findings.filter { $0.baselineState == .unchanged }.compactMap(\.fingerprint))
        for audit in result.scenes {
            lines += result.findings.filter { $0.scenes.first == audit.file && $0.baselineState != .unchanged }.map {
                "\($0.location): \($0.severity.rawValue): [\($0.rule)] \($0.message)\(found($0))\n    observed: \($0.path)\n    fix: \($0.fix)"
            }
            if let cutOff = audit.report.cutOff { lines.append("\(audit.file): note: \(cutOff)") }
            let errors = audit.report.findings.filter { $0.severity == .error }
            let warnings = audit.report.findings.filter { $0.severity != .error }
            func known(_ findings: [Finding]) -> Int { findings.filter { $0.fingerprint.map(baselined.contains) == true }.count }
            var summary = "\(audit.file): \(audit.scene): \(count(errors.count, "error", baselined: known(errors))), "
                + "\(count(warnings.count, "warning", baselined: known(warnings))) in \(audit.report.statesExplored) states"
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

    /// `2 errors`; with some the baseline knows, `1 error (baselined)`, `3 errors (2 baselined)`.
    private static func count(_ number: Int, _ noun: String, baselined: Int = 0) -> String {
        let counted = "\(number) \(noun)\(number == 1 ? "" : "s")"
        guard baselined > 0 else { return counted }
        return counted + (baselined == number ? " (baselined)" : " (\(baselined) baselined)")
    }

    /// ` (found in 3 scenes: a.yaml, b.yaml, c.yaml)`, ` (found 2 times)`, or nothing.
    private static func found(_ finding: Finding) -> String {
        if finding.scenes.count > 1 {
            return " (found in \(finding.scenes.count) scenes: \(finding.scenes.joined(separator: ", ")))"
        }
        return finding.occurrences > 1 ? " (found \(finding.occurrences) times)" : ""
    }
}
