import EarshotAudit
import EarshotCore
import EarshotScenario

/// A settings-like scene for the audit benchmark: a list of switches, then a button per sheet;
/// each sheet (two detents, a grabber, Cancel and Done, a switch of its own) has a Reset
/// button that presents an alert. The scene passes every audit rule.
///
/// ```swift
/// let scene = try SettingsSceneGenerator(switches: 30, sheets: 10).scene()
/// Auditor(scene: scene).run().cutOff   // nil: explored completely
/// ```
///
/// With `conditioned`, each of the first switches also sets a scene variable that a condition
/// reads (a line "Setting N is on" appears), so those switches do multiply the states the audit
/// must tell apart: 2^conditioned parent states, each with every sheet and alert over it.
public struct SettingsSceneGenerator: Sendable {
    public var switches: Int
    public var sheets: Int
    /// Switches whose activation sets a variable some condition reads.
    public var conditioned: Int

    public init(switches: Int, sheets: Int, conditioned: Int = 0) {
        self.switches = switches
        self.sheets = sheets
        self.conditioned = min(conditioned, switches)
    }

    /// The scene file's text.
    public var yaml: String {
        var lines = ["scene: Settings, \(switches) switches, \(sheets) sheets", "platform: ios", "root:",
                     "  - heading: Settings"]
        for index in stride(from: 1, through: switches, by: 1) {
            lines += ["  - switch: Setting \(index)", "    value: off"]
            if index <= conditioned {
                lines += ["    activate: { state: { setting\(index): true } }",
                          "  - text: Setting \(index) is on",
                          "    hidden: { when: { state: { setting\(index): true } }, then: false, else: true }"]
            }
        }
        for sheet in stride(from: 1, through: sheets, by: 1) {
            lines += ["  - button: Sheet \(sheet)", "    activate: { present: sheet\(sheet) }"]
        }
        lines.append(sheets > 0 ? "presentations:" : "presentations: {}")
        for sheet in stride(from: 1, through: sheets, by: 1) {
            lines += [
                "  sheet\(sheet):", "    style: sheet", "    detents: [medium, large]", "    grabber: true",
                "    escape: sheet", "    title: Sheet \(sheet)", "    content:",
                "      - button: Cancel", "        placement: topLeading", "        activate: dismiss",
                "      - button: Done", "        placement: topTrailing", "        activate: dismiss",
                "      - switch: Option \(sheet)", "        value: off",
                "      - button: Reset", "        activate: { present: alert\(sheet) }",
                "  alert\(sheet):", "    style: alert", "    title: Reset sheet \(sheet)?", "    content:",
                "      - button: Reset", "        activate: dismiss",
                "      - button: Cancel", "        role: cancel", "        activate: dismiss",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func scene() throws -> Scene {
        try SceneLoader.load(yaml: yaml, file: "settings-\(switches)x\(sheets).yaml")
    }
}

/// The audit explorer on generated settings scenes.
struct AuditBench {
    struct Figure {
        var seconds: Double
        var states: Int

        var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
    }

    /// The best of `rounds` audits of the scene (the scene is loaded once, outside the timing).
    static func explore(_ generator: SettingsSceneGenerator, rounds: Int) throws -> Figure {
        let scene = try generator.scene()
        var best = Figure(seconds: .infinity, states: 0)
        for _ in 0..<max(rounds, 1) {
            let start = ContinuousClock.now
            let report = Auditor(scene: scene, stateLimit: 1_000_000).run()
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            guard report.findings.isEmpty, report.cutOff == nil else {
                throw BenchError("the audit of the generated scene '\(scene.name)' is not clean and complete: "
                                 + (report.findings.map(\.text) + [report.cutOff].compactMap { $0 }).joined(separator: "\n"))
            }
            if seconds < best.seconds { best = Figure(seconds: seconds, states: report.statesExplored) }
        }
        return best
    }
}
