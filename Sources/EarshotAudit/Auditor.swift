import EarshotCore
import EarshotReader

/// Audits a scene against the sheet guidelines by walking its reachable
/// states with the screen reader (docs/guide.md, Sheet audits): every presentation and detent
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

    public init(scene: Scene, rules: Set<String> = Set(Rule.all.map(\.id)), stateLimit: Int = AuditConfiguration.defaultMaxStates) {
        self.scene = scene
        self.rules = rules
        self.stateLimit = stateLimit
    }

    /// What an audit found and how far it looked.
    public struct Report: Sendable {
        public var findings: [Finding]
        public var statesExplored: Int
        /// Set when the state space was larger than the limit: how far the exploration went and
        /// which part of the scene it did not reach.
        public var cutOff: String?
        /// Presentations no state the exploration came to showed, explored or found past the limit
        /// (empty when nothing was cut off and every presentation can be reached).
        public var unreached: [String] = []
        /// Times the readers walked the scene for their scope, over the whole exploration and the
        /// checks' trials: what tests count to see that an audit's cost does not grow with the square of the scene.
        var scopeWalks = 0
        /// Whether an error counts: one the scene file does not suppress.
        public var hasErrors: Bool { findings.contains { $0.severity == .error && $0.suppression == nil } }
    }

    /// Explores from a fresh reader, or from where a scenario's reader stands, breadth first:
    /// each state as ``StateAbstraction`` tells them apart is inspected once, and every move
    /// from it is checked as a transition.
    public func run(from start: ScreenReader? = nil) -> Report {
        run(from: start, among: Rule.all)
    }

    /// The exploration with the rules of `catalogue` that ``rules`` names: only their checks run
    /// (tests bring rules of their own).
    func run(from start: ScreenReader?, among catalogue: [Rule]) -> Report {
        var collector = Collector(scene: scene, rules: catalogue.filter { rules.contains($0.id) })
        var first = start ?? ScreenReader(scene: scene, hints: false)
        if start != nil { collector.observeHistory(of: first) }
        first.forgetSteps()
        let abstraction = StateAbstraction(scene: scene)
        // Gesture paths as links: each queued state's move and the state it came from.
        var trail = Trail()
        var queue = Queue<(reader: ScreenReader, link: Int)>()
        queue.push((first, trail.root))
        var seen: Set<StateAbstraction.Key> = [abstraction.key(first.state)]
        var queued = 1, explored = 0, beyond = 0
        var scopeWalks = first.scopeWalks
        var beyondTops: Set<String> = [], shown: Set<String> = []
        while let (reader, link) = queue.pop() {
            explored += 1
            for presentation in reader.state.stack { shown.insert(presentation.id) }
            collector.inspect(reader, path: { trail.steps(to: link) })
            forEachMove(from: reader, scopeWalks: &scopeWalks) { next, move in
                collector.observe(transition: next, from: reader, path: { trail.steps(to: link) + move.steps(reader) })
                guard seen.insert(abstraction.key(next.state)).inserted else { return }
                guard queued < stateLimit else {
                    beyond += 1
                    for presentation in next.state.stack { shown.insert(presentation.id) }
                    beyondTops.insert(next.state.topmost.map { "'\($0.id)'" } ?? "the parent view")
                    return
                }
                queued += 1
                var kept = next
                kept.forgetSteps()
                queue.push((kept, trail.add(move.steps(reader), after: link)))
            }
        }
        let findings = collector.findings.sorted {
            ($0.location.line, $0.location.column, $0.rule) < ($1.location.line, $1.location.column, $1.rule)
        }
        let unreached = scene.presentations.keys.filter { !shown.contains($0) }.sorted()
        var cutOff: String?
        if beyond > 0 {
            cutOff = "the exploration of '\(scene.name)' stopped at \(stateLimit) \(stateLimit == 1 ? "state" : "states") (--max-states): "
                + "\(beyond) more \(beyond == 1 ? "was" : "were") found and not explored (topmost: \(beyondTops.sorted().joined(separator: ", ")))"
                + (unreached.isEmpty ? "" : "; never reached: \(unreached.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return Report(findings: findings, statesExplored: explored, cutOff: cutOff, unreached: unreached, scopeWalks: scopeWalks + collector.trialScopeWalks)
    }

    /// One gesture sequence the explorer tries from a state.
    enum Move {
        /// Touch the element, then a gesture tried on each element (``Gesture/Exploration/onEachElement(phrase:)``: double tap).
        case onElement(ElementRef, Gesture.Kind)
        /// The same, then type "x" into the empty text field it started editing.
        case type(ElementRef, after: Gesture.Kind)
        /// Touch the element, Actions rotor, swipe down to the action, double tap.
        case action(ElementRef, index: Int)
        /// A gesture tried while a presentation is up (``Gesture/Exploration/whilePresented(phrase:fromInside:)``:
        /// scrub, swipe to dismiss), from the presentation's last element when it acts from inside.
        case whilePresented(Gesture.Kind, from: ElementRef?)

        /// The gestures as a finding's path writes them, naming elements as they are in `reader`.
        func steps(_ reader: ScreenReader) -> [String] {
            switch self {
            case .onElement(let ref, let kind): ["touch \(Auditor.name(ref, reader))", Auditor.phrase(kind)]
            case .type(let ref, let kind): ["touch \(Auditor.name(ref, reader))", Auditor.phrase(kind), "type \"x\""]
            case .action(let ref, let index):
                ["touch \(Auditor.name(ref, reader))", "rotor actions",
                 "swipe down to \(reader.scene.actions(of: ref, in: reader.state)[index].name)", "double tap"]
            case .whilePresented(let kind, _): [Auditor.phrase(kind)]
            }
        }
    }

    /// The gestures the explorer tries, as ``Gesture/Kind/all`` marks them.
    static let onEachElement = Gesture.Kind.all.filter {
        if case .onEachElement = $0.exploration { return true }
        return false
    }
    static let whilePresented = Gesture.Kind.all.filter {
        if case .whilePresented = $0.exploration { return true }
        return false
    }

    /// How a finding's path names a gesture the explorer makes.
    static func phrase(_ kind: Gesture.Kind) -> String {
        switch kind.exploration {
        case .onEachElement(let phrase), .whilePresented(let phrase, _): phrase
        case nil: kind.name
        }
    }

    /// The moves tried from a state, each with the state it leads to: on each element in scope,
    /// the gestures tried on each element (activating it), typing into the empty text field that
    /// starts editing, and each custom action; while a presentation is up, the gestures tried
    /// then (scrub, swipe to dismiss). Adds the scope walks the moves made to `scopeWalks`.
    func forEachMove(from start: ScreenReader, scopeWalks: inout Int, _ body: (ScreenReader, Move) -> Void) {
        // Each move starts from a copy of the state's reader, which learns the scopes the moves
        // computed: touching each of a sheet's clipped elements resizes it to the same detent,
        // and the scope there is walked once, not once per element.
        var reader = start
        // The keyboard's keys type text: the one `type` move below stands for them.
        for ref in start.scope where scene[ref].surface != .keyboard {
            let element = scene[ref]
            for kind in Self.onEachElement where kind.applies(to: scene.platform) {
                var activated = reader
                activated.touch(element: ref)
                Gesture(kind).perform(on: &activated)
                reader.learnScopes(from: activated)
                scopeWalks += activated.scopeWalks - reader.scopeWalks
                body(activated, .onElement(ref, kind))
                // Typing into an empty field is what changes behaviour (`filled:`, unsaved);
                // typing more would only make new states without end.
                if element.role.isTextEntry, (activated.state.value(of: ref, in: scene) ?? "").isEmpty,
                   activated.state.editing == ref {
                    var typed = activated
                    typed.type("x")
                    scopeWalks += typed.scopeWalks - activated.scopeWalks
                    body(typed, .type(ref, after: kind))
                }
            }
            for index in reader.scene.actions(of: ref, in: reader.state).indices {
                var acted = reader
                acted.touch(element: ref)
                acted.rotor(.actions)
                for _ in 0...index { acted.swipeDown() }
                acted.doubleTap()
                reader.learnScopes(from: acted)
                scopeWalks += acted.scopeWalks - reader.scopeWalks
                body(acted, .action(ref, index: index))
            }
        }
        guard let top = reader.state.topmost else { return }
        let last = reader.scope.last { scene[$0].surface.presentationID == top.id && scene[$0].system == nil }
        for kind in Self.whilePresented where kind.applies(to: scene.platform) {
            var moved = reader
            if case .whilePresented(_, fromInside: true) = kind.exploration, let last { moved.touch(element: last) }
            Gesture(kind).perform(on: &moved)
            scopeWalks += moved.scopeWalks - reader.scopeWalks
            body(moved, .whilePresented(kind, from: last))
        }
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

/// Gesture paths as links: each entry is a move's gestures and the entry of the state it was
/// made from, so a path is rebuilt only for a finding and each state costs one small entry.
struct Trail {
    private var links: [(parent: Int, steps: [String])] = [(-1, [])]

    /// The opening state's link.
    var root: Int { 0 }

    mutating func add(_ steps: [String], after parent: Int) -> Int {
        links.append((parent, steps))
        return links.count - 1
    }

    /// The gestures from the opening state to the link's state.
    func steps(to link: Int) -> [String] {
        var parts: [[String]] = []
        var current = link
        while current > 0 {
            parts.append(links[current].steps)
            current = links[current].parent
        }
        return parts.reversed().flatMap { $0 }
    }
}

/// A first-in first-out queue whose pop is O(1): the explorer's breadth-first order.
struct Queue<Element> {
    private var items: [Element?] = []
    private var head = 0

    mutating func push(_ item: Element) { items.append(item) }

    mutating func pop() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        items[head] = nil
        head += 1
        // Drop the popped half once it is most of the storage, so memory follows what is queued.
        if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
