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
    private var keys: Set<String> = []
    /// Presentations whose own checks ran already.
    private var checkedPresentations: Set<String> = []

    init(scene: Scene, rules: [Rule]) {
        self.scene = scene
        self.rules = rules
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
        for rule in rules {
            var inspection = Rule.Inspection(scene: scene, reader: reader)
            switch rule.check {
            case .state(let check):
                check(&inspection)
            case .presentation(let check):
                guard let firstTopmost else { continue }
                check(&inspection, firstTopmost)
            case .transition, .step:
                continue
            }
            add(inspection.reports, of: rule, path: path)
        }
    }

    // MARK: Transitions

    /// Runs the transition and step checks on a move from `before` to `after`.
    mutating func observe(transition after: ScreenReader, from before: ScreenReader, path: Path) {
        for rule in rules {
            switch rule.check {
            case .transition(let check):
                var transition = Rule.Transition(scene: scene, before: before, after: after)
                check(&transition)
                add(transition.reports, of: rule, path: path)
            case .step(let check):
                var step = Rule.Step(scene: scene, events: after.lastEvents, before: before)
                check(&step)
                add(step.reports, of: rule, path: path)
            case .state, .presentation:
                continue
            }
        }
    }

    /// Runs the step checks on a scenario's steps so far (the `audit` step looks back, too).
    mutating func observeHistory(of reader: ScreenReader) {
        for record in reader.steps {
            for rule in rules {
                guard case .step(let check) = rule.check else { continue }
                var step = Rule.Step(scene: scene, events: record.events, before: nil)
                check(&step)
                add(step.reports, of: rule, path: { ["the scenario's step '\(record.step)'"] })
            }
        }
    }
}
