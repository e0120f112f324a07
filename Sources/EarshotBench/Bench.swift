import EarshotCore
import EarshotFiles
import EarshotReader
import EarshotSpeech
import Foundation

/// `earshot bench`: generated workloads and the bundled suite, timed in
/// this process, as one ``BenchReport``.
///
/// ```swift
/// var options = Bench.Options()
/// options.smoke = true
/// let report = try await Bench(options: options).run()
/// print(try report.json())
/// ```
///
/// The order is chosen so that phases do not disturb each other: first the
/// reader on the generated scenes, the largest last, with the peak resident
/// size reset just before it (walked in a young heap, as in a fresh run);
/// then the suite (headless, raw espeak-ng, spoken with an empty cache,
/// spoken again with the warm cache, in rounds so that raw and spoken see
/// the same load), then the `espeak-ng` command.
public struct Bench: Sendable {
    public struct Options: Sendable {
        /// Scenario files or folders (default `Scenarios`).
        public var paths = ["Scenarios"]
        /// Small sizes and one round: checks that every phase works.
        public var smoke = false
        /// Rounds of the suite phases (median reported); nil: 5, or 1 when smoke.
        public var rounds: Int?

        public init() {}

        /// Scene sizes behind the `1k`, `10k` and `100k` figures.
        public var sizes: (small: Int, medium: Int, large: Int, importElements: Int) {
            smoke ? (200, 500, 1_000, 500) : (1_000, 10_000, 100_000, 20_000)
        }

        var roundCount: Int { max(1, rounds ?? (smoke ? 1 : 5)) }
        /// Each size is walked in this many slices of at least this many steps; its figure is the best slice.
        var slices: Int { smoke ? 2 : 8 }
        var stepsPerSlice: Int { smoke ? 500 : 100_000 }
    }

    public var options: Options

    public init(options: Options) { self.options = options }

    public func run(progress: @Sendable (String) -> Void = { _ in }) async throws -> BenchReport {
        let load = Self.loadAverage()
        let suite = SuiteBench(paths: options.paths)
        // Removed when the bench ends, is interrupted, or (killed) when the next one starts.
        let scratch = try Interruption.scratchFolder(named: "earshot-bench")
        defer { Interruption.remove(scratch) }

        _ = try suite.files()   // bad input stops the bench before anything is timed

        // The reader on generated scenes.
        let sizes = options.sizes
        progress("steps: \(sizes.small) elements")
        let small = StepBench.walk(try SceneGenerator(elements: sizes.small).scene(), slices: options.slices,
                                   stepsPerSlice: options.stepsPerSlice)
        progress("steps: \(sizes.medium) elements")
        let medium = StepBench.walk(try SceneGenerator(elements: sizes.medium).scene(), slices: options.slices,
                                    stepsPerSlice: options.stepsPerSlice)
        progress("steps: \(sizes.large) elements, peak memory")
        let reset = PeakMemory.reset()
        let (large, cycles) = try largest(sizes.large)
        let peak = PeakMemory.peakBytes() ?? 0

        // The suite. A first headless run warms up and collects the utterances.
        progress("suite: collecting utterances")
        let first = try await suite.headless()
        let utterances = first.utterances
        var headless: [Double] = [], raw: [Double] = [], spoken: [Double] = [], rerun: [Double] = []
        var speechTime: [SpeechTime] = [], earshotCPU: [Double] = [], oneWorker: [Double] = [], forking: [Double] = []
        var html: [Double] = []
        // Engines made once, so that each round after the first finds its workers started, as the shared one does.
        let oneWorkerEngine = EspeakEngine(workers: 1), forkingEngine = EspeakEngine(isolation: "fork")
        for round in 1...options.roundCount {
            progress("suite: round \(round) of \(options.roundCount)")
            headless.append(try await suite.headless().seconds)
            html.append(try suite.htmlReport(first.results, into: scratch.appendingPathComponent("html-\(round)")))
            raw.append(try await suite.bareEspeak(utterances))
            // A fresh, empty audio folder, made outside the timing; earlier rounds' folders are removed
            // at the end (removing thousands of files between rounds slows the file system's next creations).
            let audio = scratch.appendingPathComponent("audio-\(round)")
            try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
            let empty = try await suite.spoken(into: audio)
            spoken.append(empty.seconds)
            speechTime.append(empty.time)
            earshotCPU.append(empty.earshotCPU)
            rerun.append(try await suite.spoken(into: audio).seconds)
            let single = scratch.appendingPathComponent("audio-\(round)-one-worker")
            let forked = scratch.appendingPathComponent("audio-\(round)-fork")
            oneWorker.append(try await suite.spoken(into: single, engine: oneWorkerEngine).seconds)
            forking.append(try await suite.spoken(into: forked, engine: forkingEngine).seconds)
        }
        // A large suite, copied once, outside the timing: one job, then two, best of the rounds.
        let copies = options.smoke ? 2 : max(1, (5_000 + first.scenarios - 1) / max(1, first.scenarios))
        progress("suite: \(copies) copies, one job and two")
        let copiedSuite = try suite.copied(copies, into: scratch.appendingPathComponent("large"))
        var jobs: (one: [Double], two: [Double]) = ([], [])
        // The reports go to memory where there is a file system in it (docs/decisions.md): on
        // ext4, creating files shortly after thousands were deleted (as the bench's own runs
        // delete its scratch folder) is slow, and slowest from two threads, which decided this
        // figure more than Earshot did.
        let memory = Self.memoryFolder()
        defer { if let memory { try? FileManager.default.removeItem(at: memory) } }
        for round in 1...min(options.roundCount, 2) {
            for count in [1, 2] {
                let reports = (memory ?? scratch).appendingPathComponent("reports-\(count)-\(round)")
                let seconds = try await suite.headless(copiedSuite, jobs: count, reports: reports)
                if count == 1 { jobs.one.append(seconds) } else { jobs.two.append(seconds) }
                // In memory they go at once; on disk, with the scratch folder at the end.
                if memory != nil { try? FileManager.default.removeItem(at: reports) }
            }
        }
        // The copies spoken once, cold (the copies share their utterances, so this is mostly
        // writing 5,000 WAV and WebVTT files), with the peak memory it takes.
        progress("suite: \(copiedSuite.count) scenarios spoken, peak memory")
        let largeAudio = scratch.appendingPathComponent("large-audio")
        try FileManager.default.createDirectory(at: largeAudio, withIntermediateDirectories: true)
        PeakMemory.reset()
        let largeSpoken = try await suite.spoken(into: largeAudio, files: copiedSuite)
        let largeSpokenPeak = PeakMemory.peakBytes() ?? 0

        progress("import: \(sizes.importElements)-element captures")
        let importer = ImportBench(elements: sizes.importElements)
        let importRounds = options.smoke ? 1 : 3
        let importWDA = try importer.seconds(.webDriverAgent, rounds: importRounds)
        let importIDB = try importer.seconds(.idb, rounds: importRounds)
        let importDebugDescription = try importer.seconds(.debugDescription, rounds: importRounds)

        progress("audit: generated settings scenes")
        let auditRounds = options.smoke ? 1 : 3
        let twelve = try AuditBench.explore(SettingsSceneGenerator(switches: 12, sheets: 8), rounds: auditRounds)
        let thirty = try AuditBench.explore(SettingsSceneGenerator(switches: 30, sheets: 10), rounds: auditRounds)
        let distinct = options.smoke ? (small: 5, large: 7) : (small: 8, large: 10)
        let auditSmall = try AuditBench.explore(SettingsSceneGenerator(switches: distinct.small, sheets: 2, conditioned: distinct.small),
                                                rounds: auditRounds)
        let auditLarge = try AuditBench.explore(SettingsSceneGenerator(switches: distinct.large, sheets: 2, conditioned: distinct.large),
                                                rounds: auditRounds)

        progress("suite: espeak-ng -w, one process per utterance")
        var cli: [Double] = []
        for _ in 0..<min(options.roundCount, 3) {
            cli.append(try suite.commandLineEspeak(options.smoke ? Array(utterances.prefix(5)) : utterances, scratch: scratch))
        }

        let report = BenchReport(
            stepsPerSecond1k: small.stepsPerSecond,
            stepsPerSecond10k: medium.stepsPerSecond,
            stepsPerSecond100k: large.stepsPerSecond,
            presentDismissPerSecond100k: cycles.cyclesPerSecond,
            headlessSuiteSeconds: Stats.median(headless),
            rawEspeakSeconds: Stats.median(raw),
            spokenSuiteSeconds: Stats.median(spoken),
            cliEspeakSeconds: Stats.median(cli),
            cachedRerunSeconds: Stats.median(rerun),
            peakRSSBytes100k: peak,
            spokenSynthesisSeconds: Stats.median(speechTime.map(\.synthesizing)),
            spokenRestoreSeconds: Stats.median(speechTime.map(\.restoring)),
            smoke: options.smoke,
            sizes: ["1k": sizes.small, "10k": sizes.medium, "100k": sizes.large, "import": sizes.importElements,
                    "audit_states_12x8": twelve.states, "audit_states_30x10": thirty.states,
                    "audit_states_small": auditSmall.states, "audit_states": auditLarge.states, "jobs_scenarios": copiedSuite.count],
            scope100k: large.scope,
            scenarios: first.scenarios,
            utterances: utterances.count,
            utterancesHeard: first.heard,
            rounds: options.roundCount,
            engineIsolation: try await EspeakEngine.shared.isolation,
            speechWorkers: EspeakEngine.shared.workerLimit,
            peakRSSMethod: reset ? "VmHWM, reset (clear_refs 5) just before building the largest scene"
                                 : "VmHWM of the whole run (could not reset it)",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            loadAverage: load,
            targets: [])
        var withTargets = report
        withTargets.spokenSuiteSecondsOneWorker = Stats.median(oneWorker)
        withTargets.spokenSuiteSecondsFork = Stats.median(forking)
        withTargets.importSecondsWDA20k = importWDA
        withTargets.importSecondsIDB20k = importIDB
        withTargets.importSecondsDebugDescription20k = importDebugDescription
        withTargets.auditSeconds12x8 = twelve.seconds
        withTargets.auditSeconds30x10 = thirty.seconds
        withTargets.auditStatesPerSecond = auditLarge.statesPerSecond
        withTargets.auditStatesPerSecondSmall = auditSmall.statesPerSecond
        withTargets.htmlReportSeconds = Stats.median(html)
        withTargets.jobsSuiteSeconds1 = jobs.one.min() ?? 0
        withTargets.jobsSuiteSeconds2 = jobs.two.min() ?? 0
        withTargets.spokenSynthesisCPUSeconds = Stats.median(speechTime.map(\.synthesizingCPU))
        withTargets.spokenReadingSeconds = Stats.median(speechTime.map(\.reading))
        withTargets.spokenEarshotCPUSeconds = Stats.median(earshotCPU)
        withTargets.jobsSpokenSeconds = largeSpoken.seconds
        withTargets.jobsSpokenPeakRSSBytes = largeSpokenPeak
        withTargets.targets = withTargets.computedTargets
        return withTargets
    }

    /// Builds the largest scene, walks it and presents and dismisses over it;
    /// everything it made is gone when it returns.
    private func largest(_ size: Int) throws -> (StepBench.Walk, StepBench.PresentDismiss) {
        let scene = try SceneGenerator(elements: size).scene()
        let walk = StepBench.walk(scene, slices: options.slices, stepsPerSlice: options.stepsPerSlice)
        let cycles = StepBench.presentAndDismiss(scene, minimumCycles: options.smoke ? 10 : 20,
                                                 minimumSeconds: options.smoke ? 0 : 1)
        return (walk, cycles)
    }

    /// A new folder in a file system in memory (`/dev/shm`, Linux's tmpfs), or nil where there is none.
    static func memoryFolder() -> URL? {
        let shm = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: shm.path) else { return nil }
        let folder = shm.appendingPathComponent("earshot-bench-\(UUID().uuidString)")
        return (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) == nil ? nil : folder
    }

    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}
