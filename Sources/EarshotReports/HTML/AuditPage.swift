import EarshotAudit
import EarshotScenario

extension HTMLReport {
    /// The page of an audit (`earshot audit --format html`, `--report html:DIR`): the counts; per
    /// scene its findings (rule, severity, message, FILE:LINE:COLUMN, the gestures that show it,
    /// the fix), the states explored and whether the walk was cut off; the suppressed findings
    /// with their reasons; and, with a baseline, which findings it knows and its entries no
    /// longer found. No script: it is a document to read.
    ///
    /// ```swift
    /// let audit = SceneAudit(file: "mail.yaml", scene: scene, report: Auditor(scene: scene).run())
    /// let html = HTMLReport.auditPage(AuditResult([audit]))
    /// ```
    public static func auditPage(_ result: AuditResult) -> String {
        var html = HTMLText(capacity: 6_000 + (result.findings.count + result.suppressed.count) * 800)
        page(&html, title: "Earshot audit")
        let errors = result.findings.filter { $0.severity == .error }.count
        let warnings = result.findings.count - errors
        html.raw("<header><h1>Earshot audit</h1>\n<p id=\"counts\"><strong class=\"status \(result.failed ? "failed" : "passed")\">")
        html.raw(result.failed ? "✗ failed" : "✓ passed")
        html.raw("</strong>: \(count(errors, "error")), \(count(warnings, "warning")), \(result.suppressed.count) suppressed, in \(count(result.scenes.count, "scene"))</p>")
        if result.fixed != nil {
            let known = result.findings.filter { $0.baselineState == .unchanged }.count
            html.raw("<p>Compared with a baseline: \(count(known, "known finding")) (reported, not failing), \(result.findings.count - known) new.</p>")
        }
        html.raw("</header>\n<main>\n")
        for (index, audit) in result.scenes.enumerated() {
            let findings = result.findings.filter { $0.scenes.first == audit.file }
            html.raw("<section class=\"scene\" aria-labelledby=\"scene-\(index)\"><h2 id=\"scene-\(index)\">")
            html.text(audit.scene)
            html.raw(" <span class=\"file\">")
            html.text(audit.file)
            html.raw("</span></h2>\n<p>")
            let sceneErrors = audit.report.findings.filter { $0.severity == .error }.count
            html.raw("\(count(sceneErrors, "error")), \(count(audit.report.findings.count - sceneErrors, "warning")) in \(count(audit.report.statesExplored, "state")) explored")
            if !audit.suppressed.isEmpty { html.raw(" (\(audit.suppressed.count) suppressed)") }
            html.raw(".</p>\n")
            if let cutOff = audit.report.cutOff {
                html.raw("<p class=\"note\">Note: ")
                html.text(cutOff)
                html.raw("</p>\n")
            }
            if findings.isEmpty {
                html.raw("<p class=\"passed\">✓ No findings first found in this scene.</p>\n")
            }
            for finding in findings { appendFinding(finding, heading: "h3", into: &html) }
            html.raw("</section>\n")
        }
        if !result.suppressed.isEmpty {
            html.raw("<section id=\"suppressed\" aria-labelledby=\"suppressed-heading\"><h2 id=\"suppressed-heading\">Suppressed (\(result.suppressed.count))</h2>\n")
            html.raw("<p class=\"muted\">The scene files suppress these, each with its reason; they do not fail the audit.</p>\n")
            for finding in result.suppressed { appendFinding(finding, heading: "h3", into: &html) }
            html.raw("</section>\n")
        }
        if let fixed = result.fixed, !fixed.isEmpty {
            html.raw("<section id=\"fixed\" aria-labelledby=\"fixed-heading\"><h2 id=\"fixed-heading\">Fixed: in the baseline, no longer found</h2><ul>\n")
            for entry in fixed {
                html.raw("<li><code>")
                html.text(entry.rule)
                html.raw("</code> ")
                html.text("\(entry.element ?? entry.message) in \(entry.file)")
                html.raw("</li>\n")
            }
            html.raw("</ul></section>\n")
        }
        html.raw("</main>\n</body>\n</html>\n")
        return html.string
    }

    /// One finding as an `<article class="finding SEVERITY" data-rule="RULE">`: its rule and
    /// severity (symbol and word), message, place, gesture path, fix, and, when set, its
    /// suppression reason, baseline state and where else it was found.
    static func appendFinding(_ finding: Finding, heading: String, into html: inout HTMLText) {
        let severity = finding.severity.rawValue
        html.raw("<article class=\"finding \(severity)\" data-rule=\"")
        html.text(finding.rule)
        html.raw("\"><\(heading)><span class=\"severity\">\(finding.severity == .error ? "✗" : "⚠") \(severity)</span> <code class=\"rule\">")
        html.text(finding.rule)
        html.raw("</code> ")
        html.text(finding.message)
        html.raw("</\(heading)><dl><dt>where</dt><dd class=\"location\">")
        html.text(finding.location.description)
        html.raw("</dd><dt>observed</dt><dd class=\"path\">")
        html.text(finding.path)
        html.raw("</dd><dt>fix</dt><dd class=\"fix\">")
        html.textWithCode(finding.fix)
        html.raw("</dd>")
        if let reason = finding.suppression {
            html.raw("<dt>suppressed</dt><dd class=\"reason\">")
            html.text(reason)
            html.raw("</dd>")
        }
        if let state = finding.baselineState {
            html.raw("<dt>baseline</dt><dd class=\"baseline\">\(state == .new ? "new" : "known (in the baseline)")</dd>")
        }
        if finding.scenes.count > 1 || finding.occurrences > 1 {
            html.raw("<dt>found</dt><dd>")
            html.text(finding.scenes.count > 1 ? "in \(finding.scenes.count) scenes: \(finding.scenes.joined(separator: ", "))"
                                               : "\(finding.occurrences) times")
            html.raw("</dd>")
        }
        html.raw("</dl></article>\n")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
