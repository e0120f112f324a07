import EarshotAudit
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

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
        #expect(result.findings.allSatisfy { $0.severity == .warning })
    }
}
