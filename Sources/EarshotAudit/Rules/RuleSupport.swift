import EarshotCore
import EarshotReader

/// What a check has in hand at any moment: the scene, and the findings it reported so far.
protocol RuleContext {
    var scene: Scene { get }
    var reports: [Rule.Report] { get set }
}

extension RuleContext {
    /// Reports a finding of the rule being checked (a check never names its rule): `then` are the
    /// gestures that follow the path to the state, e.g. `["scrub → nothing happened"]`. The audit
    /// keeps each finding once per rule, place and message.
    mutating func report(_ message: String, severity: Severity? = nil, at location: SourceLocation, then: [String] = []) {
        reports.append(Rule.Report(message: message, severity: severity, location: location, then: then))
    }
}

extension Rule {
    /// A finding as a check reports it, before the collector adds it for the check's rule.
    struct Report {
        var message: String
        /// Set when it differs from the rule's severity.
        var severity: Severity?
        var location: SourceLocation
        var then: [String]
    }

    /// An explored state, for `.state` and `.presentation` checks.
    struct Inspection: RuleContext {
        let scene: Scene
        /// The reader in the state: its cursor, its scope and ``ScreenReader/state``.
        let reader: ScreenReader
        var reports: [Report] = []
        /// Times the checks' trials (``trial(_:)``) walked the scene for their scope.
        var trialScopeWalks = 0

        /// What gestures would do from this state, tried on a copy of its reader (the state is
        /// left as it is), counted for the audit's cost.
        mutating func trial(_ gestures: (inout ScreenReader) -> Void) -> ScreenReader {
            var trial = reader
            gestures(&trial)
            trialScopeWalks += trial.scopeWalks - reader.scopeWalks
            return trial
        }

        /// The elements of presentation `id` in the reader's scope, its grabber included.
        func elements(of id: String) -> [ElementRef] {
            reader.scope.filter { scene[$0].surface.presentationID == id }
        }

        /// Whether the presentation went away, or its confirmation came up in its place.
        func leaves(_ reader: ScreenReader, _ id: String) -> Bool {
            guard let top = reader.state.topmost else { return true }
            if !reader.state.isShowing(id) { return true }
            return top.id != id && scene.presentations[id]?.confirm == top.id
        }

        /// The elements and all their descendants, depth first in document order.
        func allElements(_ refs: [ElementRef]) -> [ElementRef] {
            var result: [ElementRef] = []
            var stack = Array(refs.reversed())
            while let ref = stack.popLast() {
                result.append(ref)
                stack.append(contentsOf: scene[ref].children.reversed())
            }
            return result
        }

        /// A page's bar buttons: its elements, nested ones included, that have a placement and
        /// are not a system element.
        func bar(_ page: Page) -> [ElementRef] {
            allElements(page.content).filter { scene[$0].placement != nil && scene[$0].system == nil }
        }
    }

    /// A move the exploration made, for `.transition` checks (which are handed the readers
    /// before and after it).
    struct Transition: RuleContext {
        let scene: Scene
        /// What the move did, in order.
        let events: [ReaderEvent]
        var reports: [Report] = []
    }

    /// The events of one step, for `.step` checks: a move of the exploration, or a step the
    /// scenario took before its `audit`.
    struct Step: RuleContext {
        let scene: Scene
        let events: [ReaderEvent]
        /// Whether it is a step the scenario took before its `audit`, not a move of the exploration.
        let past: Bool
        /// The element under the cursor before the move; nil for a past step.
        let cursorBefore: ElementRef?
        var reports: [Report] = []
    }
}

extension ScreenReader {
    /// A scrub, then more while each one only popped a page of presentation `id`'s navigation
    /// stack or settled the sheet at a smaller detent (Compose's Back on an expanded sheet):
    /// neither is a way out of the presentation, so what counts is what a scrub does from its
    /// root page at its smallest detent (docs/decisions.md, "Escape").
    mutating func scrubOut(of id: String) {
        let detents = scene.presentations[id]?.detents ?? []
        func place(_ shown: SceneState.Shown?) -> (pages: Int, detent: Int)? {
            shown.map { shown in (shown.history.count, detents.firstIndex { $0.id == shown.detent } ?? 0) }
        }
        while true {
            guard let before = place(state.stack.last { $0.id == id }) else { return }
            scrub()
            guard let after = place(state.stack.last { $0.id == id }) else { return }
            let popped = after.pages < before.pages
            let settled = after.pages == before.pages && after.detent < before.detent
            guard popped || settled else { return }
        }
    }
}

/// How a rule names the escape gesture in the scene's reader's words: VoiceOver's scrub,
/// TalkBack's Back.
struct EscapeWords {
    /// The gesture as a step names it (`scrub`, `back`).
    let step: String
    /// The gesture in a sentence (`a scrub`, `Back`).
    let phrase: String

    init(_ scene: Scene) {
        let kind = Gesture.Kind.escape(on: scene.platform)
        step = kind.name
        phrase = kind == .back ? "Back" : "a scrub"
    }
}
