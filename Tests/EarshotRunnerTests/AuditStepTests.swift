import EarshotAudit
import EarshotCore
import EarshotReader
@testable import EarshotRunner
@testable import EarshotScenario
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
        guard case .audit(let errors) = failure.cause else { Issue.record("not an audit's failure: \(failure.cause)"); return }
        #expect(errors.map(\.rule) == ["announcement-swallowed"])
        #expect(errors.first?.text.contains("[announcement-swallowed] the announcement \"Note saved\" is interrupted before it is spoken") == true)
        #expect(errors.first?.text.contains("observed: the scenario's step 'doubleTap'") == true)
        #expect(result.findings.map(\.rule) == ["announcement-swallowed"])
        #expect(failure.lastLines == ScenarioRunner.tail(result.transcript))
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
