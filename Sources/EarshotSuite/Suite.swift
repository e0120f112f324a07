import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReader
import EarshotRunner
import EarshotScenario
import EarshotSpeech
import Foundation

/// Running many scenarios: finding them, sharding, parallel jobs, golden
/// transcripts and audio (what `earshot run` does).
public struct Suite: Sendable {
    /// The threads a run loads and runs its scenarios on: as many as jobs (one job is one lane,
    /// the baseline more jobs are measured against), and no more than half the files, so that
    /// each lane has two to run.
    static func lanes(jobs: Int, files: Int) -> Int {
        min(max(1, jobs), max(1, files / 2))
    }

    /// Jobs when none are asked for: the cores, as `--jobs` says.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    public struct Options: Sendable {
        public var headless = false
        public var audioFolder = URL(fileURLWithPath: "Audio")
        /// Scenarios loaded and run at once, each on a thread of its own: the cores by default.
        public var jobs = Suite.defaultJobs
        public var voice: String?
        public var rate: Int?
        public var hints: Bool?
        /// `--os`: the OS version every scene runs at, instead of its own `os:`.
        public var os: String?
        /// `--language`: the language every scene is spoken in, instead of its own `language:`
        /// (the voice follows, unless a scenario names one).
        public var language: String?
        /// Where `os` and `language` were written when a configuration wrote them (nil: the
        /// command line): a scene they do not fit is said there.
        public var osWrittenAt: SourceLocation?
        public var languageWrittenAt: SourceLocation?
        /// `configurations:` of the configuration file: what a scenario without its own runs in.
        public var configurations: [RunConfiguration] = []
        /// `--configuration NAME` (repeatable): of each scenario's configurations, run only these.
        public var selected: [String] = []
        /// `--record`: when golden transcripts are written (``RecordMode``; `--update` is `all`).
        /// With `never` (the default when `CI=true`) a scenario whose golden transcript is missing
        /// fails, with the command that records it, as swift-snapshot-testing's `record: .never` does.
        public var record = RecordMode.missing
        /// The configuration's audit settings, for `audit` steps (rules, severities, state limit).
        public var audit = AuditConfiguration()
        public var engine: (any SpeechEngine)?
        /// Where the paths the scenarios, scenes and golden transcripts lead may be (the command
        /// line's `--allow-outside-project` and the folders it names).
        public var boundary = ProjectBoundary.project
        /// The files the command writes and those it has read so far (``OutputPlan``): a scene
        /// that is one of the outputs is bad input, found as it loads, before anything is written.
        package var outputs = OutputPlan()
        /// Each scene at each configuration, made once for every scenario that shares the scene
        /// (a folder's scenarios in `de` share one German scene): the time and memory of a run
        /// grow with its scenes and configurations, not with its scenarios times configurations.
        package let configuredScenes = Memo<ConfiguredScene, (scene: Scene, configured: Scene?)>()

        public init() {}
    }

    /// What a spoken run did with the engine.
    public struct Outcome: Sendable {
        public var results: [ScenarioResult]
        public var synthesized = 0
        public var reused = 0
        /// The golden transcripts written (``RecordMode``), in the order run, each with whether it
        /// was missing (recorded) or differed (rewritten).
        public var written: [(path: String, new: Bool)] = []
        /// Texts synthesized in this run with characters left out of their audio for want of a
        /// reading (``Synthesis/unread``), and how many, by text.
        public var unread: [String: Int] = [:]
        public var passed: Int { results.filter(\.passed).count }
        public var failed: Int { results.count - passed }
    }

    /// An environment problem: espeak-ng or a voice missing, the output folder not writable (exit 3).
    public struct EnvironmentError: Error, CustomStringConvertible {
        public var description: String
    }

    public var options: Options

    public init(options: Options) { self.options = options }

    /// `--configuration NAME` that no scenario has is a mistake, said with the names there are.
    private func checkSelection(_ results: [ScenarioResult], listed known: [String]) throws(LoadError) {
        let ran = Set(results.map(\.configuration.name))
        let missing = options.selected.filter { !ran.contains($0) }
        guard !missing.isEmpty else { return }
        throw LoadError(missing.map { name in
            Diagnostic("--configuration \(name): no scenario here has that configuration",
                       at: SourceLocation(file: "<command line>", line: 1, column: 1),
                       expected: "one of: \(known.isEmpty ? "default" : known.joined(separator: ", "))",
                       suggestion: TextMatching.nearest(to: name, in: known))
        })
    }

    // MARK: Running

    /// Loads the scenario files and runs each scenario as soon as it is loaded (on `jobs` threads
    /// with large stacks), and unless headless speaks them, all at once: the engine starts on the first
    /// scenario's utterances while the others load. Bad input throws every problem
    /// before anything is written; results stay in the files' order.
    public func run(files: [String], progress: (@Sendable (String) -> Void)? = nil) async throws -> Outcome {
        if !options.headless, case let collisions = Self.outputCollisions(files), !collisions.isEmpty {
            throw LoadError(collisions)
        }
        let runner = ScenarioRunner(voice: options.voice, rate: options.rate, hints: options.hints, audit: options.audit)
        let audio = options.headless ? nil : SuiteAudio(engine: options.engine ?? EspeakEngine.shared, folder: options.audioFolder)
        let scenes = SceneCache()
        let (loaded, loader) = AsyncStream.makeStream(of: (Int, Result<[ScenarioResult], LoadError>).self)
        let lanes = Self.lanes(jobs: options.jobs, files: files.count)
        let queue = FolderQueue(files)
        let listed = ConfigurationNames()
        do throws(SystemThread.StartError) {
            _ = try LargeStack.start(lanes: lanes, yielding: audio != nil, { _ in
                queue.forEachFile { index in
                    let outcome = Result { () throws(LoadError) in
                        let scenario = try ScenarioLoader.loadOnLargeStack(path: files[index], scenes: scenes, boundary: options.boundary)
                        listed.insert(options.list(for: scenario).map(\.name))
                        return try options.configured(scenario)
                    }.map { $0.map(runner.run) }
                    loader.yield((index, outcome))
                }
            }, whenDone: { loader.finish() })
        } catch {
            audio?.cancel()
            throw EnvironmentError(description: error.description)
        }
        var results = [[ScenarioResult]?](repeating: nil, count: files.count)
        var problems: [(index: Int, diagnostics: [Diagnostic])] = []
        var outputs = options.outputs
        for await (index, outcome) in loaded {
            switch outcome {
            case .success(let configured):
                results[index] = configured
                guard let result = configured.first else { continue }
                // A configuration's golden transcript is an output too: never an input of the run
                // (a report, a scene, another scenario); the standard one the command already planned.
                var clashes: [Diagnostic] = []
                for other in configured where !other.configuration.isStandard {
                    let planned = outputs.conflicts.count
                    outputs.writes(other.goldenPath, as: "the golden transcript of '\(other.file)' in configuration '\(other.configuration.name)'")
                    clashes += outputs.conflicts[planned...].map {
                        Diagnostic($0, at: other.configuration.location ?? SourceLocation(file: files[index], line: 1, column: 1))
                    }
                }
                if !clashes.isEmpty {
                    problems.append((index, clashes))
                    audio?.cancel()
                    continue
                }
                if let scene = result.scene?.location, scene.file != files[index] {
                    // A scene the command would overwrite (a report, another scenario's golden transcript).
                    let known = outputs.conflicts.count
                    outputs.reads(scene.file, as: "the scene")
                    if outputs.conflicts.count > known {
                        problems.append((index, outputs.conflicts[known...].map { Diagnostic($0, at: scene) }))
                        audio?.cancel()
                        continue
                    }
                }
                if problems.isEmpty { for result in configured { await audio?.add(result) } }
            case .failure(let error):
                problems.append((index, error.diagnostics))
                audio?.cancel()
            }
        }
        if !problems.isEmpty {
            // Scenarios that share a scene report its problems once.
            var seen: Set<Diagnostic> = []
            throw LoadError(problems.sorted { $0.index < $1.index }.flatMap(\.diagnostics).filter { seen.insert($0).inserted })
        }
        let all = results.compactMap { $0 }.flatMap { $0 }
        try checkSelection(all, listed: listed.sorted)
        if audio != nil, case let collisions = Self.outputCollisions(all), !collisions.isEmpty {
            audio?.cancel()
            throw LoadError(collisions)
        }
        return try await finish(all, audio: audio, progress: progress)
    }

    /// Checks golden transcripts, then writes the audio; each result is made again, once, with
    /// its golden transcript's verdict and, in a spoken run, the audio's times.
    private func finish(_ results: [ScenarioResult], audio: SuiteAudio?,
                        progress: (@Sendable (String) -> Void)?) async throws -> Outcome {
        var outcome = Outcome(results: [])
        var goldenFailures: [ScenarioFailure?] = Array(repeating: nil, count: results.count)
        for (index, result) in results.enumerated() where result.passed {
            let golden: Golden.Outcome
            do {
                golden = try Golden.check(result.transcript, goldenPath: result.goldenPath, record: options.record,
                                              boundary: options.boundary)
            } catch let error as LoadError {
                throw error
            } catch {
                // A read-only or full disk: the machine's problem (exit 3), said with the path and the reason.
                throw EnvironmentError(description: "cannot write the golden transcript \(FileError.describe(error, path: result.goldenPath))")
            }
            switch golden {
            case .mismatched(let diff):
                // Located at the golden transcript's first line that differs, and at the step that wrote it.
                goldenFailures[index] = ScenarioFailure(
                    .goldenDiffers(diff), at: SourceLocation(file: result.goldenPath, line: diff.firstDifference + 1, column: 1),
                    step: result.step(writingTranscriptLine: diff.firstDifference))
            case .absent:
                goldenFailures[index] = ScenarioFailure(
                    .goldenMissing(scenarioFile: result.file, goldenPath: result.goldenPath,
                                   configuration: result.configuration.isStandard ? nil : result.configuration.name),
                    at: result.location ?? SourceLocation(file: result.file, line: 1, column: 1))
            case .written(let new):
                outcome.written.append((result.goldenPath, new))
            case .matched:
                break
            }
        }
        var layouts: [String: AudioLayout] = [:]
        if let audio {
            if let badInput = audio.badInput {
                audio.cancel()
                throw badInput
            }
            do {
                try prepareAudioFolder()
            } catch {
                audio.cancel()
                throw error
            }
            let spoken = try await audio.finish(progress: progress)
            outcome.synthesized = spoken.synthesized
            outcome.reused = spoken.reused
            outcome.unread = spoken.unread
            layouts = spoken.layouts
        }
        // The reports of a spoken run give the times heard in its audio.
        outcome.results = zip(results, goldenFailures).map { result, golden in
            result.completed(failure: golden, timeline: layouts[result.outputName].map(result.timeline.measured(by:)) ?? result.timeline)
        }
        return outcome
    }

    private func prepareAudioFolder() throws {
        let folder = options.audioFolder
        do {
            // By path: a URL relative to a working folder over 1 KB deep is refused ("URL type isn't supported").
            try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        } catch {
            throw EnvironmentError(description: "the output folder '\(folder.path)' is not writable (\(FileError.reason(error))); choose another with --audio-dir")
        }
        // Asked of the system rather than tried with a file (which would cost a create, a sync and a delete).
        guard access(folder.path, W_OK | X_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            throw EnvironmentError(description: "the output folder '\(folder.path)' is not writable (\(reason)); choose another with --audio-dir")
        }
    }
}

/// Work for loading lanes: the files of one folder at a time, folders in the
/// order their first file comes. Scenarios in one folder usually share a
/// scene; handing out every other file instead had both lanes parse each
/// scene at the same moment (the scene cache fills only once a parse ends).
final class FolderQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var groups: [[Int]]
    private var taken = 0

    init(_ files: [String]) {
        var order: [String] = []
        var byFolder: [String: [Int]] = [:]
        for (index, file) in files.enumerated() {
            let folder = (file as NSString).deletingLastPathComponent
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(index)
        }
        groups = order.map { byFolder[$0]! }
    }

    /// The next folder's file indices, in order; nil when every folder is taken.
    func next() -> [Int]? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < groups.count else { return nil }
        taken += 1
        return groups[taken - 1]
    }

    /// Calls `body` with each file index of each folder this lane takes, until none is left.
    func forEachFile(_ body: (Int) -> Void) {
        while let group = next() { group.forEach(body) }
    }
}

extension Suite.Options {
    /// Every configuration a scenario lists for this run, before `--configuration` chooses.
    func list(for scenario: Scenario) -> [RunConfiguration] {
        let commandLine = RunConfiguration(os: osWrittenAt == nil ? os : nil, language: languageWrittenAt == nil ? language : nil)
        return !commandLine.isStandard ? [commandLine]
            : !scenario.configurations.isEmpty ? scenario.configurations
            : !configurations.isEmpty ? configurations : [.standard]
    }

    /// The copies of a scenario the run runs, each with its scene at its configuration: the
    /// command line's `--os` / `--language` (one configuration), else the scenario's own
    /// `configurations:`, else the configuration file's, else the scene as written; of those,
    /// the `--configuration` ones when some are named. The configuration file's `os:` and
    /// `language:` apply under each where it gives none, and name none (the standard
    /// configuration at the file's `os: "18"` keeps `NAME.transcript`). The voice follows the
    /// language unless the scenario names one; expectations of words are checked only in the
    /// language the scenario was written in.
    func configured(_ scenario: Scenario) throws(LoadError) -> [Scenario] {
        let list = self.list(for: scenario)
        // A step's `configuration:` names one the scenario lists (or the run gives it).
        let names = (["default"] + (scenario.configurations + configurations + list).map(\.name))
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let unknown = scenario.steps.flatMap { step in
            (step.configurations ?? []).filter { !names.contains($0) }.map { name in
                Diagnostic("the step names configuration '\(name)', which this scenario does not run in",
                           at: step.configurationsLocation ?? step.location, expected: "one of: \(names.joined(separator: ", "))",
                           suggestion: TextMatching.nearest(to: name, in: names))
            }
        }
        if !unknown.isEmpty { throw LoadError(unknown) }
        let chosen = selected.isEmpty ? list : list.filter { selected.contains($0.name) }
        var copies: [Scenario] = []
        var problems: [Diagnostic] = []
        for configuration in chosen {
            var copy = scenario
            let version = configuration.os ?? os, spoken = configuration.language ?? language
            func configure() throws(LoadError) -> Scene {
                try SceneLoader.scene(scenario.scene, platform: configuration.platform, os: version, language: spoken,
                                      platformWrittenAt: configuration.location,
                                      osWrittenAt: configuration.os != nil ? configuration.location : osWrittenAt,
                                      languageWrittenAt: configuration.language != nil ? configuration.location : languageWrittenAt,
                                      overlays: audit.overlays)
            }
            // Made once per scene and configuration; a configuration the scene cannot take is said
            // again for each scenario, at its own line.
            let key = ConfiguredScene(scene: scenario.scene.identity, platform: configuration.platform, os: version, language: spoken)
            let shared = configuredScenes.value(for: key) { (scenario.scene, try? configure()) }.configured
            if let shared {
                copy.scene = shared
            } else {
                do throws(LoadError) {
                    copy.scene = try configure()
                } catch {
                    problems += error.diagnostics
                    continue
                }
            }
            if spoken != nil, scenario.voiceLocation == nil { copy.voice = copy.scene.profile.voice }
            copy.configuration = configuration
            copy.checksWords = spoken == nil || spoken == scenario.scene.language
            copies.append(copy)
        }
        if !problems.isEmpty { throw LoadError(problems) }
        return copies
    }
}

/// A scene at a configuration (``Suite/Options/configuredScenes``).
package struct ConfiguredScene: Hashable, Sendable {
    var scene: ObjectIdentifier
    var platform: Platform?
    var os: String?
    var language: String?
}

/// The configuration names the scenarios of a run list, gathered from its loading lanes.
final class ConfigurationNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String> = []

    func insert(_ more: [String]) {
        lock.lock()
        defer { lock.unlock() }
        names.formUnion(more)
    }

    var sorted: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names.sorted()
    }
}
