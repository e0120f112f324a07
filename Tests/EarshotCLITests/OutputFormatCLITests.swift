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
}
