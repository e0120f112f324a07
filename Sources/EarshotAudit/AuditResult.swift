/// What one `earshot audit` call reports: the scenes' audits, their findings once per rule
/// and place across all scenes (UI shared by scenes is reported once, with the scenes it was
/// found in), what the scene files suppress, and the comparison with a baseline.
///
/// ```swift
/// let result = AuditResult(audits, baseline: try Baseline(json: data))
/// print(AuditFormats.text(result))
/// if result.failed { exit(1) }
/// ```
public struct AuditResult: Sendable {
    public var scenes: [SceneAudit]
    /// Findings that count, each rule and place once, in the order found.
    public var findings: [Finding]
    /// Findings the scene files suppress, each with its reason.
    public var suppressed: [Finding]
    /// The rules that ran.
    public var rules: Set<String>
    /// With a baseline: its entries this run looked for and did not find. Nil without one.
    public var fixed: [Baseline.Entry]?

    /// Groups the scenes' findings and, given a baseline, marks each finding `new` or
    /// `unchanged`. `rules` are those that ran, so that entries of other rules are not fixed.
    public init(_ scenes: [SceneAudit], rules: Set<String> = Set(Rule.all.map(\.id)), baseline: Baseline? = nil) {
        self.scenes = scenes
        self.rules = rules
        // Each finding names the scene it came from (audits made without the policy do not yet).
        func found(_ findings: [Finding], in audit: SceneAudit) -> [Finding] {
            findings.map { finding in
                var finding = finding
                if finding.scenes.isEmpty { finding.scenes = [audit.file] }
                return finding
            }
        }
        findings = Finding.grouped(scenes.flatMap { found($0.report.findings, in: $0) })
        suppressed = Finding.grouped(scenes.flatMap { found($0.suppressed, in: $0) })
        guard let baseline else { return }
        let known = Set(baseline.findings.map(\.fingerprint))
        for index in findings.indices {
            findings[index].baselineState = known.contains(findings[index].fingerprint ?? "") ? .unchanged : .new
        }
        for index in suppressed.indices {
            suppressed[index].baselineState = known.contains(suppressed[index].fingerprint ?? "") ? .unchanged : .new
        }
        let found = Set((findings + suppressed).compactMap(\.fingerprint))
        let audited = Set(scenes.map(\.file))
        fixed = baseline.findings.filter {
            !found.contains($0.fingerprint) && Baseline.covers($0, rules: rules, scenes: audited)
        }
    }

    /// Whether an error counts: one not suppressed and, with a baseline, not in it.
    public var failed: Bool {
        findings.contains { $0.severity == .error && $0.baselineState != .unchanged }
    }
}
