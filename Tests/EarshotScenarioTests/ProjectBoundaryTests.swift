import EarshotAudit
import EarshotFiles
@testable import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// The project boundary is a value each load is given, not a setting of the process: two loads
/// with two boundaries, one after the other or at once, each keep their own.
@Suite("Project boundary passed to the loaders")
struct ProjectBoundaryTests {
    /// A scene in one temporary folder and a scenario in another naming it by its absolute path:
    /// both outside the working directory's project, and the scene outside the scenario's.
    static func twoFolders() throws -> (scene: URL, scenario: URL) {
        let base = testTemporaryDirectory.appendingPathComponent("earshot-boundary-\(UUID().uuidString)")
        let scenes = base.appendingPathComponent("scenes"), scenarios = base.appendingPathComponent("scenarios")
        for folder in [scenes, scenarios] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let scene = scenes.appendingPathComponent("scene.yaml")
        try "scene: S\nroot:\n  - button: OK\n".write(to: scene, atomically: true, encoding: .utf8)
        let scenario = scenarios.appendingPathComponent("scenario.yaml")
        try "scenario: Outside\nscene: \"\(scene.path)\"\nsteps:\n  - touch: OK\n".write(to: scenario, atomically: true, encoding: .utf8)
        return (scene, scenario)
    }

    @Test func theRuleAloneRefusesAPathOutside() throws {
        let (_, scenario) = try Self.twoFolders()
        let error = try #require(throws: LoadError.self) { try ScenarioLoader.load(path: scenario.path) }
        #expect(error.diagnostics.map(\.message) == ["scene path '\(try Self.twoFoldersScenePath(scenario))' leads outside the project"])
    }

    @Test func aNamedFolderOrAllowingAnywhereLetsItLoad() throws {
        let (scene, scenario) = try Self.twoFolders()
        let named = ProjectBoundary(named: [scene.deletingLastPathComponent().path])
        #expect(try ScenarioLoader.load(path: scenario.path, boundary: named).scene.name == "S")
        #expect(try ScenarioLoader.load(path: scenario.path, boundary: ProjectBoundary(allowsAnywhere: true)).scene.name == "S")
        // The next load with the rule alone is refused again: nothing was left set.
        #expect(throws: LoadError.self) { try ScenarioLoader.load(path: scenario.path) }
    }

    @Test func loadsAtOnceKeepTheirOwnBoundaries() async throws {
        let (scene, scenario) = try Self.twoFolders()
        let named = ProjectBoundary(named: [scene.deletingLastPathComponent().path])
        let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
            for index in 0..<16 {
                let allowed = index.isMultiple(of: 2)
                group.addTask {
                    let loaded = (try? ScenarioLoader.load(path: scenario.path, boundary: allowed ? named : .project)) != nil
                    return (allowed, loaded)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 16)
        #expect(outcomes.allSatisfy { $0.0 == $0.1 }, "\(outcomes)")
    }

    @Test func aConfigurationsBaselineStaysInsideItsBoundary() throws {
        let (scene, _) = try Self.twoFolders()
        let yaml = "baseline: \"\(scene.deletingLastPathComponent().appendingPathComponent("baseline.json").path)\"\n"
        #expect(throws: LoadError.self) { try AuditConfiguration.load(yaml: yaml, file: ".earshot.yml") }
        let named = ProjectBoundary(named: [scene.deletingLastPathComponent().path])
        let configuration = try AuditConfiguration.load(yaml: yaml, file: ".earshot.yml", boundary: named)
        #expect(configuration.baseline?.hasSuffix("/baseline.json") == true)
    }

    /// The scene path as the scenario writes it.
    static func twoFoldersScenePath(_ scenario: URL) throws -> String {
        let text = try String(contentsOf: scenario, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("scene: ") })
        return String(line.dropFirst("scene: \"".count).dropLast())
    }
}
