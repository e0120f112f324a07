import EarshotAudit
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// The bundled scenes audit clean, or the findings that remain are deliberate and
/// written beside the scene as `# audit-finding: RULE-ID — why` comment lines.
@Suite("Bundled scenes")
struct BundledScenesTests {
    static var scenes: [String] {
        let root = RuleFixtures.packageRoot.appendingPathComponent("Scenarios")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".yaml") }
            .map { root.appendingPathComponent($0).path }
            .filter { !ScenarioLoader.isScenarioFile($0) }
            .sorted()
    }

    static func declared(in file: String) throws -> Set<String> {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("# audit-finding: ") else { return nil }
            return line.dropFirst("# audit-finding: ".count).split(separator: " ").first.map(String.init)
        })
    }

    @Test func thereAreBundledScenes() {
        #expect(!Self.scenes.isEmpty)
    }

    @Test(arguments: scenes)
    func auditsCleanOrDeclaresItsFindings(file: String) throws {
        let report = Auditor(scene: try SceneLoader.load(path: file)).run()
        #expect(report.cutOff == nil)
        #expect(Set(report.findings.map(\.rule)) == (try Self.declared(in: file)),
                "\(report.findings.map(\.text).joined(separator: "\n"))")
    }
}
