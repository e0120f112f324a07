import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotScenario
import EarshotReader
import Foundation

/// Why a scenario failed, as data: where, the cause with what the runner knew of it, and the
/// transcript just before it. Its wording (message, expected, actual, the printed report) is
/// EarshotReports' (`ScenarioFailure+Wording`), as every report's is.
public struct ScenarioFailure: Hashable, Sendable {
    /// What failed.
    public enum Cause: Hashable, Sendable {
        /// An `expect:` check that did not hold: its key, and what it expected and found, as
        /// the check words a value (``Expectation/mismatch(in:)``).
        case expectation(key: String, expected: String, actual: String)
        /// An `audit` step found errors (suppressed ones are not among them).
        case audit(errors: [Finding])
        /// A gesture the reader could not perform: the step as the reader recorded it (typed
        /// secure text as bullets) and the reader's reason.
        case cannotAct(step: String, reason: String)
        /// The transcript differs from its golden transcript.
        case goldenDiffers(TranscriptDiff)
        /// There is no golden transcript and the run records none: the scenario's file and the
        /// configuration (nil for the standard one) whose golden is missing, at ``location``.
        case goldenMissing(scenarioFile: String, goldenPath: String, configuration: String?)
    }

    /// What failed, without its details: what JUnit's `type` and a report's wording choose by.
    public enum Kind: String, Hashable, Sendable {
        case expectation, audit, cannotAct, goldenDiffers, goldenMissing
    }

    public var cause: Cause
    public var location: SourceLocation
    /// The last ten transcript lines before the failure.
    public var lastLines: [String]
    /// The step (an index in ``ScenarioResult/screens``) where the scenario failed: the failing
    /// step, or the step whose transcript lines first differ from the golden transcript's.
    public var step: Int?

    package init(_ cause: Cause, at location: SourceLocation, lastLines: [String] = [], step: Int? = nil) {
        self.cause = cause
        self.location = location
        self.lastLines = lastLines
        self.step = step
    }

    public var kind: Kind {
        switch cause {
        case .expectation: .expectation
        case .audit: .audit
        case .cannotAct: .cannotAct
        case .goldenDiffers: .goldenDiffers
        case .goldenMissing: .goldenMissing
        }
    }

    /// The golden transcript's diff, when that is the failure.
    public var diff: TranscriptDiff? {
        if case .goldenDiffers(let diff) = cause { return diff }
        return nil
    }
}

/// One scenario's outcome.
extension ScenarioResult {
    /// The name its outputs are written under: its file's (``OutputName``), with its
    /// configuration's name after it where that is not the standard one
    /// (`mail-cancel-draft.os26-de`), so that no two configurations' files collide.
    public var outputName: String { OutputName.of(file: file) + configuration.fileSuffix }
}

public struct ScenarioResult: Sendable {
    public let name: String
    public let file: String
    /// The configuration it ran in (``RunConfiguration/standard``: the scene as written).
    public let configuration: RunConfiguration
    public let steps: [StepRecord]
    public let transcript: String
    public let failure: ScenarioFailure?
    /// What the scenario's `audit` steps found (errors and warnings), for `--report sarif:PATH`.
    public let findings: [Finding]
    /// Voice, rate and hints the scenario ran with.
    public let voice: String
    public let rate: Int
    /// Where the voice was written (nil when it came from the command line or the default).
    public let voiceLocation: SourceLocation?
    /// What is heard and when, on one clock (``Timeline``): made from the reader's events when the
    /// scenario runs; a spoken run's result is made again with the audio's times
    /// (``completed(failure:timeline:)``). Reports read their times here, never from the events.
    public let timeline: Timeline
    /// The clock ``timeline``'s times are on.
    public var clock: Clock { timeline.clock }
    /// Seconds from the scenario's start to the end of its last step (the silence after its last
    /// sound included), on ``clock``.
    public var length: Double { timeline.length }
    /// Wall-clock seconds the runner took to run its steps (and audits): JUnit's `time`, what a
    /// dashboard charts. Speech, made in workers for the whole run, is not in it.
    public let runSeconds: Double
    /// The scene it ran on and what each of its steps left on the screen, for reports that draw
    /// the screen (the HTML report); empty for results made without a runner.
    public let scene: Scene?
    /// The scene's state as it opened, before the first step.
    public let opening: SceneState?
    public let screens: [StepScreen]
    /// Where the scenario starts in its file: its first key (nil for results made without a runner).
    public let location: SourceLocation?
    public var passed: Bool { failure == nil }
    /// The scenario's name with its configuration where it is not the standard one, as every
    /// report names a result: `Cancel a draft [os 26, de]`.
    public var title: String { configuration.isStandard ? name : "\(name) [\(configuration)]" }
    /// Where its golden transcript is: beside the scenario, named for its configuration.
    public var goldenPath: String { Golden.path(for: file, configuration: configuration) }

    /// A result, made once: its timeline is the reader's estimate from its steps' events unless
    /// one is given.
    package init(name: String, file: String, steps: [StepRecord], transcript: String, failure: ScenarioFailure? = nil,
                 findings: [Finding] = [], voice: String, rate: Int, voiceLocation: SourceLocation? = nil, length: Double = 0,
                 timeline: Timeline? = nil, runSeconds: Double = 0, scene: Scene? = nil, opening: SceneState? = nil,
                 screens: [StepScreen] = [], location: SourceLocation? = nil, configuration: RunConfiguration = .standard) {
        self.name = name
        self.file = file
        self.configuration = configuration
        self.steps = steps
        self.transcript = transcript
        self.failure = failure
        self.findings = findings
        self.voice = voice
        self.rate = rate
        self.voiceLocation = voiceLocation
        self.timeline = timeline ?? Timeline(estimatedFrom: steps, length: length)
        self.runSeconds = runSeconds
        self.scene = scene
        self.opening = opening
        self.screens = screens
        self.location = location
    }

    /// The result as a run reports it, made once from the runner's: judged against its golden
    /// transcript (a mismatch is its failure when the steps passed) and, in a spoken run, on the
    /// audio's clock.
    package func completed(failure golden: ScenarioFailure?, timeline: Timeline) -> ScenarioResult {
        remade(failure: .some(failure ?? golden), timeline: timeline)
    }

    /// The result made again with some of its parts changed (results are immutable once made):
    /// the suite's verdict and audio times, or a result no scenario makes for a test. New steps
    /// without a timeline get the reader's estimate of them.
    package func remade(steps: [StepRecord]? = nil, transcript: String? = nil, failure: ScenarioFailure?? = nil,
                        timeline: Timeline? = nil, screens: [StepScreen]? = nil) -> ScenarioResult {
        let steps = steps ?? self.steps
        return ScenarioResult(name: name, file: file, steps: steps, transcript: transcript ?? self.transcript,
                              failure: failure ?? self.failure, findings: findings, voice: voice, rate: rate,
                              voiceLocation: voiceLocation,
                              timeline: timeline ?? (steps == self.steps ? self.timeline : Timeline(estimatedFrom: steps, length: length)),
                              runSeconds: runSeconds, scene: scene, opening: opening, screens: screens ?? self.screens,
                              location: location, configuration: configuration)
    }

    /// The step (an index in ``screens``) that wrote the transcript's line `line` (from 0): the
    /// step whose reader steps hold it; past the transcript's end, the last step that wrote any.
    public func step(writingTranscriptLine line: Int) -> Int? {
        var record = steps.count - 1, first = 0
        for (index, step) in steps.enumerated() {
            // A reader step's block: its heading line and one line per utterance or earcon.
            first += 1 + Transcript.lines(of: step.events).count
            if line < first {
                record = index
                break
            }
        }
        return screens.lastIndex { $0.records.contains(record) }
    }

    /// Where a scenario's times come from (``Timeline/Clock``).
    public typealias Clock = Timeline.Clock
}

/// One scenario step as written, the reader steps it made, and the screen it left: what the
/// reader decided (its state and cursor), recorded after the step, never worked out again.
///
/// ```swift
/// let result = ScenarioRunner().run(scenario)
/// result.screens[0].written           // "touch: compose"
/// result.steps[result.screens[0].records]   // its events
/// result.screens[0].state.topmost?.id // what was presented after it
/// ```
public struct StepScreen: Sendable {
    /// The step as the scenario's file writes it, quotes kept (`touch: "iPhone 15 Pro, 48 MP"`,
    /// `expect: { focus: to }`); a gesture whose text the reader hid (typed into a secure field)
    /// as the reader recorded it (`type: ••••••`).
    public var written: String
    public var location: SourceLocation
    /// Its reader steps in ``ScenarioResult/steps`` (none for `expect` and `audit`).
    public var records: Range<Int>
    /// What the step does as the runner resolved it: its gesture (its kind and value), its
    /// expectations, or an audit; nil for a screen made from a reader step alone (a result made
    /// without a runner), which acted.
    public var action: ScenarioStep.Action?
    /// The element in focus when the step began: what a gesture on the focused element (a
    /// double-tap, an adjustment, an action, the scrub) acted on.
    public var focusBefore: ElementRef?
    /// The scene's state and the cursor after the step.
    public var state: SceneState
    public var cursor: ElementRef?
    /// The step where the scenario failed (always the last one when it is set).
    public var failed: Bool

    public init(written: String, location: SourceLocation, records: Range<Int>, action: ScenarioStep.Action?,
                focusBefore: ElementRef? = nil, state: SceneState, cursor: ElementRef?, failed: Bool) {
        self.written = written
        self.location = location
        self.records = records
        self.action = action
        self.focusBefore = focusBefore
        self.state = state
        self.cursor = cursor
        self.failed = failed
    }

    /// Whether the step is an expectation (`expect:`) or an audit, which check instead of act.
    public var checks: Bool { action?.checks ?? false }
}

/// Runs scenarios on a fresh scene state each: every step through the
/// screen reader, each expectation against what the step before it did.
///
/// ```swift
/// let result = ScenarioRunner().run(try ScenarioLoader.load(path: "cancel.yaml"))
/// print(result.passed ? "✓" : "\(result.failure!.location): \(result.failure!.kind)")
/// ```
public struct ScenarioRunner: Sendable {
    /// Overrides from the command line.
    public var voice: String?
    public var rate: Int?
    public var hints: Bool?
    /// The configuration's audit settings for `audit` steps: rules turned off, severities, state limit.
    public var audit: AuditConfiguration

    public init(voice: String? = nil, rate: Int? = nil, hints: Bool? = nil, audit: AuditConfiguration = AuditConfiguration()) {
        self.voice = voice
        self.rate = rate
        self.hints = hints
        self.audit = audit
    }

    public func run(_ scenario: Scenario) -> ScenarioResult {
        let started = ContinuousClock.now
        let rate = self.rate ?? scenario.rate
        var reader = ScreenReader(scene: scenario.scene, hints: hints ?? scenario.hints, rate: Double(rate))
        var failure: ScenarioFailure?
        var findings: [Finding] = []
        var screens: [StepScreen] = []
        let opening = reader.state
        for step in scenario.steps {
            let stepsBefore = reader.steps.count, focusBefore = reader.cursor
            switch step.action {
            case .audit:
                // Explores from where the scenario stands, and looks back at its steps for swallowed announcements.
                let report = Auditor(scene: scenario.scene, rules: audit.enabledRules(), stateLimit: audit.stateLimit)
                    .run(from: reader)
                // The scene file's suppressions apply: a suppressed error is kept for the reports, and passes.
                let reviewed = SceneAudit(file: scenario.scene.location.file, scene: scenario.scene, report: report,
                                          configuration: audit)
                let found = (reviewed.report.findings + reviewed.suppressed).map { finding in
                    var finding = finding
                    finding.configurations = [scenario.configuration.name]
                    return finding
                }
                findings += found.filter { !findings.contains($0) }
                let errors = reviewed.report.findings.filter { $0.severity == .error }
                if !errors.isEmpty {
                    failure = ScenarioFailure(.audit(errors: errors), at: step.location, lastLines: Self.tail(reader.transcript))
                }
            case .expect(let expectations):
                // A step that names its configurations is checked in those alone, words included;
                // else, in a language the scenario was not written in, its golden holds the words.
                let named = step.configurations.map { $0.contains(scenario.configuration.name) }
                if named == false { break }
                let words = named == true || scenario.checksWords
                for expectation in expectations where words || !(Expectation.Kind.Key(rawValue: expectation.key)?.comparesWords ?? false) {
                    if let mismatch = expectation.mismatch(in: reader) {
                        failure = ScenarioFailure(.expectation(key: expectation.key, expected: mismatch.expected,
                                                               actual: mismatch.actual),
                                                  at: step.location, lastLines: Self.tail(reader.transcript))
                        break
                    }
                }
            case .gesture(let gesture):
                gesture.perform(on: &reader)
            }
            // A step shows as its file writes it, quotes kept; a gesture the reader recorded otherwise
            // (text typed into a secure field is bullets there) as the reader recorded it, so that
            // the file's text does not come back through the report.
            var recorded = step.written
            if case .gesture = step.action, reader.steps.count > stepsBefore { recorded = reader.steps[stepsBefore].written }
            let written = recorded == step.written ? step.source : recorded
            // The last step failure the reader recorded for this step, if any (looking only at its new steps).
            let message = reader.steps[stepsBefore...].last { $0.events.contains(where: Self.isFailure) }?.events
                .last(where: Self.isFailure).flatMap { event -> String? in
                    if case .stepFailed(let message) = event { return message }
                    return nil
                }
            if failure == nil, let message {
                failure = ScenarioFailure(.cannotAct(step: recorded, reason: message), at: step.location,
                                          lastLines: Self.tail(reader.transcript))
            }
            screens.append(StepScreen(written: written, location: step.location, records: stepsBefore..<reader.steps.count,
                                      action: step.action, focusBefore: focusBefore, state: reader.state, cursor: reader.cursor,
                                      failed: failure != nil))
            if failure != nil {
                failure?.step = screens.count - 1
                break
            }
        }
        let elapsed = ContinuousClock.now - started
        return ScenarioResult(name: scenario.name, file: scenario.file, steps: reader.steps, transcript: reader.transcript,
                              failure: failure, findings: findings, voice: voice ?? scenario.voice, rate: rate,
                              voiceLocation: voice == nil ? scenario.voiceLocation : nil, length: reader.clock,
                              runSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                              scene: scenario.scene, opening: opening, screens: screens, location: scenario.location,
                              configuration: scenario.configuration)
    }

    private static func isFailure(_ event: ReaderEvent) -> Bool {
        if case .stepFailed = event { return true }
        return false
    }

    static func tail(_ transcript: String) -> [String] {
        Array(transcript.split(separator: "\n").suffix(10).map(String.init))
    }
}
