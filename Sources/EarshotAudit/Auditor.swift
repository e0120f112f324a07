import EarshotCore
import EarshotReader

/// Audits a scene against the sheet guidelines by walking its reachable
/// states with the screen reader (SPEC §6): every presentation and detent
/// reached by activating elements, running custom actions, typing,
/// resizing and dismissing, each state visited once.
///
/// ```swift
/// let report = Auditor(scene: scene).run()
/// report.findings.filter { $0.severity == .error }
/// ```
public struct Auditor: Sendable {
    public let scene: Scene
    /// Rules to run (all by default).
    public var rules: Set<String>
    /// States explored at most; beyond it the report says the exploration was cut off.
    public var stateLimit: Int

    public init(scene: Scene, rules: Set<String> = Set(Rule.all.map(\.id)), stateLimit: Int = 2000) {
        self.scene = scene
        self.rules = rules
        self.stateLimit = stateLimit
    }

    /// What an audit found and how far it looked.
    public struct Report: Sendable {
        public var findings: [Finding]
        public var statesExplored: Int
        /// Set when the state space was larger than the limit.
        public var cutOff: String?
        public var hasErrors: Bool { findings.contains { $0.severity == .error } }
    }

    /// Explores from a fresh reader, or from where a scenario's reader stands.
    public func run(from start: ScreenReader? = nil) -> Report {
        var collector = Collector(auditor: self)
        if let start { collector.observeHistory(of: start) }
        var queue: [(ScreenReader, [String])] = [(start ?? ScreenReader(scene: scene, hints: false), [])]
        var seen: Set<SceneState> = [queue[0].0.state]
        var explored = 0
        var cutOff: String?
        while !queue.isEmpty {
            let (reader, path) = queue.removeFirst()
            explored += 1
            collector.inspect(reader, path: path)
            for (next, steps) in moves(from: reader) {
                collector.observe(transition: next, from: reader, path: path + steps)
                guard !seen.contains(next.state) else { continue }
                if seen.count >= stateLimit {
                    cutOff = "the exploration stopped after \(stateLimit) states; scene '\(scene.name)' has more"
                    continue
                }
                seen.insert(next.state)
                queue.append((next, path + steps))
            }
        }
        let findings = collector.findings.filter { rules.contains($0.rule) }.sorted {
            ($0.location.line, $0.location.column, $0.rule) < ($1.location.line, $1.location.column, $1.rule)
        }
        return Report(findings: findings, statesExplored: explored, cutOff: cutOff)
    }

    /// The gestures tried from a state: activate each element, run each custom action,
    /// type into each text entry, scrub and swipe down a sheet.
    func moves(from reader: ScreenReader) -> [(ScreenReader, [String])] {
        var result: [(ScreenReader, [String])] = []
        for ref in reader.scope {
            let element = scene[ref]
            let name = Self.name(ref, reader)
            var activated = reader
            activated.touch(element: ref)
            activated.doubleTap()
            result.append((activated, ["touch \(name)", "double tap"]))
            // Typing into an empty field is what changes behaviour (`filled:`, unsaved);
            // typing more would only make new states without end.
            if element.role.isTextEntry, (activated.state.value(of: ref, in: scene) ?? "").isEmpty,
               activated.state.editing == ref {
                var typed = activated
                typed.type("x")
                result.append((typed, ["touch \(name)", "double tap", "type \"x\""]))
            }
            for (index, action) in element.actions.enumerated() {
                var acted = reader
                acted.touch(element: ref)
                acted.rotor(.actions)
                for _ in 0...index { acted.swipeDown() }
                acted.doubleTap()
                result.append((acted, ["touch \(name)", "rotor actions", "swipe down to \(action.name)", "double tap"]))
            }
        }
        if reader.state.topmost != nil {
            var scrubbed = reader
            if let first = reader.scope.last(where: { scene[$0].surface.presentationID == reader.state.topmost?.id && scene[$0].system == nil }) {
                scrubbed.touch(element: first)
            }
            scrubbed.scrub()
            result.append((scrubbed, ["scrub"]))
            var swiped = reader
            swiped.swipeToDismiss()
            result.append((swiped, ["swipe down to dismiss"]))
        }
        return result
    }

    /// How a gesture path names an element: its id, else its label.
    static func name(_ ref: ElementRef, _ reader: ScreenReader) -> String {
        let element = reader.scene[ref]
        if let id = element.id { return id }
        let label = reader.state.label(of: ref, in: reader.scene)
        return label.isEmpty ? "#\(ref.index)" : label
    }

    static func path(_ steps: [String]) -> String {
        steps.isEmpty ? "the scene as it opens" : steps.joined(separator: " → ")
    }
}
