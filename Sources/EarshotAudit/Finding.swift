import EarshotCore

/// One thing an audit found: which rule, how serious, where, and the gestures that show it.
public struct Finding: Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// The gesture path that shows it, e.g. `touch Open → double tap → scrub on Sheet Grabber → nothing happened`.
    public var path: String
    public var fix: String
    /// Set when the scene file suppresses it (`audit:`, `auditSkip:`): the reason written there.
    /// A suppressed finding is reported, but does not fail an audit.
    public var suppression: String? = nil
    /// Where it is in the scene, as its fingerprint names it: `compose/button:Cancel` (the
    /// presentation or `root`, then the element's id, else role and label), or a presentation's id.
    public var element: String? = nil
    /// Its stable identity for baselines, the same when lines move (``AuditPolicy/fingerprint(of:in:)``).
    public var fingerprint: String? = nil
    /// Set when a baseline was compared: whether the baseline knows it.
    public var baselineState: BaselineState? = nil
    /// How many times it was found at this place: in several states, or in several scenes that
    /// share the element (scenes on one capture).
    public var occurrences = 1
    /// The scene files it was found in, in the order they were audited.
    public var scenes: [String] = []
    /// The configurations of the scenarios whose `audit` steps found it (`default`, `de`, …),
    /// in the order run; none in `earshot audit`.
    public var configurations: [String] = []

    public init(rule: Rule, severity: Severity? = nil, message: String, location: SourceLocation, path: String) {
        self.rule = rule.id
        self.severity = severity ?? rule.severity
        self.message = message
        self.location = location
        self.path = path
        self.fix = rule.fix
    }

    /// `FILE:LINE:COLUMN: error: [rule] message`, the path and the fix on the lines below.
    public var text: String {
        "\(location): \(severity.rawValue): [\(rule)] \(message)\n    observed: \(path)\n    fix: \(fix)"
    }
}

/// A finding compared with a baseline (`earshot audit --baseline FILE`).
public enum BaselineState: String, Hashable, Sendable, Codable {
    /// Not in the baseline: an error fails the audit.
    case new
    /// In the baseline: reported, but it does not fail the audit.
    case unchanged
}

extension Finding {
    /// Findings of one rule at one place reported once: their ``occurrences`` added up, their
    /// ``scenes`` and ``configurations`` joined, the more serious severity kept, in the order
    /// first found.
    ///
    /// ```swift
    /// Finding.grouped(audits.flatMap(\.report.findings))   // one per rule and file:line:column
    /// ```
    public static func grouped(_ findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        var index: [String: Int] = [:]
        for finding in findings {
            let key = "\(finding.rule)|\(finding.location)"
            guard let at = index[key] else {
                index[key] = result.count
                result.append(finding)
                continue
            }
            result[at].occurrences += finding.occurrences
            result[at].severity = max(result[at].severity, finding.severity)
            for scene in finding.scenes where !result[at].scenes.contains(scene) { result[at].scenes.append(scene) }
            for name in finding.configurations where !result[at].configurations.contains(name) {
                result[at].configurations.append(name)
            }
        }
        return result
    }
}
