import EarshotCore

/// What a team decided about the explorer's findings, applied after the audit: severities
/// from the configuration, the scene file's suppressions, and the fingerprints baselines
/// compare.
///
/// ```swift
/// let report = Auditor(scene: scene, rules: configuration.enabledRules()).run()
/// let audit = SceneAudit(file: "mail.yaml", scene: scene, report: report, configuration: configuration)
/// audit.report.findings     // what counts, with fingerprints
/// audit.suppressed          // what the scene file suppresses, each with its reason
/// ```
public enum AuditPolicy {
    /// The version of the fingerprint recipe, the key of SARIF's `partialFingerprints`.
    public static let fingerprintVersion = "earshot/v1"

    /// A finding's stable identity: FNV-1a (64 bits, as 16 hex digits) of the fingerprint
    /// version, the rule id, the file of the finding's location (as given, `./` and `dir/..`
    /// taken out) and the ``elementPath(at:in:)`` of the place it points at. No line or column
    /// goes in, so moving lines (or adding elements above) keeps every fingerprint; renaming
    /// the element, its id or its presentation makes a new one. The finding's ``Finding/element``
    /// is used when it is set, so the scene is not searched again.
    ///
    /// ```swift
    /// AuditPolicy.fingerprint(of: finding, in: scene)   // "5c1e0a3b9d7f2e41"
    /// ```
    public static func fingerprint(of finding: Finding, in scene: Scene) -> String {
        let element = finding.element ?? elementPath(at: finding.location, in: scene)
        return fingerprint(rule: finding.rule, file: finding.location.file, element: element ?? "message:\(finding.message)")
    }

    static func fingerprint(rule: String, file: String, element: String) -> String {
        let hash = TextMatching.stableHash([fingerprintVersion, rule, normalised(file), element].joined(separator: "\n"))
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Where a location is in the scene, in words that do not move with lines: a presentation's
    /// id (`compose`), or an element as `SURFACE/NAME` with SURFACE the presentation's id or
    /// `root` and NAME the element's id, else `role:label` (`compose/button:Cancel`, and
    /// `button:Cancel#2` for the second such element of that surface); `scene` for the scene
    /// itself; nil when nothing in the scene is there.
    public static func elementPath(at location: SourceLocation, in scene: Scene) -> String? {
        // Presentations first: Earshot's own elements for one (grabber, dismiss) share its location.
        if let id = scene.presentationOrder.first(where: { scene.presentations[$0]?.location == location }) { return id }
        let elements = scene.elements.filter { $0.location == location }
        if let element = elements.first(where: { $0.system == nil }) ?? elements.first {
            let surface = element.surface.presentationID ?? "root"
            if let id = element.id { return "\(surface)/\(id)" }
            // Elements with one role and label in one surface are told apart by their order in the file.
            let twins = scene.elements.filter {
                $0.id == nil && $0.role == element.role && $0.label == element.label
                    && $0.surface.presentationID == element.surface.presentationID
            }
            let ordinal = (twins.firstIndex { $0.location == location } ?? 0) + 1
            return "\(surface)/\(element.role.rawValue):\(element.label)" + (ordinal > 1 ? "#\(ordinal)" : "")
        }
        return location == scene.location ? "scene" : nil
    }

    /// The suppression that covers a finding, if any: the scene's `audit:`, the `auditSkip:`
    /// of the element it is at, of that element's presentation, or of the presentation it is at.
    public static func suppression(of finding: Finding, in scene: Scene) -> AuditSkip? {
        func covering(_ skip: AuditSkip?) -> AuditSkip? {
            skip.flatMap { $0.rules.contains(finding.rule) ? $0 : nil }
        }
        if let skip = covering(scene.auditSkip) { return skip }
        for element in scene.elements where element.location == finding.location {
            if let skip = covering(element.auditSkip) { return skip }
            if let id = element.surface.presentationID, let skip = covering(scene.presentations[id]?.auditSkip) { return skip }
        }
        for presentation in scene.presentations.values where presentation.location == finding.location {
            if let skip = covering(presentation.auditSkip) { return skip }
        }
        return nil
    }

    /// A path as given, with `.` components and `dir/..` pairs taken out: `./a/../b.yaml` is `b.yaml`.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}

extension SceneAudit {
    /// The audit of one scene with the policy applied: each finding gets the configured
    /// severity, its fingerprint and this file as its scene; findings the scene file
    /// suppresses move to ``suppressed`` with their reason; findings of one rule at one
    /// place are reported once, with their count.
    public init(file: String, scene: Scene, report: Auditor.Report, configuration: AuditConfiguration = AuditConfiguration()) {
        var counted: [Finding] = []
        var suppressed: [Finding] = []
        for var finding in report.findings {
            finding.severity = configuration.severity(of: finding.rule, default: finding.severity)
            // The element path is looked up once (it scans the scene) and serves the fingerprint too.
            finding.element = AuditPolicy.elementPath(at: finding.location, in: scene)
            finding.fingerprint = AuditPolicy.fingerprint(of: finding, in: scene)
            finding.scenes = [file]
            if let skip = AuditPolicy.suppression(of: finding, in: scene) {
                finding.suppression = skip.reason
                suppressed.append(finding)
            } else {
                counted.append(finding)
            }
        }
        var report = report
        report.findings = Finding.grouped(counted)
        self.init(file: file, scene: scene.name, report: report)
        self.suppressed = Finding.grouped(suppressed)
    }
}
