import EarshotCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// espeak-ng, spoken to in worker processes (`earshot-speech`).
///
/// libespeak-ng keeps global state, is not thread-safe, cannot be
/// initialized twice in one process, and crashes on damaged data; so it runs
/// only in workers this engine spawns, each bound to one voice and rate, and
/// never in this process (which does not even link it). Every utterance
/// comes out as a fresh `espeak-ng -w` would say it, whichever worker says
/// it and in whatever order.
///
/// A worker that crashes, exits, stops answering within ``stallSeconds``
/// (plus a little per character), or answers garbage is killed and replaced,
/// and its texts are said again by a fresh worker; a text that fails twice
/// is a ``SpeechError/workerFailed(text:reason:)``. A worker that cannot
/// start (libespeak-ng missing, the executable broken) is
/// ``SpeechError/workerDidNotStart(executable:reason:said:)`` at once, with
/// what it wrote to its standard error. Voices are checked
/// against the installed ones before any worker is asked to use them.
///
/// ```swift
/// let speech = try await EspeakEngine.shared.synthesize("Hello", voice: "en-us", rate: 175)
/// ```
public actor EspeakEngine: SpeechEngine {
    public static let shared = EspeakEngine()

    /// The engine's own thread: its waits for workers block it, not the concurrency pool.
    private nonisolated let thread = WorkerThread(name: "earshot speech")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
    /// Whether the engine's work runs on its own thread (for tests).
    package var runsOnItsThread: Bool { thread.isCurrent }

    /// Workers at most: ``defaultWorkers`` unless told otherwise.
    public nonisolated let workerLimit: Int
    /// Seconds a worker may take to answer a text before it is called stalled (plus
    /// ``stallSecondsPerCharacter`` for each character of the text).
    public let stallSeconds: Double
    public static let stallSecondsPerCharacter = 0.05
    /// Texts a worker may have waiting: enough that it starts the next as soon as it has said
    /// one, while this process is busy writing audio.
    public static let workerDepth = 3
    /// Workers kept beside ``workerLimit`` for other voices and rates: a worker is bound to one
    /// voice and rate when it starts, so a suite whose scenarios take turns between languages
    /// stopped and started one at nearly every turn (13 starts for the bundled suite's four
    /// voices); idle, a spare costs only its memory. No more than ``workerLimit`` speak at once.
    public static let spareWorkers = 3
    /// Requests ``synthesizeEach(_:deliver:)`` holds back while their voice's workers are full,
    /// sending later ones of other voices past them.
    public static let lookAhead = 64

    /// Workers: `EARSHOT_SPEECH_WORKERS` when set, else the cores, at most 4.
    public static var defaultWorkers: Int {
        if let text = ProcessInfo.processInfo.environment[workersEnvironmentVariable], let count = Int(text), count >= 1 {
            return count
        }
        return min(4, ProcessInfo.processInfo.activeProcessorCount)
    }

    public static let workersEnvironmentVariable = "EARSHOT_SPEECH_WORKERS"

    /// The folder holding `espeak-ng-data`, when `EARSHOT_ESPEAK_DATA` names one;
    /// otherwise espeak-ng looks where it always does (`ESPEAK_DATA_PATH`, then its install path).
    public static let dataEnvironmentVariable = "EARSHOT_ESPEAK_DATA"

    /// `fork` makes workers fork a child per utterance even where the checkpoint works.
    public static let isolationEnvironmentVariable = "EARSHOT_ESPEAK_ISOLATION"

    /// - Parameters:
    ///   - workers: how many worker processes may speak at once.
    ///   - stallSeconds: how long a worker may take over a text (plus a little per character).
    ///   - executable: the worker to run; by default `earshot-speech` beside this program.
    ///   - isolation: `"fork"` to make workers fork a child per utterance even where they could
    ///     restore a checkpoint (for comparing the two); nil: as `EARSHOT_ESPEAK_ISOLATION` says.
    ///   - dataFolder: espeak-ng's data to load; nil: as `EARSHOT_ESPEAK_DATA` says, else espeak-ng's own.
    public init(workers: Int = EspeakEngine.defaultWorkers, stallSeconds: Double = 20, executable: String? = nil,
                isolation: String? = nil, dataFolder: String? = nil) {
        workerLimit = max(1, workers)
        self.stallSeconds = stallSeconds
        self.executable = executable
        var environment: [String: String] = [:]
        environment[Self.isolationEnvironmentVariable] = isolation
        environment[Self.dataEnvironmentVariable] = dataFolder
        self.environment = environment
    }

    private let executable: String?
    private let environment: [String: String]
    private var hello: Result<SpeechWorker.Hello, SpeechError>?
    private var dataDigest = ""

    /// What a worker says of espeak-ng when it starts (one worker is started to ask, and kept).
    private func info() throws(SpeechError) -> SpeechWorker.Hello {
        if let hello { return try hello.get() }
        do {
            let (worker, hello) = try startWorker()
            workers.append(Slot(worker: worker))
            self.hello = .success(hello)
            dataDigest = Self.dataDigest(folder: hello.dataFolder)
            return hello
        } catch let error as SpeechError {
            hello = .failure(error)
            throw error
        } catch {
            let failure = SpeechError.synthesisFailed("the speech worker did not start: \(error)")
            hello = .failure(failure)
            throw failure
        }
    }

    func startWorker() throws -> (SpeechWorker, SpeechWorker.Hello) {
        let path = try executable ?? SpeechWorker.locate()
        let started = try SpeechWorker.start(executable: path, environment: environment, deadline: max(stallSeconds, 30))
        workersStarted += 1
        return started
    }

    /// The `espeak-ng-data` folder the workers loaded.
    public var dataFolder: String {
        get throws { try info().dataFolder }
    }

    public var sampleRate: Int {
        get throws { try info().sampleRate }
    }

    public var version: String {
        get throws {
            let hello = try info()
            return "espeak-ng " + hello.version + " data " + dataDigest + " readings " + Self.readingsDigest
        }
    }

    /// How each worker starts every utterance from the same state: `"checkpoint"` (restored in
    /// the worker) or `"fork"` (a child of the worker per utterance).
    public var isolation: String {
        get throws { try info().forking ? "fork" : "checkpoint" }
    }

    // MARK: - Workers

    /// A worker and the texts it has been sent, oldest first.
    struct Slot {
        var worker: SpeechWorker
        var waiting: [Pending] = []
        /// When the oldest waiting text became the one the worker is on.
        var since = 0.0
    }

    /// A text to say for a call, and how many workers already failed on it.
    struct Pending {
        var request: SpeechRequest
        var call: Int
        var attempts = 0
    }

    var workers: [Slot] = []
    private var calls = 0
    /// Calls still waiting for their texts, with what was said for them and not yet delivered.
    private var delivered: [Int: [(SpeechRequest, Synthesis)]] = [:]
    private var outstanding: [Int: Int] = [:]
    private var failures: [Int: SpeechError] = [:]

    /// Workers started so far (replacements included), and utterances said.
    public private(set) var workersStarted = 0
    public private(set) var utterancesSpoken = 0
    private var spent = SpeechTime()

    /// The worker processes running now (for tests and diagnostics).
    public var workerProcessIDs: [Int32] { workers.map(\.worker.pid).filter { $0 > 0 } }

    /// Where the workers' time went, over every utterance.
    public var timeSpent: SpeechTime { spent }

    /// Stops every worker (a later request starts new ones).
    public func stopWorkers() {
        for slot in workers { slot.worker.stop() }
        workers = []
    }

    public func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis {
        let call = begin()
        defer { end(call) }
        try dispatch(Pending(request: SpeechRequest(text: text, voice: voice, rate: rate), call: call))
        while outstanding[call, default: 0] > 0 { try receiveOne() }
        if let failure = failures[call] { throw failure }
        return delivered[call]![0].1
    }

    /// Speaks each request as it comes, handing each synthesis on as it is finished (not
    /// necessarily in order): up to ``workerLimit`` workers speak at once, each with up to
    /// ``workerDepth`` texts waiting. A request whose voice's workers are full waits in a queue
    /// of up to ``lookAhead`` while later ones of other voices go to the workers that have room,
    /// so that a worker bound to one language does not stand idle behind another's texts.
    public func synthesizeEach(_ requests: AsyncStream<SpeechRequest>,
                               deliver: @Sendable (SpeechRequest, Synthesis) -> Void) async throws {
        let call = begin()
        defer { end(call) }
        func handOn() throws {
            if let failure = failures[call] { throw failure }
            for (request, synthesis) in delivered[call] ?? [] { deliver(request, synthesis) }
            delivered[call] = []
        }
        var queue: [Pending] = []
        /// Sends every queued request a worker has room for now, oldest first.
        func sendWhatFits() throws {
            var index = 0
            while index < queue.count {
                if try send(queue[index]) { queue.remove(at: index) } else { index += 1 }
            }
        }
        for await request in requests {
            try Task.checkCancellation()
            try check(voice: request.voice, rate: request.rate)
            outstanding[call, default: 0] += 1
            queue.append(Pending(request: request, call: call))
            try sendWhatFits()
            while queue.count > Self.lookAhead {
                try receiveOne()
                try sendWhatFits()
                try handOn()
            }
            try handOn()
        }
        while !queue.isEmpty {
            try Task.checkCancellation()
            try receiveOne()
            try sendWhatFits()
            try handOn()
        }
        while outstanding[call, default: 0] > 0 {
            try Task.checkCancellation()
            try receiveOne()
            try handOn()
        }
        try handOn()
    }

    private func begin() -> Int {
        calls += 1
        delivered[calls] = []
        outstanding[calls] = 0
        return calls
    }

    /// Forgets a call: what its workers still say for it is read and dropped.
    private func end(_ call: Int) {
        delivered[call] = nil
        outstanding[call] = nil
        failures[call] = nil
    }

    /// Sends a text to a worker bound to its voice and rate with room for it, starting or
    /// rebinding one when needed; waits for results while every worker is full.
    private func dispatch(_ pending: Pending) throws {
        try check(voice: pending.request.voice, rate: pending.request.rate)
        outstanding[pending.call, default: 0] += 1
        while try !send(pending) { try receiveOne() }
    }

    /// Sends a text to a worker with room for it now; false when every worker that could take it is full.
    private func send(_ pending: Pending) throws -> Bool {
        guard let index = try slot(for: pending.request) else { return false }
        do {
            try workers[index].worker.send(text: pending.request.text)
            if workers[index].waiting.isEmpty { workers[index].since = SpeechWorker.now() }
            workers[index].waiting.append(pending)
        } catch {
            workers[index].waiting.append(pending)
            try fail(index, error)
        }
        return true
    }

    /// A worker for the request's voice and rate with room; nil when all are full.
    private func slot(for request: SpeechRequest) throws -> Int? {
        func speaksIt(_ slot: Slot) -> Bool { slot.worker.voice == request.voice && slot.worker.rate == request.rate }
        func started() throws -> Int {
            let (worker, _) = try startWorker()
            workers.append(Slot(worker: worker))
            return try bind(workers.count - 1, request)
        }
        let bound = workers.indices.filter { speaksIt(workers[$0]) && workers[$0].waiting.count < Self.workerDepth }
        let best = bound.min { workers[$0].waiting.count < workers[$1].waiting.count }
        if let best, workers[best].waiting.isEmpty { return best }
        // An unbound worker (the one started to ask espeak-ng's version), or a new one.
        if let free = workers.indices.first(where: { workers[$0].worker.voice == nil }) {
            return try bind(free, request)
        }
        if workers.count < workerLimit { return try started() }
        if let best { return best }
        // This voice's workers are all full: wait for one, rather than stop another voice's,
        // unless a core would stand idle (the other voices have nothing to say: the end of a
        // run whose last texts are in one language); then another worker for this voice.
        let busy = workers.filter { !$0.waiting.isEmpty }.count
        if workers.contains(where: { speaksIt($0) }), busy >= workerLimit { return nil }
        // A worker for this voice beside the idle ones of other voices, which stay for their
        // voice's next text; while as many as may speak at once are busy, wait for one.
        if workers.count < workerLimit + Self.spareWorkers {
            return busy < workerLimit ? try started() : nil
        }
        // An idle worker with another voice makes way for one with this voice.
        if let idle = workers.indices.first(where: { workers[$0].waiting.isEmpty }) {
            workers[idle].worker.stop()
            let (worker, _) = try startWorker()
            workers[idle] = Slot(worker: worker)
            return try bind(idle, request)
        }
        return nil
    }

    func bind(_ index: Int, _ request: SpeechRequest) throws -> Int {
        do {
            guard try workers[index].worker.bind(voice: request.voice, rate: request.rate, deadline: max(stallSeconds, 30)) else {
                throw SpeechError.unknownVoice(request.voice, suggestions: closeMatches(to: request.voice))
            }
        } catch let failure as SpeechWorker.Failure {
            workers[index].worker.stop()
            workers.remove(at: index)
            throw SpeechError.workerFailed(text: request.text, reason: failure.description)
        }
        return index
    }

    /// Waits for the next result from any busy worker (until the first deadline), and files it
    /// under its call; a worker past its deadline, or that fails, is replaced.
    private func receiveOne() throws {
        let busy = workers.indices.filter { !workers[$0].waiting.isEmpty }
        guard !busy.isEmpty else { return }
        let deadlines = busy.map { workers[$0].since + allowance(workers[$0].waiting[0].request.text) }
        let now = SpeechWorker.now()
        let ready = SpeechWorker.waitForAny(busy.map { workers[$0].worker }, seconds: deadlines.min()! - now)
        let sampleRate = try info().sampleRate
        if let position = ready.firstIndex(of: true) {
            let index = busy[position]
            let pending = workers[index].waiting[0]
            do {
                let result = try workers[index].worker.receiveResult(for: pending.request.text, until: deadlines[position],
                                                                     sampleRate: sampleRate)
                workers[index].waiting.removeFirst()
                workers[index].since = SpeechWorker.now()
                spent += result.time
                utterancesSpoken += 1
                finish(pending, with: result.synthesis)
            } catch {
                try fail(index, error)
            }
            return
        }
        // Nothing came: every worker past its deadline has stalled.
        let late = SpeechWorker.now()
        for (position, index) in busy.enumerated().reversed() where deadlines[position] <= late {
            try fail(index, SpeechWorker.Failure(description: String(
                format: "the worker did not answer within %.0f seconds", deadlines[position] - workers[index].since)))
        }
    }

    private func finish(_ pending: Pending, with synthesis: Synthesis) {
        guard outstanding[pending.call] != nil else { return }   // its call has ended
        outstanding[pending.call]! -= 1
        delivered[pending.call]!.append((pending.request, synthesis))
    }

    /// Seconds a worker may spend on a text.
    private func allowance(_ text: String) -> Double {
        stallSeconds + Self.stallSecondsPerCharacter * Double(text.utf8.count)
    }

    /// Kills a worker that failed; its texts go to a fresh worker, once. A text that already
    /// failed once fails its call.
    private func fail(_ index: Int, _ error: Error) throws {
        let slot = workers.remove(at: index)
        slot.worker.stop()
        let reason = (error as? SpeechWorker.Failure)?.description ?? "\(error)"
        var again: [Pending] = []
        for var pending in slot.waiting where outstanding[pending.call] != nil {
            if pending.attempts >= 1 {
                outstanding[pending.call]! -= 1
                failures[pending.call] = failures[pending.call]
                    ?? .workerFailed(text: pending.request.text, reason: reason)
            } else {
                pending.attempts += 1
                again.append(pending)
            }
        }
        guard let first = again.first else { return }
        let worker: SpeechWorker
        do {
            (worker, _) = try startWorker()
            guard try worker.bind(voice: first.request.voice, rate: first.request.rate, deadline: max(stallSeconds, 30)) else {
                throw SpeechWorker.Failure(description: "espeak-ng refused the voice '\(first.request.voice)'")
            }
        } catch {
            let why = (error as? SpeechWorker.Failure)?.description ?? "\(error)"
            for pending in again {
                outstanding[pending.call]! -= 1
                failures[pending.call] = failures[pending.call] ?? .workerFailed(text: pending.request.text, reason: why)
            }
            return
        }
        var fresh = Slot(worker: worker, since: SpeechWorker.now())
        for pending in again {
            do {
                try worker.send(text: pending.request.text)
                fresh.waiting.append(pending)
            } catch {
                outstanding[pending.call]! -= 1
                failures[pending.call] = failures[pending.call] ?? .workerFailed(text: pending.request.text, reason: "\(error)")
            }
        }
        workers.append(fresh)
    }

    // MARK: - Voices

    /// Checks a voice and rate before any worker is asked to use them: an unknown voice (or a
    /// path, or a `+variant` that is not installed) is ``SpeechError/unknownVoice(_:suggestions:)``.
    public func validate(voice: String, rate: Int) async throws {
        try check(voice: voice, rate: rate)
    }

    func check(voice: String, rate: Int) throws(SpeechError) {
        guard SpeechRate.range.contains(rate) else { throw SpeechError.badRate(rate) }
        if validated.contains(voice) { return }
        guard try isInstalled(voice) else {
            throw SpeechError.unknownVoice(voice, suggestions: closeMatches(to: voice))
        }
        validated.insert(voice)
    }

    private var validated: Set<String> = []

    /// Whether a voice is one espeak-ng has installed: a voice's identifier or name, or a
    /// language one speaks, optionally with `+VARIANT` naming an installed variant (`en-us+f3`),
    /// compared without regard to case.
    public func isInstalled(_ voice: String) throws(SpeechError) -> Bool {
        let names = try installedNames()
        let parts = voice.lowercased().split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard names.voices.contains(parts[0]) else { return false }
        return parts.count == 1 || names.variants.contains(parts[1])
    }

    /// The installed voices' identifiers, names and languages, and the variants' file names
    /// (espeak-ng-data/voices/!v), lowercased; read once.
    private var installed: (voices: Set<String>, variants: Set<String>)?

    private func installedNames() throws(SpeechError) -> (voices: Set<String>, variants: Set<String>) {
        if let installed { return installed }
        let hello = try info()
        var voices: Set<String> = []
        for voice in hello.voices {
            voices.insert(voice.identifier.lowercased())
            voices.insert(voice.name.lowercased())
            voices.formUnion(voice.languages.map { $0.lowercased() })
        }
        voices.remove("")
        let folder = hello.dataFolder + "/voices/!v"
        let variants = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { $0.lowercased() })
        installed = (voices, variants)
        return (voices, variants)
    }

    /// The installed voices: identifier (what `--voice` takes), name and languages.
    public func voices() throws(SpeechError) -> [Voice] {
        try info().voices
    }

    private func closeMatches(to voice: String) -> [String] {
        // Voice names are short: a long text is no misspelling of one (and edit distances would cost
        // its length times each name's).
        guard voice.count <= 64 else { return [] }
        let installed: [Voice] = (try? info().voices) ?? []
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
