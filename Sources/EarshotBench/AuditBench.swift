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

    /// The scene's document, each element on a line of its own as a scene file would have it.
    public var document: DocumentNode {
        let file = "settings-\(switches)x\(sheets).yaml"
        var line = 0
        func at() -> SourceLocation {
            line += 1
            return SourceLocation(file: file, line: line, column: 1)
        }
        func word(_ text: String, _ here: SourceLocation) -> DocumentNode { .scalar(text, at: here) }
        func map(_ pairs: [(String, String)], _ here: SourceLocation) -> DocumentNode {
            .mapping(pairs.map { ($0.0, word($0.1, here)) }, at: here)
        }
        func state(_ index: Int, _ here: SourceLocation) -> DocumentNode {
            .mapping([("state", map([("setting\(index)", "true")], here))], at: here, flow: true)
        }
        let top = at()
        var root = [map([("heading", "Settings")], at())]
        for index in stride(from: 1, through: switches, by: 1) {
            let here = at()
            var toggle = [("switch", word("Setting \(index)", here)), ("value", word("off", here))]
            if index <= conditioned {
                toggle.append(("activate", .mapping([("state", map([("setting\(index)", "true")], here))], at: here, flow: true)))
                root.append(.mapping(toggle, at: here))
                let shown = at()
                root.append(.mapping([("text", word("Setting \(index) is on", shown)),
                                      ("hidden", .mapping([("when", state(index, shown)), ("then", word("false", shown)),
                                                           ("else", word("true", shown))], at: shown, flow: true))], at: shown))
            } else {
                root.append(.mapping(toggle, at: here))
            }
        }
        for sheet in stride(from: 1, through: sheets, by: 1) {
            let here = at()
            root.append(.mapping([("button", word("Sheet \(sheet)", here)),
                                  ("activate", .mapping([("present", word("sheet\(sheet)", here))], at: here, flow: true))], at: here))
        }
        var presentations: [(String, DocumentNode)] = []
        for sheet in stride(from: 1, through: sheets, by: 1) {
            let here = at()
            let content = [
                map([("button", "Cancel"), ("placement", "topLeading"), ("activate", "dismiss")], at()),
                map([("button", "Done"), ("placement", "topTrailing"), ("activate", "dismiss")], at()),
                map([("switch", "Option \(sheet)"), ("value", "off")], at()),
            ]
            let reset = at()
            presentations.append(("sheet\(sheet)", .mapping([
                ("style", word("sheet", here)),
                ("detents", .list([word("medium", here), word("large", here)], at: here, flow: true)),
                ("grabber", word("true", here)), ("escape", word("sheet", here)), ("title", word("Sheet \(sheet)", here)),
                ("content", .list(content + [.mapping([("button", word("Reset", reset)),
                                                       ("activate", .mapping([("present", word("alert\(sheet)", reset))],
                                                                             at: reset, flow: true))], at: reset)], at: here)),
            ], at: here)))
            let alert = at()
            presentations.append(("alert\(sheet)", .mapping([
                ("style", word("alert", alert)), ("title", word("Reset sheet \(sheet)?", alert)),
                ("content", .list([map([("button", "Reset"), ("activate", "dismiss")], at()),
                                   map([("button", "Cancel"), ("role", "cancel"), ("activate", "dismiss")], at())], at: alert)),
            ], at: alert)))
        }
        return .mapping([
            ("scene", word("Settings, \(switches) switches, \(sheets) sheets", top)), ("platform", word("ios", top)),
            ("root", .list(root, at: top)), ("presentations", .mapping(presentations, at: top)),
        ], at: top)
    }

    /// The scene file, for people to read.
    public var yaml: String { YAMLWriter.write(document) }

    public func scene() throws -> Scene {
        try SceneLoader.load(document: document)
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
