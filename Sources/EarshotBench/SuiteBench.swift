import EarshotCore
import EarshotReader
import EarshotReports
import EarshotRunner
import EarshotScenario
import EarshotSpeech
import EarshotSuite
import Foundation

/// Times a scenario suite: headless, spoken with an empty cache and again
/// with a warm one, and the same utterances through bare `espeak_Synth`
/// calls and through one `espeak-ng -w` process each.
///
/// ```swift
/// let bench = SuiteBench(paths: ["Scenarios"])
/// let headless = try await bench.headless()
/// let raw = try await bench.bareEspeak(headless.utterances)
/// ```
public struct SuiteBench: Sendable {
    /// Scenario files or folders, as `earshot run` takes them.
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// One utterance as the cache keys it: text, voice and rate (the engine is the same).
    public struct Utterance: Hashable, Sendable {
        public var text: String
        public var voice: String
        public var rate: Int
    }

    public struct Headless: Sendable {
        public var seconds: Double
        public var scenarios: Int
        public var passed: Int
        /// Every utterance heard in the run, in order, once each (as the cache would synthesize them).
        public var utterances: [Utterance]
        /// Utterances heard, repeats included.
        public var heard: Int
        /// The run's results, for timing what is made from them (the HTML report).
        public var results: [ScenarioResult]
    }

    public struct Spoken: Sendable {
        public var seconds: Double
        /// Where the workers' time went meanwhile (in `espeak_Synth` on the clock and in CPU,
        /// restoring the engine's recorded state, reading Japanese).
        public var time: SpeechTime
        /// This process's CPU seconds meanwhile, every thread (the workers' are in `time`).
        public var earshotCPU: Double
        public var synthesized: Int
        public var reused: Int
        public var passed: Int
    }

    /// An environment problem (espeak-ng missing, a folder not writable): exit status 3.
    public struct EnvironmentError: Error, CustomStringConvertible {
        public var description: String
    }

    /// A timed run in which a scenario failed: a failing scenario stops at its failure and would
    /// look fast, so no figure is made of it (bad input, exit status 2).
    public struct FailedScenarios: Error, CustomStringConvertible {
        public var phase: String
        public var failed: [ScenarioResult]
        public var total: Int

        public var description: String {
            let first = failed.first.flatMap { $0.failure.map { "\n\($0.report)" } } ?? ""
            return "earshot bench: error: \(failed.count) of \(total) scenarios failed in the \(phase) run, "
                + "and a failing scenario stops early, so its time means nothing; the bench times a suite that passes\(first)"
        }
    }

    /// The outcome, when every scenario passed.
    static func passing(_ outcome: Suite.Outcome, phase: String) throws -> Suite.Outcome {
        let failed = outcome.results.filter { !$0.passed }
        if !failed.isEmpty { throw FailedScenarios(phase: phase, failed: failed, total: outcome.results.count) }
        return outcome
    }

    func files() throws -> [String] {
        try Suite.discover(paths)
    }

    /// Finds, loads and runs the suite headless, in this process.
    public func headless() async throws -> Headless {
        var options = Suite.Options()
        options.headless = true
        var finished: Suite.Outcome?
        let seconds = try await Stopwatch.seconds {
            finished = try await Suite(options: options).run(files: try files())
        }
        let outcome = try Self.passing(finished!, phase: "headless")
        var seen: Set<Utterance> = []
        var utterances: [Utterance] = []
        var heard = 0
        for result in outcome.results {
            for case .utterance(let text) in Timeline(estimatedFrom: result.steps, length: 0).heard {
                heard += 1
                let utterance = Utterance(text: text, voice: result.voice, rate: result.rate)
                if seen.insert(utterance).inserted { utterances.append(utterance) }
            }
        }
        return Headless(seconds: seconds, scenarios: outcome.results.count, passed: outcome.passed,
                        utterances: utterances, heard: heard, results: outcome.results)
    }

    /// A large suite: `copies` copies of this suite's folders (their scenes and golden
    /// transcripts with them) under `folder`, made once, outside any timing. Copy N of folder
    /// `mail` is `copy-N/mail-N`, so that every scenario's audio and page has a name of its own.
    /// Returns its files.
    public func copied(_ copies: Int, into folder: URL) throws -> [String] {
        let sources = try files()
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folders = Set(sources.map { URL(fileURLWithPath: $0, relativeTo: root).deletingLastPathComponent().standardizedFileURL })
        for copy in 0..<copies {
            for source in folders {
                let target = folder.appendingPathComponent("copy-\(copy)").appendingPathComponent("\(source.lastPathComponent)-\(copy)")
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: source, to: target)
            }
        }
        return try Suite.discover([folder.path])
    }

    /// Seconds running `files` headless with `jobs` jobs and writing every report of a run
    /// (JUnit, JSON, SARIF, HTML, Markdown, GitHub annotations) into `reports`.
    public func headless(_ files: [String], jobs: Int, reports: URL) async throws -> Double {
        var options = Suite.Options()
        options.headless = true
        options.jobs = jobs
        return try await Stopwatch.seconds {
            let outcome = try Self.passing(try await Suite(options: options).run(files: files), phase: "\(jobs)-job")
            let output = RunOutput(outcome.results, jobs: jobs)
            let errors = output.write(Reporting<RunOutput>.all.map { ($0, .path(reports.appendingPathComponent($0.name).path)) })
            if let error = errors.compactMap({ $0 }).first { throw error }
        }
    }

    /// Seconds writing the HTML report of a run's results into a new folder (`earshot run
    /// --report html:DIR` without audio: the pages, their drawings and the index).
    public func htmlReport(_ results: [ScenarioResult], into folder: URL) throws -> Double {
        try Stopwatch.seconds { try HTMLReport.write(results, to: folder, audioFolder: nil) }
    }

    /// Finds, loads, runs and speaks the suite (or `files`) into `audioFolder` (its
    /// `.cache` empty or warm, as the caller left it).
    public func spoken(into audioFolder: URL, engine: any SpeechEngine = EspeakEngine.shared,
                       files given: [String]? = nil) async throws -> Spoken {
        var options = Suite.Options()
        options.audioFolder = audioFolder
        options.engine = engine
        var finished: Suite.Outcome?
        let espeak = engine as? EspeakEngine
        let before = await espeak?.timeSpent ?? SpeechTime()
        let cpu = Stopwatch.processCPU()
        let seconds = try await Stopwatch.seconds {
            finished = try await Suite(options: options).run(files: try given ?? files())
        }
        let earshotCPU = Stopwatch.processCPU() - cpu
        let after = await espeak?.timeSpent ?? SpeechTime()
        let outcome = try Self.passing(finished!, phase: "spoken")
        return Spoken(seconds: seconds, time: after - before, earshotCPU: earshotCPU, synthesized: outcome.synthesized,
                      reused: outcome.reused, passed: outcome.passed)
    }

    /// The seconds bare `espeak_Synth` calls take for the utterances, on the
    /// same engine (voice and rate selected per group, outside the timing).
    public func bareEspeak(_ utterances: [Utterance]) async throws -> Double {
        var seconds = 0.0
        for (setting, texts) in Self.grouped(utterances) {
            seconds += try await EspeakEngine.shared.bareSynthesis(texts, voice: setting.voice, rate: setting.rate).seconds
        }
        return seconds
    }

    /// The seconds one `espeak-ng -v VOICE -s RATE -w FILE TEXT` process per
    /// utterance takes, one after another, as a shell script would.
    public func commandLineEspeak(_ utterances: [Utterance], scratch: URL) throws -> Double {
        guard let espeak = Self.executable(named: "espeak-ng") else {
            throw EnvironmentError(description: "the espeak-ng command is missing; install it with: apt-get install -y espeak-ng (or scripts/ensure-deps.sh --with-cli)")
        }
        let output = scratch.appendingPathComponent("espeak-ng.wav").path
        var failures: [String] = []
        let seconds = try Stopwatch.seconds {
            for utterance in utterances {
                let process = Process()
                process.executableURL = espeak
                process.arguments = ["-v", utterance.voice, "-s", String(utterance.rate), "-w", output, utterance.text]
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { failures.append(utterance.text) }
            }
        }
        if !failures.isEmpty {
            throw EnvironmentError(description: "espeak-ng failed to speak \(failures.count) utterance(s), the first: \"\(failures[0])\"")
        }
        return seconds
    }

    /// Utterances by voice and rate, in the order first heard.
    static func grouped(_ utterances: [Utterance]) -> [(setting: (voice: String, rate: Int), texts: [String])] {
        var order: [String] = []
        var groups: [String: (setting: (voice: String, rate: Int), texts: [String])] = [:]
        for utterance in utterances {
            let key = "\(utterance.voice)\u{1F}\(utterance.rate)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = ((utterance.voice, utterance.rate), [])
            }
            groups[key]!.texts.append(utterance.text)
        }
        return order.map { groups[$0]! }
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
