@testable import EarshotAudit
import EarshotCore
import EarshotReader
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// What the checks of ``RuleCheckTests`` saw, counted by what they were called on.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func count(_ key: String) { lock.withLock { counts[key, default: 0] += 1 } }

    var all: [String: Int] { lock.withLock { counts } }
}

/// The collector runs each rule's check at its moment, and only while the rule is on.
@Suite("Rule checks")
struct RuleCheckTests {
    /// A rule of each kind whose check counts its calls; the state check also reports one finding.
    private static func counting(_ prefix: String, into calls: Calls) -> [Rule] {
        func rule(_ kind: String, _ check: Rule.Check) -> Rule {
            Rule(unlisted: "\(prefix)-\(kind)", severity: .warning, summary: "counts", guideline: "", source: "", fix: "none",
                 check: check)
        }
        return [
            rule("state", .state { inspection in
                calls.count("\(prefix) state")
                inspection.report("looked", at: inspection.scene.location)
            }),
            rule("presentation", .presentation { _, presentation in calls.count("\(prefix) presentation \(presentation.id)") }),
            rule("transition", .transition { _, _, _ in calls.count("\(prefix) transition") }),
            rule("step", .step { step in calls.count(step.past ? "\(prefix) past step" : "\(prefix) step") }),
        ]
    }

    @Test func aRuleThatIsOffIsNeverCheckedAndOneThatIsOnAtEachMoment() throws {
        let scene = try SceneLoader.load(path: RuleFixtures.packageRoot.appendingPathComponent("Scenarios/mail/mail.yaml").path)
        // Where a scenario stands after two steps: the audit looks back at them.
        var reader = ScreenReader(scene: scene, hints: false)
        reader.touch("compose")
        reader.doubleTap()
        let calls = Calls()
        let on = Self.counting("on", into: calls), off = Self.counting("off", into: calls)
        let report = Auditor(scene: scene, rules: Set(on.map(\.id))).run(from: reader, among: off + on)

        let counts = calls.all
        #expect(counts.keys.filter { $0.hasPrefix("off") } == [])
        #expect(counts["on state"] == report.statesExplored)
        // Each presentation once, the first time it is topmost (the sheet is up from the start).
        #expect(counts.filter { $0.key.hasPrefix("on presentation ") }
                == Dictionary(uniqueKeysWithValues: scene.presentations.keys.map { ("on presentation \($0)", 1) }))
        // Each move is a transition and a step; the scenario's past steps are steps without a reader before.
        #expect((counts["on transition"] ?? 0) > 0)
        #expect(counts["on step"] == counts["on transition"])
        #expect(counts["on past step"] == 2)
        // Reported in every state, kept once per rule, place and message, and for the rule that reported it.
        #expect(report.findings.map(\.rule) == ["on-state"])
        #expect(report.findings.first?.fix == "none")
    }
}
