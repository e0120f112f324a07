import EarshotTestSupport
import Foundation
import Testing

/// `earshot init`: a starter project that passes at once, and never overwrites a file.
@Suite("earshot init")
struct InitCommandTests {
    @Test func theStarterRunsAndAuditsCleanAtOnce() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try EarshotProcess.run(["init", "project"], in: folder)
        #expect(made.status == 0, "\(made.err)")
        let project = folder.appendingPathComponent("project")
        for file in ["Scenarios/notes/notes.yaml", "Scenarios/notes/new-note.yaml", "Scenarios/notes/new-note.transcript", ".earshot.yml"] {
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file).path), "\(file)")
        }
        // The files name the schemas init wrote beside them, which validate them.
        for (file, schema) in [("notes.yaml", "scene"), ("new-note.yaml", "scenario")] {
            let text = try String(contentsOf: project.appendingPathComponent("Scenarios/notes/\(file)"), encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=../../.earshot/schema/\(schema).schema.json\n"))
            let validated = try PythonForTests.run(script: "validate-yaml-schema.py",
                                                   [project.appendingPathComponent(".earshot/schema/\(schema).schema.json").path,
                                                    project.appendingPathComponent("Scenarios/notes/\(file)").path],
                                                   missing: "PyYAML or jsonschema")
            #expect(validated.status == 0, "\(file) does not validate against its schema: \(validated.err)")
        }
        let run = try EarshotProcess.run(["run", "--headless"], in: project)
        #expect(run.status == 0)
        #expect(run.out.hasSuffix("1 passed, 0 failed\n"))
        let audit = try EarshotProcess.run(["audit", "Scenarios/notes/notes.yaml"], in: project)
        #expect(audit.status == 0)
        #expect(audit.out.contains("Notes: 0 errors, 0 warnings"))
    }

    @Test func itNeverOverwritesAFile() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A team's own configuration is kept.
        try "maxStates: 7\n".write(to: folder.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        #expect(try EarshotProcess.run(["init"], in: folder).status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent(".earshot.yml"), encoding: .utf8) == "maxStates: 7\n")
        // A second init finds the scenario files there: nothing is written, exit 2.
        let scene = folder.appendingPathComponent("Scenarios/notes/notes.yaml")
        try "scene: Mine\nroot: []\n".write(to: scene, atomically: true, encoding: .utf8)
        let again = try EarshotProcess.run(["init"], in: folder)
        #expect(again.status == 2)
        #expect(again.err.contains("already exist; nothing was written"))
        #expect(try String(contentsOf: scene, encoding: .utf8) == "scene: Mine\nroot: []\n")
    }
}
