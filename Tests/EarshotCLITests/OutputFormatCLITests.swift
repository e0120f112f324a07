import EarshotRunner
import Foundation
import Testing

/// `--report FORMAT:PATH` and `--format FORMAT` as a user types them: one list of formats for
/// `earshot run` and `earshot audit`, and a mistyped or misplaced format is bad input.
@Suite("Output formats from the command line")
struct OutputFormatCLITests {
    static let scene = "Scenarios/mail/mail.yaml"

    @Test func anUnknownRunFormatIsBadInputWithASuggestion() throws {
        let report = try EarshotProcess.temporaryFolder().appendingPathComponent("out.json")
        let result = try EarshotProcess.run(["run", "--headless", "--report", "jsn:" + report.path, "Scenarios/mail/cancel-draft.yaml"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("earshot run: error: --report format 'jsn' (expected junit, json, sarif"))
        #expect(result.err.hasSuffix("); did you mean 'json'?\n"))
        #expect(result.out.isEmpty)   // nothing ran
        #expect(!FileManager.default.fileExists(atPath: report.path))
    }

    @Test func anUnknownAuditFormatIsBadInputWithASuggestion() throws {
        let printed = try EarshotProcess.run(["audit", Self.scene, "--format", "sarf"])
        #expect(printed.status == 2)
        #expect(printed.err.contains("--format 'sarf' (expected text, json, sarif"))
        #expect(printed.err.contains("; did you mean 'sarif'?"))
        let written = try EarshotProcess.run(["audit", Self.scene, "--report", "htlm:build/audit"])
        #expect(written.status == 2)
        #expect(written.err.contains("--report format 'htlm' (expected text, json, sarif"))
        #expect(written.err.contains("; did you mean 'html'?"))
    }

    @Test func aFormatThatDoesNotReportOnTheCommandIsBadInput() throws {
        let audit = try EarshotProcess.run(["audit", Self.scene, "--report", "junit:out.xml"])
        #expect(audit.status == 2)
        #expect(audit.err.contains("--report format 'junit' does not report on an audit (expected text, json, sarif"))
        #expect(try EarshotProcess.run(["audit", Self.scene, "--format", "junit"]).status == 2)
        let run = try EarshotProcess.run(["run", "--headless", "--report", "text:out.txt", "Scenarios/mail/cancel-draft.yaml"])
        #expect(run.status == 2)
        #expect(run.err.contains("earshot run: error: --report format 'text' does not report on a run (expected junit, json"))
    }

    @Test func theHelpListsTheFormatsOfEachCommand() throws {
        let run = try EarshotProcess.run(["run", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(run.contains("--report <report> FORMAT:PATH with FORMAT junit, json, sarif"))
        let audit = try EarshotProcess.run(["audit", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(audit.contains("--format <format> text, json, sarif"))
        #expect(audit.contains("--report <report> FORMAT:PATH with FORMAT text, json, sarif"))
    }

    /// A text report is the text the audit prints.
    @Test func theAuditWritesTheTextItPrints() throws {
        let file = try EarshotProcess.temporaryFolder().appendingPathComponent("audit.txt")
        let result = try EarshotProcess.run(["audit", Self.scene, "--report", "text:" + file.path])
        #expect(try String(contentsOf: file, encoding: .utf8) == result.out)
    }

    // MARK: markdown

    @Test func aRunWritesAMarkdownSummaryWithItsFailures() throws {
        let dir = try EarshotProcess.temporaryFolder()
        try RunCommandTests.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        try "scenario: Opens\nscene: mail.yaml\nsteps:\n  - touch: Compose\n  - doubleTap\n  - expect: { presented: compose }\n"
            .write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "scenario: Says Outbox\nscene: mail.yaml\nsteps:\n  - touch: Compose\n  - expect: Outbox\n"
            .write(to: dir.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let summary = dir.appendingPathComponent("summary.md")
        let result = try EarshotProcess.run(["run", "--headless", "--report", "markdown:" + summary.path, dir.path])
        #expect(result.status == 1)
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("## Earshot: 1 passed, 1 failed\n"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Scenario") && !$0.hasPrefix("| ---") }
        #expect(rows.count == 2)
        #expect(rows[0].hasPrefix("| Says Outbox | ✗ failed | ") && rows[0].hasSuffix(" | \(dir.path)/b.yaml |"))
        #expect(rows[1].hasPrefix("| Opens | ✓ passed | ") && rows[1].hasSuffix(" | \(dir.path)/a.yaml |"))
        #expect(text.contains("### ✗ Says Outbox\n\n```text\n\(dir.path)/b.yaml:5:5: expectation 'speech' failed\n    expected: \"Outbox\"\n"))
        #expect(text.hasSuffix("\n```\n"))
        #expect(try EarshotProcess.run(["run", "--headless", "--report", "markdwn:x.md", dir.path]).err.contains("did you mean 'markdown'?"))
    }

    @Test func anAuditPrintsOrWritesItsFindingsAsMarkdown() throws {
        let file = try EarshotProcess.temporaryFolder().appendingPathComponent("audit.md")
        let printed = try EarshotProcess.run(["audit", Self.scene, "--format", "markdown", "--report", "markdown:" + file.path])
        let text = try EarshotProcess.run(["audit", Self.scene])
        #expect(printed.status == text.status)
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.out)
        #expect(printed.out.hasPrefix("## Earshot audit: "))
        #expect(printed.out.contains("| Severity | Rule | File:line | Message |\n| --- | --- | --- | --- |\n"))
        // Every finding the text names is a row: severity, rule, file:line.
        let findings = text.out.split(separator: "\n").filter { $0.hasPrefix(Self.scene + ":") && $0.contains(": [") }
        #expect(!findings.isEmpty)
        for finding in findings {
            let parts = finding.split(separator: ":", maxSplits: 4).map { $0.trimmingCharacters(in: .whitespaces) }
            let rule = parts[4].split(separator: "]")[0].dropFirst()
            #expect(printed.out.contains("| \(parts[3]) | \(rule) | \(parts[0]):\(parts[1]) | "), "\(finding)")
        }
    }

    @Test func theHelpListsEveryFormat() throws {
        let run = try EarshotProcess.run(["run", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(run.contains("--report <report> FORMAT:PATH with FORMAT junit, json, sarif, html (PATH a folder), markdown or github; repeatable."))
        let audit = try EarshotProcess.run(["audit", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(audit.contains("--format <format> text, json, sarif, html, markdown or github."))
    }

    /// `github`: a failed scenario and an audit's findings as GitHub Actions annotations, on
    /// standard output or in a file; nothing for a run that passed.
    @Test func githubWritesAnnotations() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/mail/mail.yaml"),
                                         to: folder.appendingPathComponent("mail.yaml"))
        try "scenario: Wrong focus\nscene: mail.yaml\nsteps:\n  - touch: compose\n  - expect: { focus: inbox }\n"
            .write(to: folder.appendingPathComponent("wrong.yaml"), atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["run", "--headless", "wrong.yaml", "--report", "github:-"], in: folder)
        #expect(run.status == 1)
        let annotation = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("::error ") })
        #expect(annotation.hasPrefix("::error file=wrong.yaml,line=5,col=5,title=Earshot%3A Wrong focus::wrong.yaml:5:5: expectation 'focus' failed%0A"))
        // A golden transcript's difference, named by its absolute path, attaches to the file
        // relative to the repository's root: the workspace when GitHub gives one, else here.
        try EarshotProcess.run(["run", "--headless", "--update", "wrong.yaml"], in: folder)
        try "scenario: Golden\nscene: mail.yaml\nsteps:\n  - touch: compose\n"
            .write(to: folder.appendingPathComponent("golden.yaml"), atomically: true, encoding: .utf8)
        try "touch: compose\n  speak: Other. Button.\n".write(to: folder.appendingPathComponent("golden.transcript"), atomically: true, encoding: .utf8)
        let here = try EarshotProcess.run(["run", "--headless", "./golden.yaml", "--report", "github:-"], in: folder)
        #expect(here.out.hasPrefix("::error file=golden.transcript,line=2,col=1,"), "\(here.out)")
        let workspace = try EarshotProcess.run(["run", "--headless", "golden.yaml", "--report", "github:-"],
                                               environment: ["GITHUB_WORKSPACE": folder.deletingLastPathComponent().path], in: folder)
        #expect(workspace.out.hasPrefix("::error file=\(folder.lastPathComponent)/golden.transcript,line=2,"), "\(workspace.out)")
        let passing = try EarshotProcess.run(["run", "--headless", "Scenarios/mail/cancel-draft.yaml", "--report", "github:-"])
        #expect(passing.status == 0 && !passing.out.contains("::error"))
        let audit = try EarshotProcess.run(["audit", "Scenarios/mail/mail.yaml", "--format", "github"])
        #expect(audit.out.contains("::warning file=Scenarios/mail/mail.yaml,line=") || audit.out.contains("::error file=Scenarios/mail/mail.yaml,line="))
        #expect(audit.out.contains("title=Earshot [sheet-escape-everywhere]::"))
        #expect(audit.out.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
    }
}
