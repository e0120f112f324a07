import EarshotCore
import EarshotReader

/// Runs the checks of the rules that are on (each rule's own, `Rules/`) at their moments: each
/// explored state, each presentation the first time it is topmost, each move, and a scenario's
/// past steps; keeps each finding once per rule and place.
struct Collector {
    let scene: Scene
    /// The rules that are on: the checks of the others never run.
    let rules: [Rule]
    var findings: [Finding] = []
    /// Times the checks' trials walked the scene for their scope.
    private(set) var trialScopeWalks = 0
    private var keys: Set<String> = []
    /// Presentations whose own checks ran already.
    private var checkedPresentations: Set<String> = []
    /// The rules' checks by moment, each with its rule's index in ``rules``: the explorer calls
    /// them for every state and move, where copying each `Rule` (its texts) out of the list cost
    /// more than the checks.
    private var stateChecks: [(rule: Int, check: @Sendable (inout Rule.Inspection) -> Void)] = []
    private var presentationChecks: [(rule: Int, check: @Sendable (inout Rule.Inspection, Presentation) -> Void)] = []
    private var transitionChecks: [(rule: Int, check: @Sendable (inout Rule.Transition, ScreenReader, ScreenReader) -> Void)] = []
    private var stepChecks: [(rule: Int, check: @Sendable (inout Rule.Step) -> Void)] = []

    init(scene: Scene, rules: [Rule]) {
        self.scene = scene
        self.rules = rules
        for (index, rule) in rules.enumerated() {
            switch rule.check {
            case .state(let check): stateChecks.append((index, check))
            case .presentation(let check): presentationChecks.append((index, check))
            case .transition(let check): transitionChecks.append((index, check))
            case .step(let check): stepChecks.append((index, check))
            }
        }
    }

    /// The gesture path to a state, built only when a finding needs it (the explorer keeps
    /// paths as links to the state each move came from).
    typealias Path = () -> [String]

    /// Records a finding once per rule, place and message; the gesture path is built only then.
    private mutating func add(_ rule: Rule, severity: Severity? = nil, _ message: String, at location: SourceLocation,
                              path: @autoclosure () -> [String]) {
        let key = "\(rule.id)|\(location)|\(message)"
        guard keys.insert(key).inserted else { return }
        findings.append(Finding(rule: rule, severity: severity, message: message, location: location, path: Auditor.path(path())))
    }

    /// Records what a check of `rule` reported, each with the path to its state and its own gestures after it.
    private mutating func add(_ reports: [Rule.Report], of rule: Rule, path: Path) {
        for report in reports {
            add(rule, severity: report.severity, report.message, at: report.location, path: path() + report.then)
        }
    }

    // MARK: States

    /// Runs the state checks on an explored state, and the presentation checks when its topmost
    /// presentation is topmost for the first time.
    mutating func inspect(_ reader: ScreenReader, path: Path) {
        var firstTopmost: Presentation?
        if let top = reader.state.topmost, let presentation = scene.presentations[top.id],
           checkedPresentations.insert(top.id).inserted {
            firstTopmost = presentation
        }
        // One context for every rule (a reader is a wide value: a copy per rule and state cost
        // the audit a third of its speed).
        var inspection = Rule.Inspection(scene: scene, reader: reader)
        for (rule, check) in stateChecks {
            check(&inspection)
            take(&inspection.reports, of: rule, path: path)
        }
        if let firstTopmost {
            for (rule, check) in presentationChecks {
                check(&inspection, firstTopmost)
                take(&inspection.reports, of: rule, path: path)
            }
        }
        trialScopeWalks += inspection.trialScopeWalks
    }

    // MARK: Transitions

    /// Runs the transition and step checks on a move from `before` to `after`.
    mutating func observe(transition after: ScreenReader, from before: ScreenReader, path: Path) {
        var transition = Rule.Transition(scene: scene, events: after.lastEvents)
        for (rule, check) in transitionChecks {
            check(&transition, before, after)
            take(&transition.reports, of: rule, path: path)
        }
        var step = Rule.Step(scene: scene, events: transition.events, past: false, cursorBefore: before.cursor)
        for (rule, check) in stepChecks {
            check(&step)
            take(&step.reports, of: rule, path: path)
        }
    }

    /// Records what the check of the rule at `index` reported, and empties the list for the next.
    private mutating func take(_ reports: inout [Rule.Report], of index: Int, path: Path) {
        guard !reports.isEmpty else { return }
        add(reports, of: rules[index], path: path)
        reports.removeAll(keepingCapacity: true)
    }

    /// Runs the step checks on a scenario's steps so far (the `audit` step looks back, too).
    mutating func observeHistory(of reader: ScreenReader) {
        for record in reader.steps {
            var step = Rule.Step(scene: scene, events: record.events, past: true, cursorBefore: nil)
            for (rule, check) in stepChecks {
                check(&step)
                take(&step.reports, of: rule, path: { ["the scenario's step '\(record.written)'"] })
            }
        }
    }
}
