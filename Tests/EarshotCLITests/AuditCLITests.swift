import Foundation
import Testing

/// `earshot audit`, run as a user would.
@Suite("earshot audit")
struct AuditCLITests {
    static let rules = "Tests/EarshotAuditTests/Rules/"

    @Test func errorsExitWithOneAndWarningsWithZero() throws {
        let broken = try EarshotProcess.run(["audit", Self.rules + "sheet-escape-everywhere.broken.yaml"])
        #expect(broken.status == 1)
        #expect(broken.out.hasPrefix(Self.rules + "sheet-escape-everywhere.broken.yaml:8:3: error: [sheet-escape-everywhere] a scrub on 'Sheet Grabber' does not dismiss 'sheet'\n    observed: touch Open → double tap → scrub on Sheet Grabber → nothing happened\n    fix: "))
        let warning = try EarshotProcess.run(["audit", Self.rules + "sheet-grabber.broken.yaml"])
        #expect(warning.status == 0)
        #expect(warning.out.contains("warning: [sheet-grabber]"))
        let clean = try EarshotProcess.run(["audit", Self.rules + "sheet-grabber.clean.yaml", Self.rules + "alert-actions.clean.yaml"])
        #expect(clean.status == 0)
        #expect(clean.out == """
            \(Self.rules)sheet-grabber.clean.yaml: Grabber: 0 errors, 0 warnings in 3 states
            \(Self.rules)alert-actions.clean.yaml: Alert: 0 errors, 0 warnings in 2 states

            """)
    }

    @Test func rulesCanBeChosenOrSkipped() throws {
        let file = Self.rules + "sheet-escape-everywhere.broken.yaml"
        #expect(try EarshotProcess.run(["audit", file, "--skip", "sheet-escape-everywhere"]).status == 0)
        #expect(try EarshotProcess.run(["audit", file, "--rule", "sheet-grabber"]).status == 0)
        #expect(try EarshotProcess.run(["audit", file, "--rule", "sheet-escape-everywhere"]).status == 1)
        let typo = try EarshotProcess.run(["audit", file, "--skip", "sheet-grabbr"])
        #expect(typo.status == 2)
        #expect(typo.err.contains("unknown rule 'sheet-grabbr'"))
        #expect(typo.err.contains("did you mean 'sheet-grabber'?"))
        let cut = try EarshotProcess.run(["audit", "Scenarios/mail/mail.yaml", "--max-states", "2"])
        #expect(cut.out.contains("Scenarios/mail/mail.yaml: note: the exploration of 'Mail' stopped at 2 states (--max-states): "))
        #expect(try EarshotProcess.run(["audit", file, "--max-states", "0"]).status == 2)
    }

    /// `earshot audit Scenarios/*/*.yaml`: a scene its scenarios share is audited once, under the
    /// first file that named it; scenes of their own (written inline) each once.
    @Test func eachSceneIsAuditedOnceHoweverManyScenariosUseIt() throws {
        let files = ["Scenarios/mail/cancel-draft.yaml", "Scenarios/mail/keep-editing.yaml", "Scenarios/mail/mail.yaml",
                     "Scenarios/notes/notes.yaml", "Scenarios/notes/switch-and-stepper.yaml"]
        let text = try EarshotProcess.run(["audit"] + files)
        let summaries = text.out.split(separator: "\n").filter { $0.contains(" states") && $0.contains(" errors, ") }
        #expect(summaries.map { String($0.prefix { $0 != ":" }) } == ["Scenarios/mail/cancel-draft.yaml", "Scenarios/notes/notes.yaml"], "\(summaries)")
        let json = try EarshotProcess.run(["audit", "--format", "json"] + files)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["scenes"] as? [Any])?.count == 2)
        // Its findings once, not once a scenario.
        #expect((object["findings"] as? [[String: Any]])?.filter { $0["rule"] as? String == "announcement-swallowed" }.count == 1)
    }

    /// Scene files that build on one capture (`base:`) are each audited: a finding in the capture
    /// is reported once, with the scenes it was found in.
    @Test func scenesOnOneCaptureAreEachAudited() throws {
        let folder = try EarshotProcess.temporaryFolder()
        let capture = try String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent("Tests/EarshotCaptureTests/Fixtures/settings.wda.xml"),
                                 encoding: .utf8)
            .replacingOccurrences(of: "name=\"About\" label=\"About\"", with: "name=\"\" label=\"\"")
        try capture.write(to: folder.appendingPathComponent("cap.xml"), atomically: true, encoding: .utf8)
        for name in ["a", "b", "c"] {
            try "scene: \(name)\nbase: cap.xml\noverrides:\n  Accounts: { hint: \"\(name)\" }\n"
                .write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let result = try EarshotProcess.run(["audit", "a.yaml", "b.yaml", "c.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(result.out.contains("[element-label] a tab has no label (found in 3 scenes: a.yaml, b.yaml, c.yaml)"), "\(result.out)")
        #expect(result.out.contains("c.yaml: c: 1 error, 0 warnings"))
    }

    @Test func jsonAndSarifGoToStandardOutput() throws {
        let json = try EarshotProcess.run(["audit", Self.rules + "alert-actions.broken.yaml", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "alert-actions")
        #expect(finding["line"] as? Int == 7)
        let sarif = try EarshotProcess.run(["audit", Self.rules + "alert-actions.broken.yaml", "--format", "sarif"])
        #expect(sarif.out.contains("\"version\" : \"2.1.0\""))
        #expect(sarif.out.contains("\"uri\" : \"Tests/EarshotAuditTests/Rules/alert-actions.broken.yaml\""))
    }

    @Test func badScenesAreBadInput() throws {
        let folder = try EarshotProcess.temporaryFolder()
        let bad = folder.appendingPathComponent("bad.yaml")
        try "scene: Bad\nroot:\n  - buton: Open\n".write(to: bad, atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["audit", bad.path])
        #expect(result.status == 2)
        #expect(result.err.contains("bad.yaml:3:5: error: "))
        #expect(try EarshotProcess.run(["audit"]).status == 2)
        #expect(try EarshotProcess.run(["audit", folder.appendingPathComponent("missing.yaml").path]).status == 2)
    }

    @Test func runWritesTheAuditStepsFindingsAsSarif() throws {
        let folder = try EarshotProcess.temporaryFolder()
        let scenario = folder.appendingPathComponent("look.yaml")
        try """
            scenario: Look at a sheet
            scene: \(EarshotProcess.packageRoot.path)/\(Self.rules)sheet-grabber.broken.yaml
            steps:
              - touch: Open
              - doubleTap
              - audit
            """.write(to: scenario, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("audit.sarif")
        let result = try EarshotProcess.run(["run", "--headless", scenario.path, "--report", "sarif:\(report.path)"])
        #expect(result.status == 0)
        let sarif = try String(contentsOf: report, encoding: .utf8)
        #expect(sarif.contains("\"ruleId\" : \"sheet-grabber\""))
    }
}
