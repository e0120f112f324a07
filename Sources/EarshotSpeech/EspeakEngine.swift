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
            dataDigest = Self.dataDigest(folder: data)
            if rewinding { rewinding = earshot_rewind_checkpoint() == 0 && earshot_rewind_mark_base() == 0 }
        }
        return try initialized!.get()
    }

    /// The `espeak-ng-data` folder the engine loaded.
    public var dataFolder: String {
        get throws {
            _ = try initialize()
            var path: UnsafePointer<CChar>?
            _ = espeak_Info(&path)
            return path.map { String(cString: $0) } ?? ""
        }
    }

    /// ``dataDigest(folder:)`` of the data this engine loaded.
    private var dataDigest = ""

    /// What the speech is made from, cheaply: the phoneme tables' contents (`phontab`,
    /// `phonindex`, `phondata`, `intonations`, under a megabyte) and each dictionary's size and
    /// modification time, hashed (FNV-1a, 64 bits). Part of ``version``, so the utterance cache
    /// never serves audio made from other or damaged data.
    public static func dataDigest(folder: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        func mix(_ text: String) { var text = text; text.withUTF8 { mix(UnsafeRawBufferPointer($0)) } }
        for name in ["phontab", "phonindex", "phondata", "intonations"] {
            mix(name)
            let data = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
            mix("\(data.count)")
            data.withUnsafeBytes { mix($0) }
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix("_dict") }.sorted()
        for name in names {
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0 else { continue }
            mix("\(name) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
        }
        return String(hash, radix: 16)
    }

    public var sampleRate: Int {
        get throws { try initialize() }
    }

    public var version: String {
        get throws {
            _ = try initialize()
            return "espeak-ng " + String(cString: espeak_Info(nil)) + " data " + dataDigest
        }
    }

    public func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis {
        try speakHere(text, voice: voice, rate: rate)
    }

    /// Speaks in this process (from the checkpoint, or in a child forked for it).
    private func speakHere(_ text: String, voice: String, rate: Int) throws -> Synthesis {
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
        return Self.synthesis(of: result)
    }

    private static func synthesis(of result: earshot_synthesis) -> Synthesis {
        let samples = Array(UnsafeBufferPointer(start: result.samples, count: result.sample_count))
        let raw = UnsafeBufferPointer(start: result.words, count: result.word_count * 3)
        let words = stride(from: 0, to: raw.count, by: 3).map {
            WordMark(textPosition: Int(raw[$0]), length: Int(raw[$0 + 1]), sample: Int(raw[$0 + 2]))
        }
        return Synthesis(samples: samples, words: words)
    }

    /// Speaks each request as it comes, without leaving the engine between requests
    /// that are already waiting: consecutive syntheses stay on one thread, whose
    /// caches keep espeak-ng's tables (hopping threads between them cost 10 %).
    ///
    /// With more than one core, helper processes speak alongside this one
    /// (``speechLanes``): a request goes to the helper with the fewest texts
    /// waiting, if it has fewer than ``helperDepth``, else this process speaks it
    /// and then collects what helpers finished meanwhile. Helpers are forked the
    /// first time they are wanted and kept for the process's life; each is told
    /// the voice and rate of what it is sent. The samples are the same whoever
    /// speaks; syntheses are delivered as they finish, not in order.
    public func synthesizeEach(_ requests: AsyncStream<SpeechRequest>,
                               deliver: @Sendable (SpeechRequest, Synthesis) -> Void) async throws {
        try await synthesizeEach(requests, lanes: Self.speechLanes, deliver: deliver)
    }

    /// ``synthesizeEach(_:deliver:)`` with this many lanes in all (this process and `lanes - 1` helpers).
    public func synthesizeEach(_ requests: AsyncStream<SpeechRequest>, lanes: Int,
                               deliver: @Sendable (SpeechRequest, Synthesis) -> Void) async throws {
        // Calls may interleave (at each wait for a request): a helper with texts waiting belongs
        // to the call that sent them, which alone reads its results.
        callCount += 1
        let call = callCount
        // Helpers that failed are replaced on a later call (a machine that cannot fork tries once a call).
        helpers.removeAll { $0.retired && $0.owner == nil }
        helperFailed = false
        var finished = false
        defer {
            // Stopped early (cancelled, or an error): results nobody will read are dropped.
            if !finished { for index in helpers.indices where helpers[index].owner == call { discardWaiting(index) } }
        }
        func collect(all: Bool) throws {
            for index in helpers.indices where helpers[index].owner == call {
                while !helpers[index].waiting.isEmpty, all || earshot_helper_ready(&helpers[index].process) != 0 {
                    let request = helpers[index].waiting.removeFirst()
                    if let synthesis = Self.receive(&helpers[index].process) {
                        deliver(request, synthesis)
                    } else {
                        // The helper failed or is gone: say its texts here, and use it no more.
                        let unsaid = [request] + helpers[index].waiting
                        helpers[index].waiting = []
                        retire(index)
                        for request in unsaid {
                            deliver(request, try speakHere(request.text, voice: request.voice, rate: request.rate))
                        }
                    }
                }
                if helpers[index].waiting.isEmpty { helpers[index].owner = nil }
            }
        }
        for await request in requests {
            try Task.checkCancellation()
            try collect(all: false)
            if lanes > 1, try send(request, helpers: lanes - 1, call: call) { continue }
            deliver(request, try speakHere(request.text, voice: request.voice, rate: request.rate))
            try collect(all: false)
        }
        try collect(all: true)
        finished = true
    }

    /// Lanes of speech for ``synthesizeEach(_:deliver:)``: `EARSHOT_SPEECH_LANES`, else
    /// the cores, at most 4. Only where each synthesis restores a checkpoint in this
    /// process (Linux); elsewhere every utterance is spoken in a child forked for it.
    public static var speechLanes: Int {
        if let text = ProcessInfo.processInfo.environment[lanesEnvironmentVariable], let lanes = Int(text), lanes >= 1 {
            return lanes
        }
        return min(4, ProcessInfo.processInfo.activeProcessorCount)
    }

    public static let lanesEnvironmentVariable = "EARSHOT_SPEECH_LANES"

    /// Texts a helper may have waiting: two, so that it starts the next as soon as it has
    /// said one, while this process is still busy with its own.
    public static let helperDepth = 2

    /// A helper process, the voice and rate it was last told, and what it is speaking.
    private struct Helper {
        var process = earshot_helper(fd: -1, pid: 0, busy: 0)
        var voice: String
        var rate: Int
        /// Texts sent and not yet received, in order, and the call that sent them.
        var waiting: [SpeechRequest] = []
        var owner: Int?
        /// Failed: stopped, used no more (dropped when no call owns it).
        var retired = false
    }

    private var helpers: [Helper] = []
    private var callCount = 0
    /// Whether a helper failed (to start, or later) in the current call: then no more are started.
    private var helperFailed = false

    /// The helper processes running now (for tests and diagnostics).
    public var helperProcessIDs: [Int32] { helpers.filter { !$0.retired }.map(\.process.pid) }

    /// Hands the request to the least busy free helper with room (forking one when fewer than
    /// `count` exist); false when every one is full or busy for another call, or none can be made.
    private func send(_ request: SpeechRequest, helpers count: Int, call: Int) throws -> Bool {
        let sampleRate = try initialize()
        guard rewinding else { return false }
        let free = helpers.indices.filter { !helpers[$0].retired }.prefix(count).filter {
            (helpers[$0].owner == nil || helpers[$0].owner == call) && helpers[$0].waiting.count < Self.helperDepth
        }
        // The fewest texts waiting first, then one that needs no other voice or rate.
        func cost(_ index: Int) -> (Int, Int) {
            (helpers[index].waiting.count, helpers[index].voice == request.voice && helpers[index].rate == request.rate ? 0 : 1)
        }
        var chosen = free.min { cost($0) < cost($1) }
        if chosen.map({ !helpers[$0].waiting.isEmpty }) ?? true, !helperFailed, helpers.count < count {
            // Every helper is busy: another one, forked with this request's voice and rate.
            try select(voice: request.voice, rate: request.rate)
            var helper = Helper(voice: request.voice, rate: request.rate)
            if earshot_helper_start(&helper.process, Int32(sampleRate)) == 0 {
                helpers.append(helper)
                chosen = helpers.count - 1
            } else {
                helperFailed = true
            }
        }
        guard let index = chosen else { return false }
        if helpers[index].voice != request.voice || helpers[index].rate != request.rate {
            // Checked here first: the helper is only told what this process could apply.
            try select(voice: request.voice, rate: request.rate)
            guard earshot_helper_select(&helpers[index].process, request.voice, Int32(request.rate)) == 0 else {
                retire(index)
                return false
            }
            helpers[index].voice = request.voice
            helpers[index].rate = request.rate
        }
        guard earshot_helper_send(&helpers[index].process, request.text) == 0 else {
            retire(index)
            return false
        }
        helpers[index].waiting.append(request)
        helpers[index].owner = call
        helperSyntheses += 1
        return true
    }

    /// Stops a helper that failed. Texts still waiting stay listed: reading them
    /// fails at once, and the call that sent them says them here (``synthesizeEach``).
    private func retire(_ index: Int) {
        earshot_helper_stop(&helpers[index].process)
        helpers[index].retired = true
        helperFailed = true
    }

    /// Reads and drops the results of a helper's waiting texts (its caller stopped early).
    private func discardWaiting(_ index: Int) {
        while !helpers[index].waiting.isEmpty {
            helpers[index].waiting.removeFirst()
            guard Self.receive(&helpers[index].process) != nil else {
                helpers[index].waiting = []
                helpers[index].owner = nil
                retire(index)
                return
            }
        }
        helpers[index].owner = nil
    }

    private static func receive(_ process: inout earshot_helper) -> Synthesis? {
        var result = earshot_synthesis()
        guard earshot_helper_receive(&process, &result) == 0 else { return nil }
        defer { earshot_synthesis_free(&result) }
        return synthesis(of: result)
    }

    /// Utterances given to helper processes so far in this process.
    public private(set) var helperSyntheses = 0

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
        // A change is applied to the engine as initialized (as a fresh espeak-ng process applies
        // `-v` and `-s`), never on top of another voice, and recorded as the new checkpoint.
        if rewinding {
            earshot_rewind_restore_base()
            currentVoice = nil
            currentRate = nil
        }
        defer { if rewinding { rewinding = earshot_rewind_checkpoint() == 0 } }
        if currentVoice != voice {
            // Only an installed voice reaches espeak-ng: it reads anything else as a path to a voice
            // file (`../../etc/passwd` crashes it; `en+../…` prints the file).
            guard try isInstalled(voice) else {
                currentVoice = nil
                throw SpeechError.unknownVoice(voice, suggestions: closeMatches(to: voice))
            }
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

    /// Whether a voice is one espeak-ng has installed: a voice's identifier or name, or a
    /// language one speaks, optionally with `+VARIANT` naming an installed variant (`en-us+f3`),
    /// compared without regard to case.
    public func isInstalled(_ voice: String) throws -> Bool {
        let names = try installedNames()
        let parts = voice.lowercased().split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard names.voices.contains(parts[0]) else { return false }
        return parts.count == 1 || names.variants.contains(parts[1])
    }

    /// The installed voices' identifiers, names and languages, and the variants' file names
    /// (espeak-ng-data/voices/!v), lowercased; read once.
    private var installed: (voices: Set<String>, variants: Set<String>)?

    private func installedNames() throws -> (voices: Set<String>, variants: Set<String>) {
        if let installed { return installed }
        var voices: Set<String> = []
        for voice in try self.voices() {
            voices.insert(voice.identifier.lowercased())
            voices.insert(voice.name.lowercased())
            voices.formUnion(voice.languages.map { $0.lowercased() })
        }
        voices.remove("")
        var data: UnsafePointer<CChar>?
        _ = espeak_Info(&data)
        let folder = data.map { String(cString: $0) + "/voices/!v" }
        let variants = Set(((folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) }) ?? []).map { $0.lowercased() })
        installed = (voices, variants)
        return (voices, variants)
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
        // Voice names are short: a long text is no misspelling of one (and edit distances would cost
        // its length times each name's).
        guard voice.count <= 64 else { return [] }
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
