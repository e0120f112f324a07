import EarshotCore
import EarshotFiles
import EarshotReader
import EarshotRunner
import EarshotScenario
import EarshotSpeech
import Foundation

/// Speaks a suite's results into an audio folder, one WAV and one WebVTT
/// per scenario, doing no work twice:
///
/// - each distinct utterance (text, voice, rate) is synthesized once, or
///   taken from the utterance cache (`.cache/`);
/// - synthesis, which the engine does one utterance at a time, runs
///   alongside everything else: it starts with the first result given to
///   ``add(_:)`` (while later scenarios are still loading and running), and
///   during ``finish(progress:)`` a scenario's files are written as soon as
///   its utterances are all there, and new cache entries stored, while the
///   engine speaks the next utterance;
/// - a scenario whose files are already what this run would write (the
///   same timeline, voice, rate and engine, and the files unchanged since
///   Earshot wrote them) is left alone; `.cache/outputs.txt` records that.
///   Its layout (for the report's times) comes from its utterances' lengths
///   in the cache; one the cache no longer has is spoken and written again.
///
/// Files are few: new cache entries go to one pack, the records to one
/// file, so a run creates two files besides its WAVs and WebVTTs (creating
/// a file costs about a millisecond on the ext4 of our CI machines, as
/// much as writing a megabyte).
///
/// Nothing is written before ``finish(progress:)`` (only the temporaries of
/// runs killed mid-write are removed), so a run that stops on bad input
/// leaves its outputs as they were. The counts are those of rendering
/// each scenario on its own with the cache: an utterance is synthesized
/// where it is first heard and reused everywhere else.
final class SuiteAudio {
    let engine: any SpeechEngine
    let folder: URL

    /// What a spoken run did: engine counts, and where each scenario's items are in its audio.
    struct Finished {
        var synthesized = 0
        var reused = 0
        /// Each scenario's timeline as laid out in its WAV, by scenario file.
        var layouts: [String: AudioLayout] = [:]
        /// Texts synthesized with characters left out for want of a reading, and how many.
        var unread: [String: Int] = [:]
    }

    /// A scenario whose files are already current: only its layout is wanted.
    private struct Settled {
        /// Its output name (``ScenarioResult/outputName``), what its layout is kept by.
        var name: String
        var voice: String
        var rate: Int
        var timeline: [Timeline.Sound.Kind]
    }

    /// One scenario's audio to write.
    private struct Job {
        var file: String
        /// The scenario's own name (`scenario:`), for messages.
        var scenario: String
        var name: String
        var voice: String
        var rate: Int
        var timeline: [Timeline.Sound.Kind]
        var record: String
        /// How many of its utterances this job waits for from the engine (``SuiteAudio/waiters``).
        var waiting: Int
        var utterances: Int
    }

    private let cache: UtteranceCache
    /// New cache entries, appended to one pack as they come.
    private let pack: UtteranceCache.Writer
    private let records: OutputRecords
    /// The engine's sample rate and version, or why it has none.
    private var settings: Result<(sampleRate: Int, version: String), Error>?
    /// Every scenario to write, in the order added; a written one keeps its place, its timeline let go.
    private var jobs: [Job] = []
    /// The jobs each utterance not yet synthesized is waiting for, by index in ``jobs``: an
    /// utterance that arrives counts down only the jobs that wait for it.
    private var waiters: [UtteranceCache.Key: [Int]] = [:]
    /// Jobs whose utterances are all there, not yet written, in the order they became ready.
    private var ready: [Int] = []
    private var settled: [Settled] = []
    private var scenarios = 0
    private var current = 0          // scenarios whose files are already current
    private var finished = Finished()
    private var known: Set<UtteranceCache.Key> = []
    /// Scenarios whose voice is not installed, or with an utterance past ``maximumUtterance``:
    /// bad input, reported before anything is written.
    private var badVoices: [Diagnostic] = []
    /// Unwritten scenarios using each utterance: its samples are kept in memory (within
    /// ``sampleBudget``) until the last one is written, so memory follows the scenarios in
    /// progress, not the whole run.
    private var uses: [UtteranceCache.Key: Int] = [:]
    /// The most samples kept in memory between utterances: past it, an utterance's samples are
    /// only in the cache (stored as they come), and read back one at a time as its scenario's WAV
    /// is written, so that a long scenario's memory is the budget, not its audio.
    let sampleBudget: Int
    /// 16 million samples (32 MB, 12 minutes at 22,050 Hz): a suite like the bundled one is kept
    /// whole, and nothing is read back.
    static let defaultSampleBudget = 16_000_000
    /// The most utterances' samples held at once during ``finish(progress:)`` (for tests).
    private(set) var mostHeld = 0
    /// The most samples in memory at once during ``finish(progress:)``: those kept, and the
    /// utterance just come or just read back (for tests).
    private(set) var mostSamplesHeld = 0

    /// The longest text one utterance may hold, in characters. VoiceOver speaks a label, value,
    /// hint or announcement whole, but past this a scenario is almost surely a mistake (a file
    /// pasted into a label), and espeak-ng's time and memory grow with it (a 200 KB label took
    /// 23 s and a gigabyte).
    static let maximumUtterance = 10_000
    private var missing: Set<UtteranceCache.Key> = []
    /// The engine's work: keys in, samples out.
    private let requests: AsyncStream<SpeechRequest>.Continuation
    private let spoken: AsyncThrowingStream<(SpeechRequest, Synthesis), Error>
    private let speaker: Task<Void, Never>

    init(engine: any SpeechEngine, folder: URL, sampleBudget: Int = SuiteAudio.defaultSampleBudget) {
        self.engine = engine
        self.folder = folder
        self.sampleBudget = sampleBudget
        cache = UtteranceCache.inside(folder)
        AtomicFile.sweepOnce(folder.path)           // temporary files of runs killed mid-write, once a process
        AtomicFile.removeStale(in: cache.folder)
        pack = cache.writer()
        records = OutputRecords(file: folder.appendingPathComponent(".cache/outputs.txt"))
        let (keys, requests) = AsyncStream.makeStream(of: SpeechRequest.self)
        let (spoken, output) = AsyncThrowingStream.makeStream(of: (SpeechRequest, Synthesis).self)
        self.requests = requests
        self.spoken = spoken
        speaker = Task {
            do {
                try await engine.synthesizeEach(keys) { request, synthesis in output.yield((request, synthesis)) }
                output.finish()
            } catch {
                output.finish(throwing: error)
            }
        }
    }

    deinit {
        requests.finish()
        speaker.cancel()
    }

    /// Scenarios whose voice espeak-ng does not have, as bad input (before anything is written).
    var badInput: LoadError? { badVoices.isEmpty ? nil : LoadError(badVoices) }

    /// Stops the engine's work (a run that will not speak after all).
    func cancel() {
        requests.finish()
        speaker.cancel()
    }

    /// Takes a scenario's result: what it needs that the cache lacks goes to the engine at once.
    func add(_ result: ScenarioResult) async {
        scenarios += 1
        if settings == nil {
            do {
                settings = .success((try await engine.sampleRate, try await engine.version))
            } catch {
                settings = .failure(error)
                requests.finish()
            }
        }
        guard case .success(let (sampleRate, version)) = settings else { return }
        // A voice espeak-ng does not have is bad input, found before anything is spoken with it
        // (espeak-ng reads an unknown voice as a path to a voice file).
        do {
            try await engine.validate(voice: result.voice, rate: result.rate)
        } catch let error as SpeechError {
            guard case .unknownVoice(let voice, let suggestions) = error else {
                settings = .failure(error)
                requests.finish()
                return
            }
            badVoices.append(Diagnostic("no espeak-ng voice \(SpeechError.quoted(voice))",
                                        at: result.voiceLocation ?? SourceLocation(file: result.file, line: 1, column: 1),
                                        expected: "an installed voice, as 'earshot voices' lists them",
                                        suggestion: suggestions.first))
            return
        } catch {
            settings = .failure(error)
            requests.finish()
            return
        }
        let name = result.outputName
        let timeline = result.timeline.heard
        let utterances = timeline.reduce(0) { count, item in
            if case .utterance = item { return count + 1 }
            return count
        }
        let record = Self.record(timeline, voice: result.voice, rate: result.rate, engine: version, sampleRate: sampleRate)
        // Current files are left alone when the cache still knows their utterances' lengths (for the report's times).
        if records.isCurrent(record, name: name, folder: folder), timeline.allSatisfy({ item in
            guard case .utterance(let text) = item else { return true }
            return cache.sampleCount(UtteranceCache.Key(text: text, voice: result.voice, rate: result.rate, engine: version)) != nil
        }) {
            finished.reused += utterances
            current += 1
            settled.append(Settled(name: name, voice: result.voice, rate: result.rate, timeline: timeline))
            return
        }
        if let long = timeline.lazy.compactMap({ item -> String? in
            guard case .utterance(let text) = item, text.count > Self.maximumUtterance else { return nil }
            return text
        }).first {
            badVoices.append(Diagnostic("an utterance of \(long.count) characters, past the \(Self.maximumUtterance) one utterance may hold: "
                                            + "'\(long.prefix(60))…'",
                                        at: SourceLocation(file: result.file, line: 1, column: 1),
                                        expected: "labels, values, hints and announcements of readable length"))
            return
        }
        var waiting: Set<UtteranceCache.Key> = []
        var used: Set<UtteranceCache.Key> = []
        for case .utterance(let text) in timeline {
            let key = UtteranceCache.Key(text: text, voice: result.voice, rate: result.rate, engine: version)
            if used.insert(key).inserted { uses[key, default: 0] += 1 }
            if known.insert(key).inserted, !cache.contains(key) {
                missing.insert(key)
                requests.yield(SpeechRequest(text: key.text, voice: key.voice, rate: key.rate))
                finished.synthesized += 1
            }
            if missing.contains(key) { waiting.insert(key) }
        }
        finished.reused += utterances
        for key in waiting { waiters[key, default: []].append(jobs.count) }
        if waiting.isEmpty { ready.append(jobs.count) }
        jobs.append(Job(file: result.file, scenario: result.name, name: name, voice: result.voice, rate: result.rate, timeline: timeline,
                        record: record, waiting: waiting.count, utterances: utterances))
    }

    /// After the last ``add(_:)``: writes every scenario's files as its utterances become
    /// available, storing new cache entries on the way; returns the counts and every
    /// scenario's layout (those already current laid out from their utterances in the cache).
    func finish(progress: (@Sendable (String) -> Void)?) async throws -> Finished {
        requests.finish()
        guard case .success(let (sampleRate, version)) = settings ?? .success((0, "")) else {
            if case .failure(let error as SpeechError) = settings {
                throw Suite.EnvironmentError(description: error.description)
            }
            if case .failure(let error) = settings { throw error }
            return finished
        }
        finished.reused -= finished.synthesized
        defer {
            // Entries stored and records of files written hold even when the run stops here.
            try? pack.close()
            try? records.save()
        }
        var pcm = HeldSamples(budget: sampleBudget)
        var done = current
        let total = scenarios
        for _ in 0..<current {
            progress?("scenario \(done) of \(total): \(finished.synthesized) utterances synthesized, \(finished.reused) reused")
        }
        func writeReady() throws {
            for index in ready {
                let job = jobs[index]
                jobs[index].timeline = []
                finished.layouts[job.name] = try write(job, sampleRate: sampleRate, version: version, pcm: &pcm)
                // Samples no unwritten scenario needs are let go.
                var seen: Set<UtteranceCache.Key> = []
                for case .utterance(let text) in job.timeline {
                    let key = UtteranceCache.Key(text: text, voice: job.voice, rate: job.rate, engine: version)
                    guard seen.insert(key).inserted else { continue }
                    uses[key, default: 1] -= 1
                    if uses[key]! <= 0 {
                        uses[key] = nil
                        pcm.remove(key)
                    }
                }
                done += 1
                progress?("scenario \(done) of \(total): \(finished.synthesized) utterances synthesized, \(finished.reused) reused")
            }
            ready = []
        }
        do {
            try laySettled(sampleRate: sampleRate, version: version)
            try writeReady()   // scenarios the cache already covers
            for try await (request, synthesis) in spoken {
                let samples = synthesis.samples
                if synthesis.unread > 0 { finished.unread[request.text] = synthesis.unread }
                let key = UtteranceCache.Key(text: request.text, voice: request.voice, rate: request.rate, engine: version)
                pcm.take(samples, for: key)
                mostHeld = max(mostHeld, pcm.count)
                mostSamplesHeld = max(mostSamplesHeld, pcm.most)
                do {
                    try pack.store(samples, for: key)
                } catch {
                    throw Suite.EnvironmentError(description: "cannot write \(FileError.describe(error, path: folder.path))")
                }
                for index in waiters.removeValue(forKey: key) ?? [] {
                    jobs[index].waiting -= 1
                    if jobs[index].waiting == 0 { ready.append(index) }
                }
                try writeReady()
            }
        } catch let error as SpeechError {
            cancel()
            // A text the workers could not say: the first scenario waiting for it is named with it.
            if case .workerFailed(let text, _) = error,
               let index = waiters.filter({ $0.key.text == text }).flatMap(\.value).min() {
                let job = jobs[index]
                throw Suite.EnvironmentError(description: "scenario '\(job.scenario)' (\(job.file)): \(error.description)")
            }
            throw Suite.EnvironmentError(description: error.description)
        } catch {
            cancel()
            throw error
        }
        return finished
    }

    /// Lays out the scenarios whose files are current, each utterance as long as its entry in the cache says.
    private func laySettled(sampleRate: Int, version: String) throws {
        var lengths: [UtteranceCache.Key: Int] = [:]
        for scenario in settled {
            finished.layouts[scenario.name] = try AudioLayout(scenario.timeline, sampleRate: sampleRate) { text in
                let key = UtteranceCache.Key(text: text, voice: scenario.voice, rate: scenario.rate, engine: version)
                if let known = lengths[key] { return known }
                // From the entry's head: the samples themselves are not needed, their files being written.
                guard let count = cache.sampleCount(key) else { throw Self.cacheChanged(cache) }
                lengths[key] = count
                return count
            }
        }
        settled = []
    }

    private static func cacheChanged(_ cache: UtteranceCache) -> Suite.EnvironmentError {
        // Listed in the cache but unreadable now (removed or damaged meanwhile): an environment problem.
        Suite.EnvironmentError(description: "the utterance cache in '\(cache.folder.path)' changed during the run; run again")
    }

    /// Assembles one scenario's audio (utterances from memory, else from the cache, one at a time)
    /// straight into its WAV, writes its WebVTT and record, and returns its layout.
    private func write(_ job: Job, sampleRate: Int, version: String, pcm: inout HeldSamples) throws -> AudioLayout {
        func key(_ text: String) -> UtteranceCache.Key {
            UtteranceCache.Key(text: text, voice: job.voice, rate: job.rate, engine: version)
        }
        let cache = self.cache
        let layout = try AudioLayout(job.timeline, sampleRate: sampleRate) { text in
            guard let length = pcm.length(key(text)) ?? cache.sampleCount(key(text)) else { throw Self.cacheChanged(cache) }
            return length
        }
        do {
            try layout.write(named: job.name, in: folder) { text in
                let key = key(text)
                if let held = pcm[key] { return held }
                // Read back from the cache (stored as it came), and kept if it fits the budget.
                guard let loaded = cache.load(key), loaded.count == pcm.length(key) ?? loaded.count else {
                    throw Self.cacheChanged(cache)
                }
                pcm.take(loaded, for: key)
                mostSamplesHeld = max(mostSamplesHeld, pcm.most)
                return loaded
            }
            records.update(job.record, name: job.name, folder: folder)
        } catch let error as Suite.EnvironmentError {
            throw error
        } catch {
            throw Suite.EnvironmentError(description: "cannot write \(FileError.describe(error, path: folder.path))")
        }
        return layout
    }

    /// Utterances' samples kept in memory, within a budget of samples, and the length of every
    /// utterance met (kept or not).
    private struct HeldSamples {
        let budget: Int
        private var samples: [UtteranceCache.Key: [Int16]] = [:]
        private var lengths: [UtteranceCache.Key: Int] = [:]
        /// Samples kept now.
        private(set) var held = 0
        /// The most samples in memory at once: those kept, and each utterance as it was taken.
        private(set) var most = 0

        init(budget: Int) { self.budget = budget }

        var count: Int { samples.count }

        subscript(key: UtteranceCache.Key) -> [Int16]? { samples[key] }

        func length(_ key: UtteranceCache.Key) -> Int? { lengths[key] }

        /// An utterance's samples, in hand now: kept when they fit the budget.
        mutating func take(_ pcm: [Int16], for key: UtteranceCache.Key) {
            lengths[key] = pcm.count
            most = max(most, held + pcm.count)
            guard samples[key] == nil, held + pcm.count <= budget else { return }
            samples[key] = pcm
            held += pcm.count
        }

        /// Forgets an utterance no unwritten scenario uses.
        mutating func remove(_ key: UtteranceCache.Key) {
            lengths[key] = nil
            if let pcm = samples.removeValue(forKey: key) { held -= pcm.count }
        }
    }
}
