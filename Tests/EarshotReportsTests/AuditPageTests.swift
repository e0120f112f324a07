import EarshotAudit
import EarshotCore
@testable import EarshotReports
import EarshotScenario
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// `earshot audit --format html`: the findings as a page, grouped by the scene first found in.
@Suite("Audit page")
struct AuditPageTests {
    static func audit(_ name: String) throws -> SceneAudit {
        let scene = try SceneLoader.load(path: RuleFixtures.path(name))
        return SceneAudit(file: RuleFixtures.path(name), scene: scene.name, report: Auditor(scene: scene).run())
    }

    @Test func eachFindingShowsRuleSeverityPlaceGesturesAndFix() throws {
        let audit = try Self.audit("sheet-escape-everywhere.broken.yaml")
        let finding = try #require(audit.report.findings.first { $0.rule == "sheet-escape-everywhere" })
        let page = HTMLReport.auditPage(AuditResult([audit]))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains("<header><h1>Earshot audit</h1>"))
        #expect(page.contains("<p id=\"counts\"><strong class=\"status failed\">✗ failed</strong>: 1 error, "))
        #expect(page.contains("<main>") && page.components(separatedBy: "<h1>").count == 2)
        #expect(page.contains("<article class=\"finding error\" data-rule=\"sheet-escape-everywhere\"><h3><span class=\"severity\">✗ error</span> <code class=\"rule\">sheet-escape-everywhere</code> a scrub on &#39;Sheet Grabber&#39; does not dismiss &#39;sheet&#39;</h3>"))
        #expect(page.contains("<dt>where</dt><dd class=\"location\">\(RuleFixtures.path("sheet-escape-everywhere.broken.yaml")):8:3</dd>"))
        #expect(page.contains("<dt>observed</dt><dd class=\"path\">touch Open → double tap → scrub on Sheet Grabber → nothing happened</dd>"))
        // The fix's backticked spans are code.
        #expect(finding.fix.contains("`escape: sheet`"))
        #expect(page.contains("<dt>fix</dt><dd class=\"fix\">handle escape for the whole sheet (<code>escape: sheet</code>, UIKit: accessibilityPerformEscape on the presented view controller&#39;s view), so the grabber is covered too</dd>"))
        #expect(!page.contains("<script"))
    }

    @Test func backtickedSpansAreCodeAndEverythingIsEscaped() {
        func rendered(_ text: String) -> String {
            var html = HTMLText()
            html.textWithCode(text)
            return html.string
        }
        #expect(rendered("set `a<b` then `c`.") == "set <code>a&lt;b</code> then <code>c</code>.")
        #expect(rendered("one ` alone") == "one ` alone")
        #expect(rendered("`x` and ` odd") == "<code>x</code> and ` odd")
    }

    @Test func suppressedFindingsShowTheirReasonsAndABaselineItsState() throws {
        var audit = try Self.audit("sheet-grabber.broken.yaml")
        var suppressed = Finding(rule: .elementLabel, message: "an image has no label", location: SourceLocation(file: "s.yaml", line: 4, column: 5),
                                 path: "swipeRight")
        suppressed.suppression = "decorative <img> & \"spacer\""
        audit.suppressed = [suppressed]
        let page = HTMLReport.auditPage(AuditResult([audit], baseline: Baseline(findings: [])))
        #expect(page.contains("<section id=\"suppressed\" aria-labelledby=\"suppressed-heading\"><h2 id=\"suppressed-heading\">Suppressed (1)</h2>"))
        #expect(page.contains("<dt>suppressed</dt><dd class=\"reason\">decorative &lt;img&gt; &amp; &quot;spacer&quot;</dd>"))
        #expect(page.contains("<dt>baseline</dt><dd class=\"baseline\">new</dd>"))
        #expect(page.contains("Compared with a baseline: 0 known findings (reported, not failing), 1 new."))
        #expect(page.contains("<strong class=\"status passed\">✓ passed</strong>: 0 errors, 1 warning, 1 suppressed, in 1 scene"))
    }
}
