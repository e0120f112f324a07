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
