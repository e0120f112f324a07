import CEarshotWire
import EarshotCore
import EarshotFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `earshot-speech` process: espeak-ng, spawned (never forked from this
/// multi-threaded process) and spoken to over one socket that is its
/// standard input and output. The messages are `earshot_wire.h`'s
/// (Sources/CEarshotWire, ``Wire``); the worker's side, and why it exists, is
/// described in `Sources/earshot-speech/main.c`.
///
/// Everything read from a worker is checked (magic, checksum, sizes), and
/// every read has a deadline: a worker that crashed, stopped, or answers
/// garbage raises ``Failure`` and is killed, never trusted again. Every
/// length a worker sends is checked against what was asked before anything
/// is allocated (``limit(of:)``), and a payload is allocated as its bytes
/// arrive, so a hostile head cannot make Earshot allocate more than the
/// worker really sent. The worker runs in a process group of its own, so
/// killing the group ends the child it may have forked for an utterance too.
///
/// A worker that cannot start (a library it cannot load, a crash) is
/// ``SpeechError/workerDidNotStart(executable:reason:said:)`` at once, with
/// what it wrote to its standard error: until its hello that is a pipe
/// Earshot reads; after it, the worker points it at /dev/null itself.
package final class SpeechWorker {
    /// Why a worker is no longer trusted, for the message that names its text.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a worker says when it starts.
    struct Hello {
        var sampleRate: Int
        var forking: Bool
        var version: String
        var dataFolder: String
        var voices: [Voice]
    }

    /// What a worker says about one text.
    struct Result {
        var synthesis: Synthesis
        var time: SpeechTime
    }

    /// The process, until it is reaped (then 0: a pid may be reused, so it is never signalled again).
    private(set) var pid: pid_t
    private var socket: Int32
    /// The read end of the worker's standard error (non-blocking), read when it fails to start.
    private var errors: Int32
    /// The voice and rate it speaks with, once bound.
    var voice: String?
    var rate: Int?

    /// The executable's name, beside the `earshot` binary.
    static let executableName = "earshot-speech"

    /// The most a hello may take: the voices of espeak-ng take a few kilobytes.
    static let helloLimit = 1 << 20
    /// The highest sample rate a hello may give (espeak-ng's is 22,050).
    static let sampleRateLimit = 384_000
    /// What a worker wrote to its standard error, kept at most (the start of it).
    static let errorOutputLimit = 4096

    private init(pid: pid_t, socket: Int32, errors: Int32) {
        self.pid = pid
        self.socket = socket
        self.errors = errors
    }

    deinit { stop() }

    // MARK: - Starting and stopping

    /// Spawns a worker (with this process's environment and `environment` over it) and reads
    /// its hello (within `deadline` seconds). Anything that stops it is
    /// ``SpeechError/workerDidNotStart(executable:reason:said:)`` (or
    /// ``SpeechError/dataMissing(_:)`` when it says espeak-ng's data is missing), with what
    /// the worker wrote to its standard error.
    static func start(executable: String, environment: [String: String] = [:], deadline: Double) throws -> (SpeechWorker, Hello) {
        func notStarted(_ reason: String, said: String = "") -> SpeechError {
            .workerDidNotStart(executable: executable, reason: reason, said: said)
        }
        var pair: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let kind = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, kind, 0, &pair) == 0 else {
            throw notStarted("cannot make a socket for it (\(String(cString: strerror(errno))))")
        }
        let piped = pipe(&errorPipe) == 0
        if piped {
            _ = fcntl(errorPipe[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(errorPipe[1], F_SETFD, FD_CLOEXEC)
        }
        guard piped else {
            close(pair[0])
            close(pair[1])
            throw notStarted("cannot make a pipe for its errors (\(String(cString: strerror(errno))))")
        }
        _ = fcntl(errorPipe[0], F_SETFL, fcntl(errorPipe[0], F_GETFL) | O_NONBLOCK)
        // Room for a few results, so that a worker goes on to its next text while Earshot is busy.
        var room: Int32 = 1 << 20
        setsockopt(pair[0], SOL_SOCKET, SO_RCVBUF, &room, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(pair[1], SOL_SOCKET, SO_SNDBUF, &room, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
        var on: Int32 = 1
        setsockopt(pair[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        // Its standard error is a pipe until it has said hello (the dynamic loader's and espeak-ng's
        // complaints when it cannot start); then the worker points it at /dev/null itself.
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let arguments = [executable]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { envp.forEach { free($0) } }
        var status = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        // "Text file busy": a process another thread started a moment ago still holds a copy of
        // a descriptor that wrote the file (a worker just installed or written), until it execs.
        // The copy goes within milliseconds, or a little longer on a loaded machine; a file truly
        // kept open for writing stays busy past the last try, about a second on.
        for wait in [1, 5, 20, 100, 300, 600] where status == ETXTBSY {
            usleep(useconds_t(wait * 1000))
            status = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        }
        // Only the worker holds its ends now: when it ends, its socket reads as ended at once
        // (kept open here, a worker that died at start was waited for until the deadline).
        close(pair[1])
        close(errorPipe[1])
        guard status == 0 else {
            close(pair[0])
            close(errorPipe[0])
            throw notStarted("it cannot be run (\(String(cString: strerror(status))))")
        }
        let worker = SpeechWorker(pid: pid, socket: pair[0], errors: errorPipe[0])
        do {
            let (kind, payload) = try worker.receive(until: Self.now() + deadline, what: "its hello", limit: helloLimit)
            guard kind == Wire.hello else { throw worker.garbage("a start that is not a hello") }
            return (worker, try worker.hello(payload))
        } catch let error as Failure {
            let said = worker.errorOutput()
            worker.stop()
            throw notStarted(error.description, said: said)
        } catch SpeechError.dataMissing(let detail) {
            let said = worker.errorOutput()
            worker.stop()
            throw SpeechError.dataMissing(said.isEmpty ? detail : "\(detail); espeak-ng said: \(said)")
        }
    }

    /// What the worker wrote to its standard error so far (its start, at most
    /// ``errorOutputLimit`` bytes), its lines joined by "; ", control characters dropped.
    func errorOutput() -> String {
        guard errors >= 0 else { return "" }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while bytes.count < Self.errorOutputLimit {
            let got = chunk.withUnsafeMutableBytes { SystemIO.read(errors, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += chunk[..<got]
        }
        let text = String(decoding: bytes.prefix(Self.errorOutputLimit), as: UTF8.self)
        var lines: [String] = []
        for line in text.split(whereSeparator: { $0.isNewline }) {
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: line.unicodeScalars.filter { $0.properties.generalCategory != .control || $0 == "\t" })
            let trimmed = String(kept).trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
        }
        return lines.joined(separator: "; ")
    }

    /// Kills the worker (its whole process group) and waits for it.
    func stop() {
        if socket >= 0 {
            close(socket)
            socket = -1
        }
        if errors >= 0 {
            close(errors)
            errors = -1
        }
        guard pid > 0 else { return }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
    }

    // MARK: - Requests

    /// Binds the worker to a voice and rate; false when espeak-ng refused the voice (a Japanese
    /// voice without MeCab throws ``SpeechError/readingsMissing(voice:)``).
    func bind(voice: String, rate: Int, deadline: Double) throws -> Bool {
        var payload: [UInt8] = []
        withUnsafeBytes(of: Int32(rate)) { payload += $0 }
        payload += Array(voice.utf8)
        try send(Wire.voice, payload)
        let (kind, answer) = try receive(until: Self.now() + deadline, what: "the voice '\(voice)'", limit: 4)
        guard kind == Wire.answer, answer.count == 4 else { throw garbage("an answer to a voice that is not one") }
        let status = answer.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
        if status == Wire.status(EARSHOT_WIRE_READINGS_MISSING) { throw SpeechError.readingsMissing(voice: voice) }
        if status == Wire.status(EARSHOT_WIRE_OK) {
            self.voice = voice
            self.rate = rate
        }
        return status == Wire.status(EARSHOT_WIRE_OK)
    }

    /// Sends a text; its result comes back with ``receiveResult(for:until:)``, texts in the order sent.
    func send(text: String) throws {
        try send(Wire.text, Array(text.utf8))
    }

    /// Whether a message can be read now, waiting at most `seconds` (0: not at all).
    static func waitForAny(_ workers: [SpeechWorker], seconds: Double) -> [Bool] {
        var descriptors = workers.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Int32(max(0, min(seconds, 3600)) * 1000)
        let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard count > 0 else { return descriptors.map { _ in false } }
        return descriptors.map { $0.revents != 0 }
    }

    /// Reads `bytes` as a worker's first message (its hello) or as its answer to `text`, as from a
    /// worker that sent exactly those bytes and ended: for the fuzzer (`earshot-fuzz`), which
    /// holds every length check to what a hostile worker may send. True when they are accepted;
    /// anything else is a ``Failure`` or ``SpeechError``, never a crash or a huge allocation.
    package static func accepts(_ bytes: [UInt8], asHello: Bool, text: String, sampleRate: Int) -> Bool {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return false }
        #else
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else { return false }
        var on: Int32 = 1
        setsockopt(pair[1], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let writer = pair[1]
        // Written from another thread: a socket holds less than a fuzz input may.
        let thread = Thread {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    // send(2) with MSG_NOSIGNAL: once the reader has stopped, a write(2) here raised
                    // SIGPIPE, which ended the fuzzer without a word.
                    let count = SystemIO.send(writer, raw.baseAddress! + offset, raw.count - offset)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    offset += count
                }
            }
            close(writer)
        }
        thread.start()
        let worker = SpeechWorker(pid: 0, socket: pair[0], errors: -1)
        defer {
            worker.stop()   // closes the reading end, so a writer still blocked stops
            while !thread.isFinished { usleep(100) }
        }
        do {
            if asHello {
                let (kind, payload) = try worker.receive(until: now() + 5, what: "its hello", limit: helloLimit)
                guard kind == Wire.hello else { return false }
                _ = try worker.hello(payload)
            } else {
                _ = try worker.receiveResult(for: text, until: now() + 5, sampleRate: sampleRate)
            }
            return true
        } catch {
            return false
        }
    }

    /// Reads the result of `text`, the oldest text sent and not yet answered.
    func receiveResult(for text: String, until deadline: Double, sampleRate: Int) throws -> Result {
        let (kind, payload) = try receive(until: deadline, what: "a text",
                                          limit: Self.resultLimit(text: text, sampleRate: sampleRate).bytes)
        guard kind == Wire.result else { throw garbage("a message that is not a result") }
        return try result(payload, text: text, sampleRate: sampleRate)
    }

    /// The bare `espeak_Synth` time of texts (the benchmark's baseline).
    func bare(_ texts: [String], until deadline: Double) throws -> (seconds: Double, samples: Int) {
        var payload: [UInt8] = []
        withUnsafeBytes(of: UInt32(texts.count)) { payload += $0 }
        for text in texts { payload += Array(text.utf8) + [0] }
        try send(Wire.batch, payload)
        let (kind, answer) = try receive(until: deadline, what: "the benchmark's texts", limit: Wire.batchResultSize)
        guard kind == Wire.batchResult, answer.count == Wire.batchResultSize else {
            throw garbage("a benchmark answer that is not one")
        }
        let batch = answer.withUnsafeBytes { $0.loadUnaligned(as: earshot_wire_batch_result.self) }
        return batch.status == Wire.status(EARSHOT_WIRE_OK) ? (batch.seconds, Int(batch.samples)) : (-1, 0)
    }

    // MARK: - Messages

    private func send(_ kind: Character, _ payload: [UInt8]) throws {
        var head: [UInt8] = []
        withUnsafeBytes(of: Wire.magic) { head += $0 }
        withUnsafeBytes(of: UInt32(kind.asciiValue!)) { head += $0 }
        withUnsafeBytes(of: UInt64(payload.count)) { head += $0 }
        try write(head)
        try write(payload)
    }

    private func write(_ bytes: [UInt8]) throws {
        guard socket >= 0 else { throw Failure(description: "the worker is stopped") }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = SystemIO.send(socket, buffer.baseAddress! + offset, buffer.count - offset)
                if sent < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: "the worker is gone (\(exitDescription()))")
                }
                offset += sent
            }
        }
    }

    /// One whole message: its kind and verified payload, at most `limit` bytes (what the
    /// request can bring back). A longer one is garbage, found before anything is allocated
    /// for it; the payload grows as its bytes come, so a head that promises more than the
    /// worker sends costs nothing.
    private func receive(until deadline: Double, what: String, limit: Int) throws -> (Character, [UInt8]) {
        var head = [UInt8](repeating: 0, count: Wire.headSize)
        try read(into: &head, from: 0, until: deadline, what: what)
        let (magic, kind, length) = head.withUnsafeBytes {
            let head = $0.loadUnaligned(as: earshot_wire_head.self)
            return (head.magic, head.kind, head.length)
        }
        guard magic == Wire.magic, let scalar = Unicode.Scalar(kind) else {
            throw garbage("bytes that are not a message")
        }
        guard length <= UInt64(limit) else {
            throw garbage("a message of \(length) bytes for \(what), which takes at most \(limit)")
        }
        let total = Int(length)
        var payload: [UInt8] = []
        while payload.count < total {
            let start = payload.count
            payload.append(contentsOf: repeatElement(0, count: min(total - start, max(1 << 16, start))))
            try read(into: &payload, from: start, until: deadline, what: what)
        }
        var checksum = [UInt8](repeating: 0, count: 8)
        try read(into: &checksum, from: 0, until: deadline, what: what)
        guard checksum.withUnsafeBytes({ $0.loadUnaligned(as: UInt64.self) }) == Self.checksum(payload) else {
            throw garbage("a message whose checksum does not match")
        }
        return (Character(scalar), payload)
    }

    /// Fills `buffer` from `offset` to its end.
    private func read(into buffer: inout [UInt8], from offset: Int, until deadline: Double, what: String) throws {
        var offset = offset
        let count = buffer.count
        while offset < count {
            let left = deadline - Self.now()
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(0, min(left, 3600)) * 1000))
            if ready < 0, errno == EINTR { continue }
            if ready == 0 {
                throw Failure(description: "the worker did not answer \(what) in time")
            }
            let got = buffer.withUnsafeMutableBytes { SystemIO.read(socket, $0.baseAddress! + offset, count - offset) }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got > 0 else {
                throw Failure(description: "the worker ended while speaking \(what) (\(exitDescription()))")
            }
            offset += got
        }
    }

    /// How the process ended, when it has (reaping it), for messages.
    private func exitDescription() -> String {
        guard pid > 0 else { return "stopped" }
        var status: Int32 = 0
        var result: pid_t = 0
        // A worker that closed its socket ends a moment later.
        for _ in 0..<100 {
            result = waitpid(pid, &status, WNOHANG)
            if result != 0 { break }
            usleep(2000)
        }
        guard result == pid else { return "still running" }
        pid = 0
        let signal = status & 0x7f
        return signal != 0 ? "killed by signal \(signal)" : "exit status \((status >> 8) & 0xff)"
    }

    private func garbage(_ what: String) -> Failure {
        Failure(description: "the worker answered with \(what)")
    }

    /// FNV-1a over 64-bit words (then the remaining bytes), as the worker computes it:
    /// eight times fewer steps than over bytes, for a check against accidents, not attacks.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash = FNV1a()
        bytes.withUnsafeBytes { buffer in
            let words = buffer.count / 8
            for index in 0..<words { hash.mix(word: buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) }
            hash.mix(buffer[(words * 8)...])
        }
        return hash.value
    }

    // MARK: - Payloads

    private func hello(_ payload: [UInt8]) throws -> Hello {
        guard payload.count >= Wire.helloSize + 4 else { throw garbage("a hello too short") }
        let head = payload.withUnsafeBytes { $0.loadUnaligned(as: earshot_wire_hello.self) }
        let (status, sampleRate, forking) = (head.status, head.sample_rate, head.forking)
        var cursor = Wire.helloSize
        func string() throws -> String {
            guard let end = payload[cursor...].firstIndex(of: 0) else { throw garbage("a hello cut short") }
            defer { cursor = end + 1 }
            return String(decoding: payload[cursor..<end], as: UTF8.self)
        }
        let version = try string(), folder = try string(), detail = try string()
        guard status == Wire.status(EARSHOT_WIRE_OK) else { throw SpeechError.dataMissing(detail) }
        guard cursor + 4 <= payload.count else { throw garbage("a hello without voices") }
        let count = payload.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: cursor, as: UInt32.self)) }
        cursor += 4
        // A voice takes three NUL-ended strings: at least three bytes.
        guard count <= (payload.count - cursor) / 3 else {
            throw garbage("a hello that counts \(count) voices in \(payload.count - cursor) bytes")
        }
        var voices: [Voice] = []
        for _ in 0..<count {
            let identifier = try string(), name = try string(), languages = try string()
            voices.append(Voice(identifier: identifier, name: name,
                                languages: languages.split(separator: "\n").map(String.init)))
        }
        guard sampleRate > 0 else { throw garbage("a hello with no sample rate") }
        guard sampleRate <= Self.sampleRateLimit else {
            throw garbage("a hello with a sample rate of \(sampleRate) (expected at most \(Self.sampleRateLimit))")
        }
        return Hello(sampleRate: Int(sampleRate), forking: forking != 0, version: version, dataFolder: folder,
                     voices: voices.sorted { $0.identifier < $1.identifier })
    }

    /// The most a result for `text` may hold: ten seconds of samples plus two a character
    /// (Unicode scalars; numbers are read out at length), a word mark a character and one more,
    /// and the bytes of both after the result's head (``Wire/resultSize``). The worker stops a synthesis that
    /// makes more (`earshot_limit` in `Sources/earshot-speech/collect.h`).
    static func resultLimit(text: String, sampleRate: Int) -> (samples: Int, words: Int, bytes: Int) {
        let characters = text.unicodeScalars.count
        let samples = sampleRate * (10 + 2 * characters)
        let words = characters + 1
        return (samples, words, Wire.resultSize + samples * 2 + words * Wire.wordSize)
    }

    /// A result: status, counts, seconds, samples, word marks, each checked against the text.
    private func result(_ payload: [UInt8], text: String, sampleRate: Int) throws -> Result {
        guard payload.count >= Wire.resultSize else { throw garbage("a result too short") }
        let head = payload.withUnsafeBytes { $0.loadUnaligned(as: earshot_wire_result.self) }
        let (status, samples, words) = (head.status, head.sample_count, head.word_count)
        let time = SpeechTime(restoring: head.restoring, reading: head.reading, synthesizing: head.synthesizing,
                              synthesizingCPU: head.synthesizing_cpu)
        guard status == Wire.status(EARSHOT_WIRE_OK) else {
            throw Failure(description: status == Wire.status(EARSHOT_WIRE_SYNTHESIS_FAILED) ? "espeak-ng failed on the text"
                                                                                            : "the worker could not speak (status \(status))")
        }
        let limit = Self.resultLimit(text: text, sampleRate: sampleRate)
        guard samples <= UInt64(limit.samples), words <= UInt64(limit.words), Int(head.unread) <= limit.words,
              payload.count == Wire.resultSize + Int(samples) * 2 + Int(words) * Wire.wordSize else {
            throw garbage("a result whose sizes do not fit the text")
        }
        let sampleCount = Int(samples)
        let pcm = [Int16](unsafeUninitializedCapacity: sampleCount) { buffer, initialized in
            payload.withUnsafeBytes { bytes in
                _ = memcpy(buffer.baseAddress!, bytes.baseAddress! + Wire.resultSize, sampleCount * 2)
            }
            initialized = sampleCount
        }
        // espeak-ng counts characters from 1; bytes are a bound on them that costs nothing to count.
        let textLength = text.utf8.count
        var marks: [WordMark] = []
        marks.reserveCapacity(Int(words))
        try payload.withUnsafeBytes { bytes in
            for index in 0..<Int(words) {
                let word = bytes.loadUnaligned(fromByteOffset: Wire.resultSize + sampleCount * 2 + index * Wire.wordSize,
                                               as: earshot_wire_word.self)
                let (position, length, sample) = (Int(word.position), Int(word.length), Int(word.sample))
                guard position >= 0, position <= textLength + 1, length >= 0, length <= textLength,
                      sample >= 0, sample <= sampleCount + sampleRate else {
                    throw garbage("word marks outside the text or its audio")
                }
                marks.append(WordMark(textPosition: position, length: length, sample: sample))
            }
        }
        return Result(synthesis: Synthesis(samples: pcm, words: marks, unread: Int(head.unread)), time: time)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    // MARK: - Finding the executable

    /// `EARSHOT_SPEECH_WORKER`, else `earshot-speech` beside this process's executable (or a
    /// folder or two above it, as in a test bundle), else on the PATH.
    static func locate() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment[environmentVariable], !named.isEmpty {
            guard access(named, X_OK) == 0 else {
                throw SpeechError.workerMissing("\(environmentVariable) names '\(named)', which is not an executable file")
            }
            return named
        }
        var folders: [URL] = []
        for executable in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "")].compactMap({ $0 }) {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                folders.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        folders += (environment["PATH"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        for folder in folders {
            let candidate = folder.appendingPathComponent(executableName).path
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw SpeechError.workerMissing("no '\(executableName)' beside \(Bundle.main.executableURL?.lastPathComponent ?? "earshot") or on the PATH")
    }

    /// Names the worker executable to use instead of the one beside `earshot`.
    static let environmentVariable = "EARSHOT_SPEECH_WORKER"
}
