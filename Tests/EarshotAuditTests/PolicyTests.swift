import EarshotAudit
import EarshotCore
import EarshotReports
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// A scene with one error (an unlabelled button, `root/mystery`) and one warning (a
/// resizable sheet with no grabber), and the helpers the policy tests share.
enum PolicyFixture {
    /// The scene, shared with the command-line tests (`Policy/policy.yaml`).
    static let scene = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Policy/policy.yaml"),
        encoding: .utf8)

    static func audit(_ yaml: String = scene, file: String = "policy.yaml", as name: String? = nil,
                      configuration: AuditConfiguration = AuditConfiguration()) throws -> SceneAudit {
        let scene = try SceneLoader.load(yaml: yaml, file: file)
        let report = Auditor(scene: scene, rules: configuration.enabledRules()).run()
        return SceneAudit(file: name ?? file, scene: scene, report: report, configuration: configuration)
    }
}

@Suite("Audit configuration")
struct ConfigurationTests {
    @Test func theConfigurationSetsSeveritiesTurnsRulesOffAndGivesDefaults() throws {
        let configuration = try AuditConfiguration.load(yaml: """
            # the team's settings
            rules:
              sheet-grabber: error
              element-label: off
            maxStates: 50
            os: "18"
            baseline: earshot-baseline.json
            """, file: "ci/.earshot.yml", relativeTo: "ci")
        #expect(configuration.maxStates == 50)
        #expect(configuration.os == "18")
        #expect(configuration.baseline == "ci/earshot-baseline.json")
        #expect(!configuration.enabledRules().contains("element-label"))
        #expect(configuration.enabledRules(only: ["element-label"]) == ["element-label"])
        let audit = try PolicyFixture.audit(configuration: configuration)
        #expect(audit.report.findings.map { "\($0.rule) \($0.severity)" } == ["sheet-grabber error"])
        #expect(try AuditConfiguration.load(yaml: "# nothing yet\n") == AuditConfiguration())
    }

    @Test("Bad configurations are bad input, with where, what was expected and a suggestion", arguments: [
        ("rules:\n  sheet-grabbr: error\n",
         "cfg.yml:2:3: error: unknown rule 'sheet-grabbr' (expected one of: sheet-grabber, ", "; did you mean 'sheet-grabber'?"),
        ("rule:\n  sheet-grabber: error\n",
         "cfg.yml:1:1: error: unknown key 'rule' in the configuration (expected one of: rules, maxStates, os, language, configurations, baseline, profiles)",
         "; did you mean 'rules'?"),
        ("rules:\n  sheet-grabber: errror\n",
         "cfg.yml:2:18: error: unknown setting 'errror' (expected one of: error, warning, off)", "; did you mean 'error'?"),
        ("maxStates: 0\n", "cfg.yml:1:12: error: maxStates 0 is out of range (expected a whole number, 1 or more)", ""),
        ("os: \"177\"\n", "cfg.yml:1:5: error: unknown OS version '177' (expected one of: ", "; did you mean '17'?"),
        ("- rules\n", "cfg.yml:1:1: error: the configuration is a list (expected a mapping with rules, maxStates, os, language, configurations, baseline, profiles)", ""),
    ])
    func badConfigurations(yaml: String, start: String, end: String) throws {
        let error = try #require(throws: LoadError.self) { try AuditConfiguration.load(yaml: yaml, file: "cfg.yml") }
        #expect(error.description.hasPrefix(start))
        #expect(error.description.hasSuffix(end))
    }
}

@Suite("Suppressions in scene files")
struct SuppressionTests {
    @Test func aSceneSuppressesRulesEverywhereAndSaysWhy() throws {
        let audit = try PolicyFixture.audit(PolicyFixture.scene + """
            audit:
              skip: [element-label]
              reason: legacy screen, redesign tracked in APP-12
            """)
        #expect(audit.report.findings.map(\.rule) == ["sheet-grabber"])
        #expect(audit.suppressed.map(\.rule) == ["element-label"])
        #expect(audit.suppressed.first?.suppression == "legacy screen, redesign tracked in APP-12")
        let result = AuditResult([audit])
        #expect(!result.failed)
        #expect(AuditFormats.text(result).hasSuffix("""
            policy.yaml: Policy: 0 errors, 1 warning in 2 states (1 suppressed)
            suppressed (1):
            policy.yaml:5:5: error: [element-label] a button has no label
                reason: legacy screen, redesign tracked in APP-12
            """))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try AuditFormats.json(result).utf8)) as? [String: Any])
        let suppressed = try #require(json["suppressed"] as? [[String: Any]])
        #expect(suppressed.first?["rule"] as? String == "element-label")
        #expect(suppressed.first?["reason"] as? String == "legacy screen, redesign tracked in APP-12")
    }

    @Test func anElementSuppressesFindingsAtItself() throws {
        let yaml = PolicyFixture.scene.replacingOccurrences(of: "    id: mystery\n", with: """
                id: mystery
                auditSkip: { rules: [element-label, sheet-grabber], reason: "an icon button, labelled in code (APP-7)" }

            """)
        let audit = try PolicyFixture.audit(yaml)
        #expect(audit.suppressed.map(\.rule) == ["element-label"])
        #expect(audit.suppressed.first?.suppression == "an icon button, labelled in code (APP-7)")
        // The sheet's warning is elsewhere: the element's skip does not reach it.
        #expect(audit.report.findings.map(\.rule) == ["sheet-grabber"])
    }

    @Test func aPresentationSuppressesFindingsAtItselfAndAtItsElements() throws {
        let yaml = PolicyFixture.scene
            .replacingOccurrences(of: "    style: sheet\n", with: """
                    style: sheet
                    auditSkip:
                      rules: [sheet-grabber, element-label]
                      reason: the old composer, replaced in 3.0

                """)
            .replacingOccurrences(of: "        activate: dismiss\n", with: "        activate: dismiss\n      - button: \"\"\n")
        let audit = try PolicyFixture.audit(yaml)
        #expect(audit.suppressed.map { "\($0.rule) \($0.element ?? "")" } == ["sheet-grabber sheet", "element-label sheet/button:"])
        // The root's unlabelled button is not the presentation's.
        #expect(audit.report.findings.map { "\($0.rule) \($0.element ?? "")" } == ["element-label root/mystery"])
    }

    @Test("A suppression names known rules and gives a reason", arguments: [
        ("audit: { skip: [element-lable], reason: later }\n", "policy.yaml:18:17: error: unknown rule 'element-lable' (expected one of: ",
         "; did you mean 'element-label'?"),
        ("audit: { skip: [element-label] }\n", "policy.yaml:18:8: error: 'audit' has no 'reason' (expected reason: TEXT (why these findings are accepted))", ""),
        ("audit: { skip: [element-label], reason: \"  \" }\n", "policy.yaml:18:41: error: the reason is empty (expected why these findings are accepted)", ""),
        ("audit: { rules: [element-label], reason: x }\n", "policy.yaml:18:8: error: 'audit' has no 'skip' (expected audit: { skip: [RULE, …], reason: TEXT })\n",
         "policy.yaml:18:10: error: unknown key 'rules' in 'audit' (expected one of: skip, reason)"),
        ("audit: [element-label]\n", "policy.yaml:18:8: error: 'audit' is a list (expected audit: { skip: [RULE, …], reason: TEXT })", ""),
    ])
    func badSuppressions(line: String, start: String, end: String) throws {
        let error = try #require(throws: LoadError.self) { try SceneLoader.load(yaml: PolicyFixture.scene + line, file: "policy.yaml") }
        #expect(error.description.hasPrefix(start))
        #expect(error.description.hasSuffix(end))
    }

    @Test func anElementsSuppressionIsCheckedToo() throws {
        let yaml = PolicyFixture.scene.replacingOccurrences(of: "    id: mystery\n", with: "    id: mystery\n    auditSkip: { rules: [element-label] }\n")
        let error = try #require(throws: LoadError.self) { try SceneLoader.load(yaml: yaml, file: "policy.yaml") }
        #expect(error.description == "policy.yaml:7:16: error: 'auditSkip' has no 'reason' (expected reason: TEXT (why these findings are accepted))")
    }
}

@Suite("Fingerprints and baselines")
struct BaselineTests {
    @Test func fingerprintsDoNotMoveWithLines() throws {
        let before = try PolicyFixture.audit()
        let moved = try PolicyFixture.audit("# a comment\n\n" + PolicyFixture.scene.replacingOccurrences(of: "root:\n", with: "root:\n  - text: Welcome\n"),
                                            file: "./policy.yaml")
        #expect(before.report.findings.map(\.location.line) == [5, 8])
        #expect(moved.report.findings.map(\.location.line) == [8, 11])
        #expect(moved.report.findings.map(\.fingerprint) == before.report.findings.map(\.fingerprint))
        #expect(before.report.findings.map(\.element) == ["root/mystery", "sheet"])
        // Another file, another rule or another element: another fingerprint.
        let other = try PolicyFixture.audit(file: "other.yaml")
        #expect(Set(other.report.findings.compactMap(\.fingerprint)).isDisjoint(with: before.report.findings.compactMap(\.fingerprint)))
        #expect(before.report.findings.allSatisfy { $0.fingerprint?.count == 16 })
    }

    @Test func elementsWithOneNameHaveTheirOwnFingerprints() throws {
        let audit = try PolicyFixture.audit(PolicyFixture.scene.replacingOccurrences(of: "    id: mystery\n", with: "  - button: \"\"\n"))
        #expect(audit.report.findings.filter { $0.rule == "element-label" }.map(\.element) == ["root/button:", "root/button:#2"])
        #expect(Set(audit.report.findings.compactMap(\.fingerprint)).count == 3)
    }

    @Test func aBaselineKeepsKnownErrorsFromFailingAndNamesOnlyNewOnes() throws {
        let first = AuditResult([try PolicyFixture.audit()])
        #expect(first.failed)
        let baseline = try Baseline(json: Data(try Baseline(findings: first.findings).json().utf8))
        #expect(baseline.version == 1)
        #expect(baseline.findings.map(\.element) == ["root/mystery", "sheet"])

        let known = AuditResult([try PolicyFixture.audit()], baseline: baseline)
        #expect(!known.failed)
        #expect(known.findings.map(\.baselineState) == [.unchanged, .unchanged])
        #expect(AuditFormats.text(known) == """
            policy.yaml: Policy: 1 error (baselined), 1 warning (baselined) in 2 states
            2 known findings from the baseline
            """)

        let broken = PolicyFixture.scene.replacingOccurrences(of: "root:\n", with: "root:\n  - button: \"\"\n    id: another\n")
        let grown = AuditResult([try PolicyFixture.audit(broken)], baseline: baseline)
        #expect(grown.failed)
        #expect(grown.findings.filter { $0.baselineState == .new }.map(\.element) == ["root/another"])
        #expect(AuditFormats.text(grown).hasPrefix("policy.yaml:3:5: error: [element-label] a button has no label\n"))
        #expect(!AuditFormats.text(grown).contains("policy.yaml:7:5"))

        let mended = PolicyFixture.scene.replacingOccurrences(of: "button: \"\"", with: "button: Help")
        let fixed = AuditResult([try PolicyFixture.audit(mended)], baseline: baseline)
        #expect(!fixed.failed)
        #expect(fixed.fixed?.map(\.element) == ["root/mystery"])
        #expect(AuditFormats.text(fixed).hasSuffix("""
            1 known finding from the baseline
            fixed: [element-label] root/mystery in policy.yaml (in the baseline, no longer found)
            """))
    }

    @Test func anUpdateKeepsWhatTheRunDidNotLookAt() throws {
        let baseline = Baseline(findings: AuditResult([try PolicyFixture.audit(), try PolicyFixture.audit(file: "other.yaml")]).findings)
        #expect(baseline.findings.count == 4)
        // Only policy.yaml, and only element-label: other.yaml's entries and the grabber's stay.
        var configuration = AuditConfiguration()
        configuration.rules["sheet-grabber"] = .off
        let mended = PolicyFixture.scene.replacingOccurrences(of: "button: \"\"", with: "button: Help")
        let result = AuditResult([try PolicyFixture.audit(mended, configuration: configuration)],
                                 rules: configuration.enabledRules(), baseline: baseline)
        #expect(result.fixed?.map(\.file) == ["policy.yaml"])
        let updated = baseline.updated(with: result)
        #expect(updated.findings.map { "\($0.file) \($0.rule)" } == ["other.yaml element-label", "other.yaml sheet-grabber", "policy.yaml sheet-grabber"])
    }

    @Test func aFileThatIsNotABaselineIsRefused() throws {
        let error = try #require(throws: Baseline.ReadError.self) { try Baseline(json: Data("{\"version\": 2, \"findings\": []}".utf8)) }
        #expect(error.description == "baseline version 2 (expected 1; write it anew with --update-baseline)")
        #expect(throws: Baseline.ReadError.self) { try Baseline(json: Data("[]".utf8)) }
    }
}

@Suite("Shared UI")
struct SharedUITests {
    /// Two scene files built on one shared file (as scenes on one capture with `base:`):
    /// their findings point at the same place.
    @Test func findingsOfSharedUIAreReportedOnceWithTheirScenes() throws {
        let audits = try ["a.yaml", "b.yaml", "c.yaml"].map { try PolicyFixture.audit(file: "shared.yaml", as: $0) }
        let result = AuditResult(audits)
        #expect(result.findings.count == 2)
        #expect(result.findings.map(\.occurrences) == [3, 3])
        #expect(result.findings.first?.scenes == ["a.yaml", "b.yaml", "c.yaml"])
        let text = AuditFormats.text(result)
        #expect(text.hasPrefix("shared.yaml:5:5: error: [element-label] a button has no label (found in 3 scenes: a.yaml, b.yaml, c.yaml)\n"))
        #expect(text.components(separatedBy: "[element-label]").count == 2)
        #expect(text.hasSuffix("""
            a.yaml: Policy: 1 error, 1 warning in 2 states
            b.yaml: Policy: 1 error, 1 warning in 2 states
            c.yaml: Policy: 1 error, 1 warning in 2 states
            """))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try AuditFormats.json(result).utf8)) as? [String: Any])
        let first = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(first["occurrences"] as? Int == 3)
        #expect(first["scenes"] as? [String] == ["a.yaml", "b.yaml", "c.yaml"])
    }
}

@Suite("SARIF for teams")
struct PolicySARIFTests {
    @Test func resultsCarryFingerprintsSuppressionsAndBaselineStates() throws {
        let suppressing = PolicyFixture.scene.replacingOccurrences(of: "    style: sheet\n", with: """
                style: sheet
                auditSkip: { rules: [sheet-grabber], reason: one detent in 3.0 }

            """)
        let audits = [try PolicyFixture.audit(suppressing, file: "shared.yaml", as: "a.yaml"),
                      try PolicyFixture.audit(suppressing, file: "shared.yaml", as: "b.yaml")]
        let baseline = Baseline(findings: [])
        let result = AuditResult(audits, baseline: baseline)
        let sarif = try AuditFormats.sarif(result)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["element-label", "sheet-grabber"])
        #expect(results.map { ($0["partialFingerprints"] as? [String: String])?["earshot/v1"] }
                == (result.findings + result.suppressed).map(\.fingerprint))
        #expect(results.map { $0["baselineState"] as? String } == ["new", "new"])
        #expect(results.map { $0["occurrenceCount"] as? Int } == [2, 2])
        #expect(results[0]["suppressions"] == nil)
        let suppressions = try #require(results[1]["suppressions"] as? [[String: String]])
        #expect(suppressions == [["kind": "inSource", "justification": "one detent in 3.0"]])

        let known = try AuditFormats.sarif(AuditResult(audits, baseline: Baseline(findings: result.findings)))
        #expect(known.contains("\"baselineState\" : \"unchanged\""))

        // Mended since the baseline: the entry comes back as a result whose baselineState is absent.
        let mended = suppressing.replacingOccurrences(of: "button: \"\"", with: "button: Help")
        let fixedResult = AuditResult([try PolicyFixture.audit(mended, file: "shared.yaml", as: "a.yaml")],
                                      baseline: Baseline(findings: result.findings))
        #expect(fixedResult.fixed?.map(\.rule) == ["element-label"])
        let fixed = try AuditFormats.sarif(fixedResult)
        let fixedObject = try #require(try JSONSerialization.jsonObject(with: Data(fixed.utf8)) as? [String: Any])
        let fixedResults = try #require((fixedObject["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let absent = try #require(fixedResults.first { $0["baselineState"] as? String == "absent" })
        #expect(absent["ruleId"] as? String == "element-label")
        #expect((absent["partialFingerprints"] as? [String: String])?["earshot/v1"] == fixedResult.fixed?.first?.fingerprint)
        #expect(fixedResults.filter { $0["baselineState"] as? String == "absent" }.count == 1)
        #expect(try SARIFSchema.validate(logs: [sarif, known, fixed]).status == 0)
    }
}
