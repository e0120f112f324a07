import EarshotCore
import EarshotReader

/// A scene plus gestures and expectations (docs/format.md), loaded from a scenario file.
///
/// ```yaml
/// scenario: Cancel a draft with VoiceOver
/// scene: mail.yaml
/// steps:
///   - touch: compose
///   - expect: "Compose. Button."
/// ```
public struct Scenario: Sendable {
    public var name: String
    /// The scenario file, as given.
    public var file: String
    public var scene: Scene
    public var voice: String
    /// Where `voice:` is written, when it is (a voice that is not installed is reported there).
    public var voiceLocation: SourceLocation?
    public var rate: Int
    public var hints: Bool
    public var steps: [ScenarioStep]
    public var location: SourceLocation
    /// `configurations:` as written: the OS versions and languages the scenario runs in, each
    /// with its own golden transcript; empty for the configuration file's, else the scene as written.
    public var configurations: [RunConfiguration] = []
    /// The configuration this copy of the scenario runs in (its scene already at it).
    public var configuration: RunConfiguration = .standard
    /// Whether expectations of spoken words (`speech`, `spoken`, `contains`, `hint`) are checked:
    /// not in a configuration whose language is not the one the scenario was written in, where
    /// its golden transcript holds the words.
    public var checksWords = true

    public init(name: String, file: String, scene: Scene, voice: String = "en-us", rate: Int = 175, hints: Bool = true,
                steps: [ScenarioStep], location: SourceLocation) {
        self.name = name
        self.file = file
        self.scene = scene
        self.voice = voice
        self.rate = rate
        self.hints = hints
        self.steps = steps
        self.location = location
    }
}

/// One step of a scenario with how it was written and where.
public struct ScenarioStep: Hashable, Sendable {
    public var action: Action
    /// The step as the transcript writes it (`touch: compose`, a value without its quotes).
    public var written: String
    /// The step as its file writes it, in YAML flow style with its quotes (`touch: "iPhone 15
    /// Pro, 48 MP"`): what a report shows and `earshot explore --record` writes, and what reads
    /// back as the same step.
    public var source: String
    public var location: SourceLocation
    /// `expect: { configuration: NAME | [NAME, …], … }`: the configurations the step's checks are
    /// made in, where it names some (the words checked there, whatever the language); nil: all.
    public var configurations: [String]?
    /// Where `configuration:` is written, for a name the scenario does not run in.
    public var configurationsLocation: SourceLocation?

    public init(_ action: Action, written: String, source: String? = nil, location: SourceLocation) {
        self.action = action
        self.written = written
        self.source = source ?? written
        self.location = location
    }

    /// What a step does: a gesture on the reader, or a check of what the steps before it did.
    public enum Action: Hashable, Sendable {
        /// A gesture, key or command (``Gesture``): the steps defined in ``Gesture/Kind/all``.
        case gesture(Gesture)
        /// `expect:`: checks of the step before it.
        case expect([Expectation])
        /// `audit`: the audit explorer from where the scenario stands.
        case audit

        /// Whether the step checks (an expectation or an audit) instead of acting.
        public var checks: Bool {
            if case .gesture = self { return false }
            return true
        }
    }
}

extension ScenarioStep {
    /// One step written as a scenario file writes it, read on its own: what
    /// `earshot explore` reads from each line. The same names, values and
    /// errors ("did you mean") as a scenario's `steps:`.
    ///
    /// ```swift
    /// let step = try ScenarioStep.parse("touch: compose")   // .gesture(.touch("compose"))
    /// ```
    public static func parse(_ text: String, file: String = "<input>") throws(LoadError) -> ScenarioStep {
        let document = try YAMLDocument.parse(text: text, file: file)
        // A step names no path: the rule alone.
        let decoder = ScenarioDecoder(file: file, boundary: .project)
        let step = decoder.step(document.root)
        if !decoder.diagnostics.isEmpty { throw LoadError(decoder.diagnostics) }
        guard let step else { throw LoadError("no step here", at: document.root.location, expected: "a step") }
        return step
    }
}
