import EarshotAudit
import EarshotCore
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
import EarshotSuite
import Foundation
import Testing

/// `--report markdown:PATH` and `audit --format markdown`: a summary a CI job's page shows
/// (`$GITHUB_STEP_SUMMARY`), its tables kept whole whatever the files say.
@Suite("Markdown report")
struct MarkdownFormatTests {
    static func markdown(_ results: [ScenarioResult]) throws -> String {
        try Reporting<RunOutput>.named("markdown").render(RunOutput(results))
    }

    static func markdown(_ result: AuditResult) throws -> String {
        try Reporting<AuditResult>.named("markdown").render(result)
    }

    static func failing(_ name: String, file: String, report lines: [String], length: Double = 2.25) -> ScenarioResult {
        let result = OutputFormatTests.made(name, file: file, passed: false, length: length)
        var failure = result.failure
        failure?.lastLines = lines
        return result.remade(failure: failure)
    }

    @Test func isAFileFormatForRunsAndAudits() throws {
        let format = OutputFormats.ID.markdown
        #expect(format.destination == .file(extension: "md"))
        #expect(format.subjects == [.run, .audit, .calibration])
        #expect(OutputFormats.list(for: .run).hasSuffix(", html (PATH a folder), markdown or github"))
        #expect(OutputFormats.names(for: .audit) == "text, json, sarif, html, markdown or github")
    }

    @Test func aRunIsCountedAndTabledFailuresFirst() throws {
        let text = try Self.markdown([OutputFormatTests.made("Alpha", file: "mail/alpha.yaml", passed: true, length: 1.5),
                                      Self.failing("Beta", file: "mail/beta.yaml", report: ["touch: compose"]),
                                      OutputFormatTests.made("Gamma", file: "mail/gamma.yaml", passed: true, length: 0.5)])
        #expect(text.hasPrefix("## Earshot: 2 passed, 1 failed\n\nEach scenario's duration is in seconds, estimated from its speech (a headless run).\n\n"))
        let table = text.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(table == ["| Scenario | Status | Duration (s) | File |",
                          "| --- | --- | ---: | --- |",
                          "| Beta | ✗ failed | 2.250 | mail/beta.yaml |",
                          "| Alpha | ✓ passed | 1.500 | mail/alpha.yaml |",
                          "| Gamma | ✓ passed | 0.500 | mail/gamma.yaml |"])
    }

    @Test func eachFailureFollowsInAFencedBlock() throws {
        let text = try Self.markdown([OutputFormatTests.made("Alpha", file: "mail/alpha.yaml", passed: true, length: 1.5),
                                      Self.failing("Beta", file: "mail/beta.yaml", report: ["touch: compose", "  speak: Compose. Button."])])
        #expect(text.hasSuffix("""

            ### ✗ Beta

            ```text
            mail/beta.yaml:3:5: expectation 'speech' failed
                expected: "Outbox"
                actual:   "Inbox"
              last transcript lines:
                touch: compose
                  speak: Compose. Button.
            ```

            """))
        #expect(!text.contains("### ✗ Alpha") && !text.contains("### ✓"))
    }

    /// A name with `|` would end its cell, `<b>` would be HTML, a backtick fence would end the block early.
    @Test func textFromTheFilesCannotBreakTheTableOrTheBlock() throws {
        let text = try Self.markdown([Self.failing("A | <b>bold</b> *x*\nnext", file: "a|b.yaml", report: ["say: ```"])])
        #expect(text.contains("| A \\| \\<b\\>bold\\</b\\> \\*x\\* next | ✗ failed | 2.250 | a\\|b.yaml |\n"))
        #expect(text.contains("\n````text\n") && text.hasSuffix("    say: ```\n````\n"))
    }

    @Test func anEmptyRunSaysSo() throws {
        #expect(try Self.markdown([]) == "## Earshot: 0 passed, 0 failed\n\nNo scenarios ran.\n")
    }

    @Test func anAuditTablesItsFindings() throws {
        let result = try OutputFormatTests.audit()
        let file = try #require(result.scenes.first?.file)
        let text = try Self.markdown(result)
        #expect(text == """
            ## Earshot audit: 0 errors, 1 warning

            1 scene, \(result.scenes[0].report.statesExplored) states explored.

            | Severity | Rule | File:line | Message |
            | --- | --- | --- | --- |
            | warning | sheet-grabber | \(file):6 | 'sheet' rests at 2 detents but shows no grabber |

            """)
    }

    @Test func aCleanAuditAndABaselineSaySo() throws {
        let clean = try OutputFormatTests.audit(OutputFormatTests.grabberless.replacingOccurrences(of: "detents: [medium, large]", with: "detents: [large]"))
        #expect(try Self.markdown(clean).contains("\n\nNo findings.\n"))
        // The finding as a baseline that lists it leaves it (what AuditResult does with fingerprints).
        var known = try OutputFormatTests.audit()
        known.findings[0].baselineState = .unchanged
        known.fixed = []
        let text = try Self.markdown(known)
        #expect(text.hasPrefix("## Earshot audit: 0 errors, 0 warnings\n"))
        #expect(text.hasSuffix("No findings.\n\n1 known finding from the baseline.\n"))
    }
}
