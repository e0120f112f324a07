import CEarshotSynth
import CEspeakNG
import EarshotCore
import Foundation

/// espeak-ng linked in-process: one engine per process, initialized once.
///
/// libespeak-ng keeps global state and is not thread-safe, and on Debian's
/// 1.51 a second `espeak_Initialize` (or terminate, then initialize) hangs.
/// So there is one actor, ``shared``; it initializes the library on first
/// use with `AUDIO_OUTPUT_SYNCHRONOUS` and `espeakINITIALIZE_DONT_EXIT` (a
/// missing data folder is an error, not an exit), never terminates it, and
/// serializes every synthesis.
///
/// espeak-ng's wave generator carries its phase and pitch flutter from one
/// utterance to the next, so every synthesis starts from the same recorded
/// state: the state right after initializing and selecting the voice and
/// rate. On Linux (`CEarshotSynth`'s rewind.c) espeak-ng's allocations go
/// to a private arena, and its static data and that arena are copied back
/// before each synthesis, in this process; elsewhere each synthesis runs in
/// a child forked from this process. Either way every utterance comes out
/// as a fresh `espeak-ng -w` would say it, the same in any order.
///
/// ```swift
/// let speech = try await EspeakEngine.shared.synthesize("Hello", voice: "en-us", rate: 175)
/// ```
public actor EspeakEngine: SpeechEngine {
    public static let shared = EspeakEngine()

    private var initialized: Result<Int, SpeechError>?
    private var currentVoice: String?
    private var currentRate: Int?
    /// Whether each synthesis restores a checkpoint in this process (else it forks).
    private var rewinding = false

    private init() {}

    /// Whether the library has been initialized in this process (headless runs never do).
    public var isInitialized: Bool { initialized != nil }

    /// The folder holding `espeak-ng-data`, when `EARSHOT_ESPEAK_DATA` names one;
    /// otherwise espeak-ng looks where it always does (`ESPEAK_DATA_PATH`, then its install path).
    public static let dataEnvironmentVariable = "EARSHOT_ESPEAK_DATA"

    /// `fork` makes each synthesis run in a forked child even where the checkpoint works.
    public static let isolationEnvironmentVariable = "EARSHOT_ESPEAK_ISOLATION"

    private func initialize() throws(SpeechError) -> Int {
        if let initialized { return try initialized.get() }
        let folder = ProcessInfo.processInfo.environment[Self.dataEnvironmentVariable]
        // Before espeak_Initialize, so that every block espeak-ng allocates is in the arena.
        // `EARSHOT_ESPEAK_ISOLATION=fork` takes the fallback used where that cannot be done,
        // so that it is tested where it could be.
        let forkEach = ProcessInfo.processInfo.environment[Self.isolationEnvironmentVariable] == "fork"
        rewinding = !forkEach && earshot_rewind_prepare() == 1
        // With espeakINITIALIZE_DONT_EXIT, 1.51 reports missing data on stderr and still
        // returns a sample rate; so the data folder it settled on is checked here.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, folder, Int32(espeakINITIALIZE_DONT_EXIT))
        var dataPath: UnsafePointer<CChar>?
        _ = espeak_Info(&dataPath)
        let data = dataPath.map { String(cString: $0) } ?? "(unknown)"
        if rate <= 0 {
            initialized = .failure(.dataMissing("espeak_Initialize returned \(rate) for the data in \(data)"))
        } else if !FileManager.default.fileExists(atPath: data + "/phontab") {
            initialized = .failure(.dataMissing("no phoneme data in \(data)"))
        } else {
            initialized = .success(Int(rate))
            if rewinding { rewinding = earshot_rewind_checkpoint() == 0 }
        }
        return try initialized!.get()
    }

    public var sampleRate: Int {
        get throws { try initialize() }
    }

    public var version: String {
        get throws {
            _ = try initialize()
            return "espeak-ng " + String(cString: espeak_Info(nil))
        }
    }

    public func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis {
        let sampleRate = try initialize()
        try select(voice: voice, rate: rate)
        var result = earshot_synthesis()
        let status = rewinding ? earshot_synth_rewound(text, Int32(sampleRate), &result) : earshot_synth_isolated(text, &result)
        defer { earshot_synthesis_free(&result) }
        // Restores leave espeak-ng's data files alone, which it only reads: hold it to that in tests.
        assert(!rewinding || earshot_rewind_verify() == 1, "espeak-ng changed its loaded data during a synthesis")
        guard status == 0 else {
            throw SpeechError.synthesisFailed(rewinding ? "espeak_Synth failed (\(status))" : "the synthesis process failed (\(status))")
        }
        let samples = Array(UnsafeBufferPointer(start: result.samples, count: result.sample_count))
        let raw = UnsafeBufferPointer(start: result.words, count: result.word_count * 3)
        let words = stride(from: 0, to: raw.count, by: 3).map {
            WordMark(textPosition: Int(raw[$0]), length: Int(raw[$0 + 1]), sample: Int(raw[$0 + 2]))
        }
        return Synthesis(samples: samples, words: words)
    }

    /// Speaks each request as it comes, in order, without leaving the engine between
    /// requests that are already waiting: consecutive syntheses stay on one thread,
    /// whose caches keep espeak-ng's tables (hopping threads between them cost 10 %).
    public func synthesizeEach(_ requests: AsyncStream<SpeechRequest>,
                               deliver: @Sendable (SpeechRequest, Synthesis) -> Void) async throws {
        for await request in requests {
            try Task.checkCancellation()
            deliver(request, try await synthesize(request.text, voice: request.voice, rate: request.rate))
        }
    }

    /// How each synthesis starts from the recorded state: `"checkpoint"` (in
    /// this process) or `"fork"` (a child process per utterance).
    public var isolation: String {
        get throws {
            _ = try initialize()
            return rewinding ? "checkpoint" : "fork"
        }
    }

    /// Seconds spent so far restoring the recorded state and in `espeak_Synth`, over every
    /// synthesis in this process (zero where each synthesis forks).
    public var timeSpent: (restoring: Double, synthesizing: Double) {
        var restoring = 0.0, synthesizing = 0.0
        earshot_synth_times(&restoring, &synthesizing)
        return (restoring, synthesizing)
    }

    /// For `earshot bench`: speaks each text with a bare `espeak_Synth` call
    /// (no checkpoint restored between them, samples counted and dropped)
    /// and returns the seconds those calls took. The engine is back at its
    /// recorded state afterwards, so later syntheses are unaffected.
    public func bareSynthesis(_ texts: [String], voice: String, rate: Int) throws -> (seconds: Double, samples: Int) {
        _ = try initialize()
        try select(voice: voice, rate: rate)
        guard rewinding else {
            throw SpeechError.synthesisFailed("bare synthesis is measured only where the engine restores checkpoints (Linux)")
        }
        let copies = texts.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var seconds = 0.0
        var samples = 0
        let status = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            earshot_synth_bare_batch(pointers.baseAddress, pointers.count, &seconds, &samples)
        }
        guard status == 0 else { throw SpeechError.synthesisFailed("espeak_Synth failed (\(status))") }
        return (seconds, samples)
    }

    private func select(voice: String, rate: Int) throws {
        guard (80...450).contains(rate) else { throw SpeechError.badRate(rate) }
        guard currentVoice != voice || currentRate != rate else { return }
        // A change applies to the recorded state, and is recorded with it.
        if rewinding { earshot_rewind_restore() }
        defer { if rewinding { rewinding = earshot_rewind_checkpoint() == 0 } }
        if currentVoice != voice {
            // As the espeak-ng command does: a voice name, else a language (en-gb).
            guard espeak_SetVoiceByName(voice) == EE_OK || selectByLanguage(voice) else {
                currentVoice = nil
                throw SpeechError.unknownVoice(voice, suggestions: closeMatches(to: voice))
            }
            currentVoice = voice
            currentRate = nil   // a new voice resets the rate
        }
        if currentRate != rate {
            espeak_SetParameter(espeakRATE, Int32(rate), 0)
            currentRate = rate
        }
    }

    /// A language an installed voice speaks (`en-gb`), as the espeak-ng command accepts for `-v`.
    private func selectByLanguage(_ language: String) -> Bool {
        let known = ((try? voices()) ?? []).contains { $0.languages.contains { $0.lowercased() == language.lowercased() } }
        guard known else { return false }
        return language.withCString { pointer in
            var spec = espeak_VOICE()
            spec.languages = pointer
            return espeak_SetVoiceByProperties(&spec) == EE_OK
        }
    }

    /// The installed voices: identifier (what `--voice` takes), name and languages.
    public func voices() throws -> [Voice] {
        _ = try initialize()
        guard let list = espeak_ListVoices(nil) else { return [] }
        var result: [Voice] = []
        var index = 0
        while let entry = list[index] {
            let voice = entry.pointee
            result.append(Voice(identifier: voice.identifier.map { String(cString: $0) } ?? "",
                                name: voice.name.map { String(cString: $0) } ?? "",
                                languages: Self.languages(voice.languages)))
            index += 1
        }
        return result.sorted { $0.identifier < $1.identifier }
    }

    /// espeak_VOICE.languages: pairs of a priority byte and a zero-terminated name, ending with a zero byte.
    private static func languages(_ pointer: UnsafePointer<CChar>?) -> [String] {
        guard var cursor = pointer else { return [] }
        var result: [String] = []
        while cursor.pointee != 0 {
            cursor += 1   // the priority byte
            let name = String(cString: cursor)
            result.append(name)
            cursor += strlen(cursor) + 1
        }
        return result
    }

    private func closeMatches(to voice: String) -> [String] {
        let installed: [Voice] = (try? voices()) ?? []
        var candidates: Set<String> = []
        for entry in installed {
            candidates.insert(entry.identifier)
            candidates.insert(entry.name)
            candidates.formUnion(entry.languages)
        }
        let lowered = voice.lowercased()
        let limit = max(2, voice.count / 2)
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates {
            let distance = TextMatching.editDistance(lowered, candidate.lowercased())
            if distance <= limit || candidate.lowercased().contains(lowered) { scored.append((candidate, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(5).map { $0.name }
    }
}

/// One installed espeak-ng voice.
public struct Voice: Hashable, Sendable {
    public var identifier: String
    public var name: String
    public var languages: [String]
}
