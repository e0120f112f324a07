import EarshotCore
import EarshotFiles
import Foundation

/// Loads scenario files (docs/format.md): the scene inline or by path, every step
/// and expectation, checked completely before anything runs.
///
/// ```swift
/// let scenario = try ScenarioLoader.load(path: "Scenarios/mail/cancel-draft.yaml")
/// scenario.steps.count
/// ```
public enum ScenarioLoader {
    /// Loads a scenario file; the paths it follows stay inside `boundary`.
    public static func load(path: String, boundary: ProjectBoundary = .project) throws(LoadError) -> Scenario {
        try LargeStack.load { () throws(LoadError) in try loadOnLargeStack(path: path, boundary: boundary) }
    }

    /// Loads on the calling thread, which must have a large stack (``LargeStack``);
    /// scenes already in `scenes` are not parsed again.
    package static func loadOnLargeStack(path: String, scenes: SceneCache? = nil, boundary: ProjectBoundary) throws(LoadError) -> Scenario {
        let document = try YAMLDocument.read(path: path)
        return try decode(document, directory: (path as NSString).deletingLastPathComponent,
                          canonical: URL(fileURLWithPath: path).standardizedFileURL.path, scenes: scenes, boundary: boundary)
    }

    /// Loads a scenario from YAML text; `file` names it in messages, `directory` anchors a scene path.
    public static func load(yaml: String, file: String = "<yaml>", relativeTo directory: String? = nil,
                            boundary: ProjectBoundary = .project) throws(LoadError) -> Scenario {
        try LargeStack.load { () throws(LoadError) in
            let document = try YAMLDocument.parse(text: yaml, file: file)
            return try decode(document, directory: directory ?? FileManager.default.currentDirectoryPath, canonical: nil,
                              scenes: nil, boundary: boundary)
        }
    }

    /// Whether a file is a scenario: a top-level `scenario` key, however it is written (``DocumentKind``).
    public static func isScenarioFile(_ path: String) -> Bool {
        DocumentKind.of(path: path) == .scenario
    }

    private static func decode(_ document: YAMLDocument, directory: String, canonical: String?,
                               scenes: SceneCache?, boundary: ProjectBoundary) throws(LoadError) -> Scenario {
        let decoder = ScenarioDecoder(file: document.file, boundary: boundary)
        guard let entries = decoder.mapping(document.root, "the scenario") else {
            throw LoadError("the top level is \(decoder.describe(document.root))", at: document.root.location,
                            expected: "a mapping with 'scenario', 'scene' and 'steps'")
        }
        guard entries.contains(where: { $0.key == "scenario" }) else {
            throw LoadError("this is not a scenario file: it has no 'scenario' name", at: document.root.location,
                            expected: "scenario: NAME, scene: PATH, steps: [...]")
        }
        decoder.checkKeys(entries, allowed: ScenarioDecoder.scenarioKeys, in: "the scenario")
        let value = { (key: String) in entries.first { $0.key == key }?.value }
        let name = value("scenario").flatMap { decoder.string($0, "the scenario name") } ?? ""
        let writtenVoice = value("voice").flatMap { decoder.string($0, "voice") }
        var rate = SpeechRate.standard
        if let node = value("rate"), let number = decoder.number(node, "rate") {
            if number == number.rounded(), number >= Double(SpeechRate.range.lowerBound), number <= Double(SpeechRate.range.upperBound) {
                rate = Int(number)
            } else {
                decoder.error("rate \(NumberText.canonical(number)) is out of range", at: node, expected: SpeechRate.expected)
            }
        }
        let hints = value("hints").flatMap { decoder.bool($0, "hints") } ?? true
        let configurations = value("configurations").map(decoder.configurations) ?? []
        var steps: [ScenarioStep] = []
        if let node = value("steps") {
            steps = decoder.steps(node)
        } else {
            decoder.error("the scenario has no 'steps'", at: document.root, expected: "steps: [STEP, …]")
        }
        let scene = try SceneLoader.scenarioScene(entries, root: document.root, reader: decoder, directory: directory,
                                                  visited: canonical.map { [$0] } ?? [], scenes: scenes)
        // A gesture the scene's screen reader does not have is bad input at its step, naming the one it has.
        for step in steps {
            guard case .gesture(let gesture) = step.action, let problem = gesture.kind.problem(on: scene.platform) else { continue }
            decoder.error(problem, at: step.location, expected: "a \(scene.platform.reader.displayName) step")
        }
        if !decoder.diagnostics.isEmpty { throw LoadError(SceneLoader.sorted(decoder.diagnostics)) }
        // The voice follows the scene's language unless the scenario names one.
        var scenario = Scenario(name: name, file: document.file, scene: scene, voice: writtenVoice ?? scene.profile.voice, rate: rate, hints: hints,
                                steps: steps, location: document.root.location)
        scenario.voiceLocation = value("voice").map(\.location)
        scenario.configurations = configurations
        return scenario
    }
}
