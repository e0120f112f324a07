import EarshotReader
import EarshotSpeech
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Speaks a suite's results into an audio folder, one WAV and one WebVTT
/// per scenario (SPEC §5.2), doing no work twice:
///
/// - each distinct utterance (text, voice, rate) is synthesized once, or
///   taken from the utterance cache (`.cache/`);
/// - synthesis, which the engine does one utterance at a time, runs
///   alongside everything else: a scenario's files are written as soon as
///   its utterances are all there, and new cache entries stored, while the
///   engine speaks the next utterance;
/// - a scenario whose files are already what this run would write (the
///   same timeline, voice, rate and engine, and the files unchanged since
///   Earshot wrote them) is left alone; `.cache/outputs/` records that.
///
/// The counts are those of rendering each scenario on its own with the
/// cache: an utterance is synthesized where it is first heard and reused
/// everywhere else.
struct SuiteAudio {
    var engine: any SpeechEngine
    var folder: URL

    /// Silence after each utterance and each earcon (as ``AudioRenderer``'s defaults).
    static let gap = 0.25
    static let earconGap = 0.05

    struct Counts {
        var synthesized = 0
        var reused = 0
    }

    /// One scenario's audio to write.
    private struct Job {
        var name: String
        var voice: String
        var rate: Int
        var timeline: [TimelineItem]
        var record: String
        /// Keys of utterances this job waits for from the engine.
        var waiting: Set<UtteranceCache.Key>
        var utterances: Int
    }

    func speak(_ results: [ScenarioResult], progress: (@Sendable (String) -> Void)?) async throws -> Counts {
        let sampleRate: Int, version: String
        do {
            sampleRate = try await engine.sampleRate
            version = try await engine.version
        } catch let error as SpeechError {
            throw Suite.EnvironmentError(description: error.description)
        }
        let cache = UtteranceCache.inside(folder)
        let records = folder.appendingPathComponent(".cache/outputs", isDirectory: true)

        var counts = Counts()
        var jobs: [Job] = []
        var missing: [UtteranceCache.Key] = []
        var missingSet: Set<UtteranceCache.Key> = []
        var known: Set<UtteranceCache.Key> = []
        var done = 0
        for result in results {
            let name = Suite.outputName(for: result.file)
            let timeline = TimelineItem.timeline(of: result.steps)
            let utterances = timeline.reduce(0) { count, item in
                if case .utterance = item { return count + 1 }
                return count
            }
            let record = Self.record(timeline, voice: result.voice, rate: result.rate, engine: version,
                                     sampleRate: sampleRate)
            if OutputRecord.isCurrent(record, name: name, folder: folder, records: records) {
                counts.reused += utterances
                done += 1
                progress?("scenario \(done) of \(results.count): \(counts.synthesized) utterances synthesized, \(counts.reused) reused")
                continue
            }
            var waiting: Set<UtteranceCache.Key> = []
            for case .utterance(let text) in timeline {
                let key = UtteranceCache.Key(text: text, voice: result.voice, rate: result.rate, engine: version)
                if known.insert(key).inserted, !cache.contains(key) {
                    missing.append(key)
                    missingSet.insert(key)
                }
                if missingSet.contains(key) { waiting.insert(key) }
            }
            jobs.append(Job(name: name, voice: result.voice, rate: result.rate, timeline: timeline, record: record,
                            waiting: waiting, utterances: utterances))
        }
        counts.synthesized = missing.count
        counts.reused += jobs.reduce(0) { $0 + $1.utterances } - missing.count

        // The engine speaks the missing utterances in order while this task stores them and writes scenarios.
        let engine = self.engine
        let (spoken, speaker) = AsyncThrowingStream.makeStream(of: (UtteranceCache.Key, [Int16]).self)
        let written = done
        let queue = missing
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for key in queue {
                        try Task.checkCancellation()
                        let samples = try await engine.synthesize(key.text, voice: key.voice, rate: key.rate).samples
                        speaker.yield((key, samples))
                    }
                    speaker.finish()
                } catch {
                    speaker.finish(throwing: error)
                }
            }
            var pcm: [UtteranceCache.Key: [Int16]] = [:]
            var pending = jobs
            var done = written
            func writeReady() throws {
                var index = 0
                while index < pending.count {
                    guard pending[index].waiting.isEmpty else {
                        index += 1
                        continue
                    }
                    let job = pending.remove(at: index)
                    try write(job, sampleRate: sampleRate, version: version, cache: cache, pcm: &pcm, records: records)
                    done += 1
                    progress?("scenario \(done) of \(results.count): \(counts.synthesized) utterances synthesized, \(counts.reused) reused")
                }
            }
            do {
                try writeReady()   // scenarios the cache already covers
                for try await (key, samples) in spoken {
                    pcm[key] = samples
                    do {
                        try cache.store(samples, for: key)
                    } catch {
                        throw Suite.EnvironmentError(description: "cannot write to '\(folder.path)': \(error.localizedDescription)")
                    }
                    for index in pending.indices { pending[index].waiting.remove(key) }
                    try writeReady()
                }
            } catch let error as SpeechError {
                group.cancelAll()
                throw Suite.EnvironmentError(description: error.description)
            } catch {
                group.cancelAll()
                throw error
            }
            try await group.waitForAll()
            return counts
        }
    }

    /// Assembles one scenario's audio (utterances from the engine or the cache) and writes its files and record.
    private func write(_ job: Job, sampleRate: Int, version: String, cache: UtteranceCache,
                       pcm: inout [UtteranceCache.Key: [Int16]], records: URL) throws {
        for case .utterance(let text) in job.timeline {
            let key = UtteranceCache.Key(text: text, voice: job.voice, rate: job.rate, engine: version)
            guard pcm[key] == nil else { continue }
            guard let cached = cache.load(key) else {
                // Listed in the cache but unreadable now (removed or damaged meanwhile): an environment problem.
                throw Suite.EnvironmentError(description: "the utterance cache in '\(cache.folder.path)' changed during the run; run again")
            }
            pcm[key] = cached
        }
        let renderer = AudioRenderer(engine: engine, voice: job.voice, rate: job.rate)
        let audio = renderer.assemble(job.timeline, sampleRate: sampleRate) {
            pcm[UtteranceCache.Key(text: $0, voice: job.voice, rate: job.rate, engine: version)] ?? []
        }
        do {
            try audio.write(named: job.name, in: folder)
            try OutputRecord.write(job.record, name: job.name, folder: folder, records: records)
        } catch {
            throw Suite.EnvironmentError(description: "cannot write to '\(folder.path)': \(error.localizedDescription)")
        }
    }

    /// What decides a scenario's audio: the engine, rate, voice, silences and every item of the timeline.
    static func record(_ timeline: [TimelineItem], voice: String, rate: Int, engine: String, sampleRate: Int) -> String {
        var text = "earshot-audio 1\nengine \(engine)\nsample-rate \(sampleRate)\nvoice \(voice)\nrate \(rate)\n"
        text += "gaps \(gap) \(earconGap)\n"
        for item in timeline {
            switch item {
            case .utterance(let utterance):
                text += "u " + utterance.replacingOccurrences(of: "\n", with: "\\n") + "\n"
            case .earcon(let tone):
                text += "e " + tone.rawValue + "\n"
            }
        }
        return text
    }
}

/// `.cache/outputs/NAME`: what a scenario's WAV and WebVTT were made from,
/// with each file's size and modification time just after Earshot wrote it.
enum OutputRecord {
    static func isCurrent(_ record: String, name: String, folder: URL, records: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: records.appendingPathComponent(name).path) else {
            return false
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.firstIndex(of: "\n").flatMap({ text[text.index(after: $0)...].firstIndex(of: "\n") }) else {
            return false
        }
        let stamps = text[..<split]
        guard text[text.index(after: split)...] == record[...] else { return false }
        guard let current = self.stamps(name: name, folder: folder) else { return false }
        return stamps == current[...]
    }

    static func write(_ record: String, name: String, folder: URL, records: URL) throws {
        guard let stamps = stamps(name: name, folder: folder) else { return }
        try AtomicFile.write(stamps + "\n" + record, to: records.appendingPathComponent(name))
    }

    /// `wav SIZE SECONDS.NANOSECONDS` and the same for `vtt`, one line each; nil when either is missing.
    static func stamps(name: String, folder: URL) -> String? {
        var lines: [String] = []
        for ext in ["wav", "vtt"] {
            guard let stamp = stamp(folder.appendingPathComponent(name + "." + ext).path) else { return nil }
            lines.append(ext + " " + stamp)
        }
        return lines.joined(separator: "\n")
    }

    private static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return "\(info.st_size) \(time.tv_sec).\(time.tv_nsec)"
    }
}
