import Foundation
import Testing

/// `earshot audit` and `earshot run` with a team's configuration, suppressions and baseline.
@Suite("earshot audit: configuration, suppressions, baselines")
struct AuditPolicyCLITests {
    /// One error (an unlabelled button, `root/mystery`) and one warning (no grabber).
    static let scene = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../EarshotAuditTests/Policy/policy.yaml").standardized,
        encoding: .utf8)

    /// A folder holding `scene.yaml` and the given files.
    static func folder(scene: String = scene, files: [String: String] = [:]) throws -> URL {
        let folder = try EarshotProcess.temporaryFolder()
        try scene.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func theConfigurationSetsSeveritiesRulesAndTheStateLimit() throws {
        let folder = try Self.folder(files: [
            "strict.yml": "rules:\n  element-label: warning\n  sheet-grabber: error\n",
            "relaxed.yml": "rules:\n  element-label: off\nmaxStates: 1\n",
        ])
        let strict = try EarshotProcess.run(["audit", "scene.yaml", "--config", "strict.yml"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.out.contains("scene.yaml:5:5: warning: [element-label]"))
        #expect(strict.out.contains("scene.yaml:8:3: error: [sheet-grabber]"))
        let relaxed = try EarshotProcess.run(["audit", "scene.yaml", "--config", "relaxed.yml"], in: folder)
        #expect(relaxed.status == 0)
        #expect(!relaxed.out.contains("[element-label]"))
        #expect(relaxed.out.contains("scene.yaml: note: the exploration of 'Policy' stopped at 1 state (--max-states)"))
        // The flag wins.
        let flagged = try EarshotProcess.run(["audit", "scene.yaml", "--config", "relaxed.yml", "--max-states", "100"], in: folder)
        #expect(!flagged.out.contains("note:"))
    }

    @Test func dotEarshotYmlIsReadFromTheCurrentFolder() throws {
        let folder = try Self.folder(files: [".earshot.yml": "rules:\n  element-label: off\n"])
        #expect(try EarshotProcess.run(["audit", "scene.yaml"], in: folder).status == 0)
        // Without it, the same scene fails.
        #expect(try EarshotProcess.run(["audit", "scene.yaml"], in: try Self.folder()).status == 1)
    }

    @Test func aBadConfigurationIsBadInputWithWhereAndASuggestion() throws {
        let folder = try Self.folder(files: ["cfg.yml": "rules:\n  element-lable: off\nmaxStats: 3\n"])
        let result = try EarshotProcess.run(["audit", "scene.yaml", "--config", "cfg.yml"], in: folder)
        #expect(result.status == 2)
        #expect(result.err.contains("cfg.yml:2:3: error: unknown rule 'element-lable' (expected one of: "))
        #expect(result.err.contains("did you mean 'element-label'?"))
        #expect(result.err.contains("cfg.yml:3:1: error: unknown key 'maxStats' in the configuration (expected one of: rules, maxStates, os, language, configurations, baseline, profiles); did you mean 'maxStates'?"))
        #expect(try EarshotProcess.run(["audit", "scene.yaml", "--config", "missing.yml"], in: folder).status == 2)
    }

    @Test func aSuppressedErrorIsListedWithItsReasonAndDoesNotFail() throws {
        let folder = try Self.folder(scene: Self.scene.replacingOccurrences(of: "    id: mystery\n", with: """
                id: mystery
                auditSkip: { rules: [element-label], reason: labelled at run time (APP-7) }

            """))
        let result = try EarshotProcess.run(["audit", "scene.yaml"], in: folder)
        #expect(result.status == 0)
        #expect(result.out.contains("""
            suppressed (1):
            scene.yaml:5:5: error: [element-label] a button has no label
                reason: labelled at run time (APP-7)
            """))
        let sarif = try EarshotProcess.run(["audit", "scene.yaml", "--format", "sarif"], in: folder)
        #expect(sarif.out.contains("\"justification\" : \"labelled at run time (APP-7)\""))
    }

    @Test func aBaselineRoundTrip() throws {
        let folder = try Self.folder()
        let missing = try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.err.contains("baseline file 'known.json' does not exist (write it with --update-baseline)"))

        let update = try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json", "--update-baseline"], in: folder)
        #expect(update.status == 0)
        #expect(update.err.contains("wrote 2 findings to the baseline known.json"))
        let written = try String(contentsOf: folder.appendingPathComponent("known.json"), encoding: .utf8)
        #expect(written.contains("\"version\" : 1"))
        #expect(written.contains("\"element\" : \"root/mystery\""))

        let known = try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json"], in: folder)
        #expect(known.status == 0)
        #expect(known.out.hasSuffix("2 known findings from the baseline\n"))
        // The summary says what the baseline holds, since the audit passes with those errors.
        #expect(known.out.contains(" (baselined), ") || known.out.contains(" baselined)"), "\(known.out)")

        // Lines move: nothing new.
        try ("# moved\n\n" + Self.scene).write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        #expect(try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json"], in: folder).status == 0)

        // A new broken element fails, and only it is shown.
        try Self.scene.replacingOccurrences(of: "root:\n", with: "root:\n  - button: \"\"\n    id: another\n")
            .write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let grown = try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json", "--format", "json"], in: folder)
        #expect(grown.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(grown.out.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["baseline"] as? String == "new" }.map { $0["element"] as? String } == ["root/another"])
        let text = try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json"], in: folder)
        #expect(text.out.hasPrefix("scene.yaml:3:5: error: [element-label] a button has no label\n"))
        #expect(text.out.components(separatedBy: "[element-label]").count == 2)

        // The old one mended: listed as fixed.
        try Self.scene.replacingOccurrences(of: "button: \"\"", with: "button: Help")
            .write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let mended = try EarshotProcess.run(["audit", "scene.yaml", "--baseline", "known.json"], in: folder)
        #expect(mended.status == 0)
        #expect(mended.out.contains("fixed: [element-label] root/mystery in scene.yaml (in the baseline, no longer found)"))
    }

    @Test func theConfigurationNamesTheBaseline() throws {
        let folder = try Self.folder(files: [".earshot.yml": "baseline: ci/known.json\n"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ci"), withIntermediateDirectories: true)
        #expect(try EarshotProcess.run(["audit", "scene.yaml", "--update-baseline"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ci/known.json").path))
        #expect(try EarshotProcess.run(["audit", "scene.yaml"], in: folder).status == 0)
        let nowhere = try Self.folder()
        #expect(try EarshotProcess.run(["audit", "scene.yaml", "--update-baseline"], in: nowhere).status == 2)
    }

    @Test func runAppliesTheConfigurationToAuditSteps() throws {
        let folder = try Self.folder(files: [
            "look.yaml": "scenario: Look\nscene: scene.yaml\nsteps:\n  - audit\n",
            "relaxed.yml": "rules:\n  element-label: off\n",
        ])
        #expect(try EarshotProcess.run(["run", "--headless", "look.yaml"], in: folder).status == 1)
        let relaxed = try EarshotProcess.run(["run", "--headless", "look.yaml", "--config", "relaxed.yml",
                                              "--report", "sarif:audit.sarif"], in: folder)
        #expect(relaxed.status == 0)
        let sarif = try String(contentsOf: folder.appendingPathComponent("audit.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"ruleId\" : \"sheet-grabber\""))
        #expect(sarif.contains("\"earshot/v1\" : "))
        #expect(!sarif.contains("\"ruleId\" : \"element-label\""))
    }
}
