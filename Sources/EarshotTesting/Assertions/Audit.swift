import EarshotAudit
import EarshotCore
import EarshotReader

extension ScreenReader {
    /// Runs the sheet audits (docs/guide.md, Sheet audits) from where the reader stands, as an
    /// `audit` step of a scenario does, and records one failure for each
    /// error finding (warnings are in the report it returns). Steps that
    /// could not act are reported too.
    ///
    /// ```swift
    /// reader.touch("compose")
    /// reader.doubleTap()
    /// reader.audit()
    /// ```
    ///
    /// Findings the scene file suppresses (`audit:`, `auditSkip:`) stay in the report with
    /// their reason and fail nothing. Each failure is the finding's text: the scene location of the element
    /// or presentation (the Swift line, for a DSL scene), the rule, the
    /// gestures that show it, and the fix.
    @discardableResult
    public func audit(rules: Set<String>? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                      line: UInt = #line, column: UInt = #column) -> Auditor.Report {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = reportStepFailures(at: site)
        let auditor = Auditor(scene: scene, rules: rules ?? Set(Rule.all.map(\.id)))
        return auditor.run(from: self).reviewed(in: scene).recordingErrors(at: site)
    }
}

extension Scene {
    /// Runs the sheet audits (docs/guide.md, Sheet audits) over every state reachable from the
    /// scene as it opens (as `earshot audit` does) and records one failure
    /// for each error finding; warnings are in the report it returns.
    ///
    /// ```swift
    /// let scene = try Scene("Mail") { … } presentations: { … }
    /// scene.audit()
    /// ```
    @discardableResult
    public func audit(rules: Set<String>? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                      line: UInt = #line, column: UInt = #column) -> Auditor.Report {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return Auditor(scene: self, rules: rules ?? Set(Rule.all.map(\.id))).run().reviewed(in: self).recordingErrors(at: site)
    }
}

extension Auditor.Report {
    /// The scene file's suppressions (`audit:`, `auditSkip:`) applied as `earshot audit` applies
    /// them: a suppressed finding stays in the report with its reason (``Finding/suppression``)
    /// and does not fail the test.
    func reviewed(in scene: Scene) -> Auditor.Report {
        let audit = SceneAudit(file: scene.location.file, scene: scene, report: self)
        var report = audit.report
        report.findings += audit.suppressed
        return report
    }

    func recordingErrors(at site: CallSite) -> Auditor.Report {
        for finding in findings where finding.severity == .error && finding.suppression == nil {
            FailureRecorder.record("audit: " + finding.text, at: site)
        }
        return self
    }
}
