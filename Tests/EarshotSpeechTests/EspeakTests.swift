import EarshotSpeech
import EarshotTestSupport
import Foundation
import Testing

/// The real engine: these tests need the earshot-speech worker (built with the package), espeak-ng's
/// data and the espeak-ng command (make test installs them).
@Suite("espeak-ng in speech workers")
struct EspeakTests {
    /// The samples of `espeak-ng -v VOICE -s RATE -w FILE TEXT`.
    func commandLineSamples(_ text: String, voice: String = "en-us", rate: Int = 175) throws -> [Int16] {
        let file = testTemporaryDirectory.appendingPathComponent("\(UUID().uuidString).wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", voice, "-s", String(rate), "-w", file.path, text]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(WAVFile.decode(try Data(contentsOf: file))).samples
    }

    func trimmed(_ samples: [Int16]) -> [Int16] {
        Array(samples[..<(samples.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)])
    }

    @Test(arguments: [("Sheet Grabber: Expanded. Button.", 175), ("Delete this draft?", 175),
                      ("Send. Dimmed. Button.", 250)])
    func samplesEqualTheEspeakCommand(_ text: String, _ rate: Int) async throws {
        let ours = try await EspeakEngine.shared.synthesize(text, voice: "en-us", rate: rate)
        let theirs = try commandLineSamples(text, rate: rate)
        let mine = trimmed(ours.samples), reference = trimmed(theirs)
        #expect(mine.count > 10_000)
        #expect(mine.count == reference.count)
        let firstDifference = zip(mine, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "samples differ from sample \(firstDifference ?? -1)")
        #expect(try await EspeakEngine.shared.sampleRate == 22050)
    }

    /// A worker is bound to its voice when it starts: texts taking turns between three voices
    /// start one worker a voice, which stay, instead of stopping one for every turn (the bundled
    /// suite started 13 for four voices), and every text is still said as it is alone.
    @Test func textsTakingTurnsBetweenVoicesStartAWorkerAVoice() async throws {
        let engine = EspeakEngine(workers: 2)
        defer { Task { await engine.stopWorkers() } }
        let voices = ["en-us", "de", "ru"]
        let requests = (0..<12).map { SpeechRequest(text: "Turn \($0).", voice: voices[$0 % 3], rate: 175) }
        let (stream, continuation) = AsyncStream.makeStream(of: SpeechRequest.self)
        for request in requests { continuation.yield(request) }
        continuation.finish()
        let delivered = Delivered()
        try await engine.synthesizeEach(stream) { delivered.add($0, $1) }
        #expect(await engine.workersStarted <= voices.count + 1, "a worker for the engine's version at most, then one a voice")
        #expect(delivered.all.count == requests.count)
        for request in requests.prefix(3) {
            let alone = try await EspeakEngine.shared.synthesize(request.text, voice: request.voice, rate: request.rate)
            #expect(delivered.all.first { $0.0 == request }?.1.samples == alone.samples, "\(request.voice)")
        }
    }

    /// Words from other languages make espeak-ng load a second translator and
    /// dictionary mid-utterance; restoring the checkpoint must undo that too.
    @Test func utterancesSoundTheSameInAnyOrderAcrossLanguageSwitches() async throws {
        let phrases = ["Paris, Bonjour café. München", "Compose. Button.", "Ich spreche Deutsch, señor Müller.",
                       "Привет мир. Button.", "中文 text 123,456.78 %", "Volume: 50%. Adjustable."]
        var first: [String: [Int16]] = [:]
        for phrase in phrases {
            first[phrase] = try await EspeakEngine.shared.synthesize(phrase, voice: "en-us", rate: 175).samples
        }
        for phrase in phrases.reversed() + phrases.shuffled() {
            let again = try await EspeakEngine.shared.synthesize(phrase, voice: "en-us", rate: 175).samples
            #expect(again == first[phrase], "\(phrase)")
        }
        let switching = phrases[0]
        #expect(trimmed(first[switching]!) == trimmed(try commandLineSamples(switching)))
    }

    #if os(Linux)
    @Test func onLinuxEveryWorkerRestoresACheckpoint() async throws {
        #expect(try await EspeakEngine.shared.isolation == "checkpoint")
        #expect(try await EspeakEngine(workers: 1, isolation: "fork").isolation == "fork")
    }

    /// espeak-ng is never loaded into this process (nor into earshot): only its workers link it.
    @Test func thisProcessNeverLoadsLibespeakNG() async throws {
        _ = try await EspeakEngine.shared.synthesize("Loaded?", voice: "en-us", rate: 175)
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        #expect(!maps.contains("libespeak-ng"))
        #expect(!(await EspeakEngine.shared.workerProcessIDs.isEmpty))
    }
    #endif

    @Test func bareSynthesisLeavesLaterSynthesesUnchanged() async throws {
        let before = try await EspeakEngine.shared.synthesize("Done. Button.", voice: "en-us", rate: 175).samples
        let bare = try await EspeakEngine.shared.bareSynthesis(["Cancel. Button.", "Delete this draft?"], voice: "en-us", rate: 175)
        #expect(bare.seconds > 0)
        #expect(bare.samples > 20_000)
        let after = try await EspeakEngine.shared.synthesize("Done. Button.", voice: "en-us", rate: 175).samples
        #expect(after == before)
    }

    static let mixed = (0..<24).map { index in
        SpeechRequest(text: ["Row \(index). Button.", "Paris, Bonjour café \(index)", "Delete draft \(index)?"][index % 3],
                      voice: index % 4 == 3 ? "en-gb" : "en-us", rate: index % 5 == 4 ? 250 : 175)
    }

    /// Any number of workers, either isolation, any voice mix: each utterance as one worker alone says it.
    @Test(arguments: [(1, "checkpoint"), (2, "checkpoint"), (3, "checkpoint"), (2, "fork")])
    func workersSpeakTheSameSamplesAndWordsWhateverTheirNumber(workers: Int, isolation: String) async throws {
        let engine = EspeakEngine(workers: workers, isolation: isolation == "fork" ? "fork" : nil)
        let delivered = try await Self.speak(Self.mixed, with: engine)
        #expect(delivered.map(\.0).sorted { $0.text < $1.text } == Self.mixed.sorted { $0.text < $1.text })
        for (request, synthesis) in delivered {
            let alone = try await EspeakEngine.shared.synthesize(request.text, voice: request.voice, rate: request.rate)
            #expect(synthesis.samples == alone.samples, "\(request)")
            #expect(synthesis.words == alone.words, "\(request)")
        }
    }

    /// The workers say where their time went: synthesis on the clock and in CPU time (which
    /// cannot exceed the clock), restoring the checkpoint, and reading Japanese, which only a
    /// Japanese text takes; in either isolation.
    @Test(arguments: ["checkpoint", "fork"])
    func theWorkersTimeIsSplitIntoItsParts(isolation: String) async throws {
        let engine = EspeakEngine(workers: 1, isolation: isolation == "fork" ? "fork" : nil)
        _ = try await engine.synthesize("Row 1. Button.", voice: "en-us", rate: 175)
        let english = await engine.timeSpent
        #expect(english.synthesizingCPU > 0)
        #expect(english.synthesizingCPU <= english.synthesizing + 0.01, "\(english)")
        #expect(english.reading == 0)
        #expect((english.restoring > 0) == (isolation == "checkpoint"), "\(english)")
        _ = try await engine.synthesize("閉じる", voice: "ja", rate: 175)
        let japanese = await engine.timeSpent - english
        #expect(japanese.reading > 0, "\(japanese)")
        #expect(japanese.synthesizingCPU > 0)
    }

    static func speak(_ requests: [SpeechRequest], with engine: EspeakEngine) async throws -> [(SpeechRequest, Synthesis)] {
        let (stream, feed) = AsyncStream.makeStream(of: SpeechRequest.self)
        for request in requests { feed.yield(request) }
        feed.finish()
        let delivered = Delivered()
        try await engine.synthesizeEach(stream) { delivered.add($0, $1) }
        return delivered.all
    }

    @Test func aCallStoppedEarlyLeavesTheWorkersRightForTheNext() async throws {
        let engine = EspeakEngine(workers: 2)
        let (stream, feed) = AsyncStream.makeStream(of: SpeechRequest.self)
        for index in 0..<6 { feed.yield(SpeechRequest(text: "Stopped \(index).", voice: "en-gb", rate: 190)) }
        let stopped = Task { try await engine.synthesizeEach(stream) { _, _ in } }
        // Stopped while its texts are with the workers (or before): their results must not reach the next call.
        try await Task.sleep(for: .milliseconds(20))
        stopped.cancel()
        _ = try? await stopped.value
        feed.finish()
        let texts = (0..<6).map { "Next \($0)." }
        let delivered = try await Self.speak(texts.map { SpeechRequest(text: $0, voice: "en-us", rate: 175) }, with: engine)
        #expect(Set(delivered.map(\.0.text)) == Set(texts))
        for (request, synthesis) in delivered {
            #expect(synthesis == (try await EspeakEngine.shared.synthesize(request.text, voice: "en-us", rate: 175)), "\(request.text)")
        }
    }

    @Test func oneWorkerDeliversInOrder() async throws {
        let texts = (0..<6).map { "Item \($0)." }
        let delivered = try await Self.speak(texts.map { SpeechRequest(text: $0, voice: "en-us", rate: 175) },
                                             with: EspeakEngine(workers: 1))
        #expect(delivered.map(\.0.text) == texts)
    }

    /// A worker is bound to one voice and rate: a change starts another, which speaks as the first would.
    @Test func voiceChangesLeaveUtterancesAsTheFirstTime() async throws {
        let engine = EspeakEngine(workers: 1)
        let first = try await engine.synthesize("Row 1. Button.", voice: "en-us", rate: 175)
        #expect(first.words.map(\.textPosition) == [1, 5, 8])
        for round in 0..<4 {
            _ = try await engine.synthesize("Row 1. Button.", voice: round % 2 == 0 ? "en-gb" : "fr", rate: 175 + round)
            let again = try await engine.synthesize("Row 1. Button.", voice: "en-us", rate: 175)
            #expect(again == first, "after \(2 * round + 2) voice changes")
        }
    }

    @Test func wordEventsAreKept() async throws {
        let speech = try await EspeakEngine.shared.synthesize("Cancel the draft", voice: "en-us", rate: 175)
        #expect(speech.words.map(\.textPosition) == [1, 8, 12])
        #expect(speech.words.map(\.sample) == speech.words.map(\.sample).sorted())
    }

    @Test func aMissingVoiceListsCloseMatchesAndSaysEarshotVoices() async throws {
        do {
            _ = try await EspeakEngine.shared.synthesize("Hi", voice: "en-uss", rate: 175)
            Issue.record("expected an error")
        } catch let error as SpeechError {
            guard case .unknownVoice(let voice, let suggestions) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(voice == "en-uss")
            #expect(suggestions.contains("en-us"))
            #expect(error.description.contains("earshot voices"))
        }
        // The engine still works afterwards.
        #expect(!(try await EspeakEngine.shared.synthesize("Hi", voice: "en-us", rate: 175).samples.isEmpty))
    }

    /// espeak-ng reads a voice that is not installed as a path to a voice file: these crashed
    /// the process (a path) or printed the file (a path as a variant) before voices were checked.
    @Test(arguments: ["../../../../../../etc/passwd", "en+../../../../../../etc/passwd", "/etc/passwd", "en-us+nosuchvariant",
                      String(repeating: "x", count: 100_000)])
    func onlyInstalledVoicesReachEspeak(_ voice: String) async throws {
        do {
            _ = try await EspeakEngine.shared.synthesize("Hi", voice: voice, rate: 175)
            Issue.record("expected an error for \(voice.prefix(40))")
        } catch let error as SpeechError {
            guard case .unknownVoice(let named, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(named == voice)
            #expect(error.description.count < 200)
        }
        #expect(!(try await EspeakEngine.shared.synthesize("Hi", voice: "en-us", rate: 175).samples.isEmpty))
    }

    @Test(arguments: ["en-us", "EN-US", "en-us+f3", "en-gb", "English (America)"])
    func installedVoicesVariantsAndLanguagesAreAccepted(_ voice: String) async throws {
        #expect(try await EspeakEngine.shared.isInstalled(voice))
    }

    @Test func concurrentCallersGetTheSameSamplesAsOneByOne() async throws {
        let phrases = (0..<12).map { "Row \($0). Button." }
        var serial: [String: [Int16]] = [:]
        for phrase in phrases {
            serial[phrase] = try await EspeakEngine.shared.synthesize(phrase, voice: "en-us", rate: 175).samples
        }
        let parallel = try await withThrowingTaskGroup(of: (String, [Int16]).self) { group in
            for phrase in phrases + phrases {
                group.addTask {
                    (phrase, try await EspeakEngine.shared.synthesize(phrase, voice: phrase.count % 2 == 0 ? "en-us" : "en-gb",
                                                                       rate: 175 + phrase.count).samples)
                }
            }
            var results: [(String, [Int16])] = []
            for try await result in group { results.append(result) }
            return results
        }
        for (phrase, samples) in parallel {
            let expected = try await EspeakEngine.shared.synthesize(phrase, voice: phrase.count % 2 == 0 ? "en-us" : "en-gb",
                                                                    rate: 175 + phrase.count).samples
            #expect(samples.count == expected.count && samples == expected, "\(phrase)")
        }
        #expect(serial.count == 12)
    }

    @Test func aRateOutOfRangeIsRefused() async {
        await #expect(throws: SpeechError.badRate(20)) {
            _ = try await EspeakEngine.shared.synthesize("Hi", voice: "en-us", rate: 20)
        }
    }

    @Test func voicesAreListed() async throws {
        let voices = try await EspeakEngine.shared.voices()
        #expect(voices.contains { $0.languages.contains("en-us") })
        #expect(voices.count > 50)
    }
}

/// Syntheses handed over by `synthesizeEach`, from whichever thread.
final class Delivered: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [(SpeechRequest, Synthesis)] = []

    func add(_ request: SpeechRequest, _ synthesis: Synthesis) {
        lock.lock()
        results.append((request, synthesis))
        lock.unlock()
    }

    var all: [(SpeechRequest, Synthesis)] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// The cache key knows the data: damaged espeak-ng data that made wrong audio must not let that
/// audio be served later from data that is whole again (or the other way round).
@Suite("espeak-ng data identity")
struct EspeakDataDigestTests {
    static func copyOfData() async throws -> URL {
        let from = try await EspeakEngine.shared.dataFolder
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["phontab", "phonindex", "phondata", "intonations", "en_dict"] {
            try FileManager.default.copyItem(atPath: from + "/" + name, toPath: folder.appendingPathComponent(name).path)
        }
        return folder
    }

    @Test(arguments: ["phonindex zeroed", "phondata cut", "en_dict cut"])
    func damagedDataHasAnotherDigest(_ damage: String) async throws {
        let folder = try await Self.copyOfData()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = EspeakEngine.dataDigest(folder: folder.path)
        #expect(EspeakEngine.dataDigest(folder: folder.path) == whole)
        let name = String(damage.split(separator: " ")[0])
        let file = folder.appendingPathComponent(name)
        let data = try Data(contentsOf: file)
        let damaged = damage.hasSuffix("zeroed") ? Data(count: data.count) : data.prefix(data.count / 2)
        try damaged.write(to: file)
        #expect(EspeakEngine.dataDigest(folder: folder.path) != whole)
    }

    @Test func theEngineVersionCarriesTheDigest() async throws {
        let version = try await EspeakEngine.shared.version
        #expect(version.hasPrefix("espeak-ng 1.") && version.contains(" data "))
    }
}
