import EarshotSpeech
import Foundation
import Testing

/// The real engine: these tests need libespeak-ng and the espeak-ng command (make test installs them).
@Suite("espeak-ng in-process")
struct EspeakTests {
    /// The samples of `espeak-ng -v VOICE -s RATE -w FILE TEXT`.
    func commandLineSamples(_ text: String, voice: String = "en-us", rate: Int = 175) throws -> [Int16] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).wav")
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
    @Test func onLinuxEverySynthesisRestoresACheckpointInThisProcess() async throws {
        #expect(try await EspeakEngine.shared.isolation == "checkpoint")
    }

    @Test func bareSynthesisLeavesLaterSynthesesUnchanged() async throws {
        let before = try await EspeakEngine.shared.synthesize("Done. Button.", voice: "en-us", rate: 175).samples
        let bare = try await EspeakEngine.shared.bareSynthesis(["Cancel. Button.", "Delete this draft?"], voice: "en-us", rate: 175)
        #expect(bare.seconds > 0)
        #expect(bare.samples > 20_000)
        let after = try await EspeakEngine.shared.synthesize("Done. Button.", voice: "en-us", rate: 175).samples
        #expect(after == before)
    }
    #endif

    /// Helper processes (a second espeak-ng on a second core) say each utterance as this process would.
    @Test(arguments: [2, 3])
    func helpersSpeakTheSameSamplesAndWordsAsThisProcess(lanes: Int) async throws {
        let requests = (0..<24).map { index in
            SpeechRequest(text: ["Row \(index). Button.", "Paris, Bonjour café \(index)", "Delete draft \(index)?"][index % 3],
                          voice: index % 4 == 3 ? "en-gb" : "en-us", rate: index % 5 == 4 ? 250 : 175)
        }
        let (stream, feed) = AsyncStream.makeStream(of: SpeechRequest.self)
        for request in requests { feed.yield(request) }
        feed.finish()
        let delivered = Delivered()
        let before = await EspeakEngine.shared.helperSyntheses
        try await EspeakEngine.shared.synthesizeEach(stream, lanes: lanes) { request, synthesis in
            delivered.add(request, synthesis)
        }
        let results = delivered.all
        #expect(results.map(\.0).sorted { $0.text < $1.text } == requests.sorted { $0.text < $1.text })
        for (request, synthesis) in results {
            let here = try await EspeakEngine.shared.synthesize(request.text, voice: request.voice, rate: request.rate)
            #expect(synthesis.samples == here.samples, "\(request)")
            #expect(synthesis.words == here.words, "\(request)")
        }
        #if os(Linux)
        #expect(await EspeakEngine.shared.helperSyntheses > before)   // some were said by a helper
        #endif
    }

    @Test func aCallStoppedEarlyLeavesTheHelpersRightForTheNext() async throws {
        let (stream, feed) = AsyncStream.makeStream(of: SpeechRequest.self)
        for index in 0..<6 { feed.yield(SpeechRequest(text: "Stopped \(index).", voice: "en-gb", rate: 190)) }
        let stopped = Task {
            try await EspeakEngine.shared.synthesizeEach(stream, lanes: 2) { _, _ in
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        _ = try? await stopped.value
        feed.finish()
        let (next, nextFeed) = AsyncStream.makeStream(of: SpeechRequest.self)
        let texts = (0..<6).map { "Next \($0)." }
        for text in texts { nextFeed.yield(SpeechRequest(text: text, voice: "en-us", rate: 175)) }
        nextFeed.finish()
        let delivered = Delivered()
        try await EspeakEngine.shared.synthesizeEach(next, lanes: 2) { delivered.add($0, $1) }
        #expect(Set(delivered.all.map(\.0.text)) == Set(texts))
        for (request, synthesis) in delivered.all {
            #expect(synthesis == (try await EspeakEngine.shared.synthesize(request.text, voice: "en-us", rate: 175)), "\(request.text)")
        }
    }

    #if os(Linux)
    @Test func textsAHelperDiedWithAreSaidHere() async throws {
        let (stream, feed) = AsyncStream.makeStream(of: SpeechRequest.self)
        let texts = (0..<12).map { "Lost \($0)? No." }
        for text in texts { feed.yield(SpeechRequest(text: text, voice: "en-us", rate: 175)) }
        feed.finish()
        let delivered = Delivered()
        let engine = EspeakEngine.shared
        try await engine.synthesizeEach(stream, lanes: 2) { request, synthesis in
            if delivered.all.isEmpty {
                // The first delivery: every helper dies, texts waiting in it or not.
                Task { for pid in await engine.helperProcessIDs { kill(pid, SIGKILL) } }
                Thread.sleep(forTimeInterval: 0.05)
            }
            delivered.add(request, synthesis)
        }
        #expect(delivered.all.map(\.0.text).sorted() == texts.sorted())
        for (request, synthesis) in delivered.all {
            #expect(synthesis == (try await engine.synthesize(request.text, voice: "en-us", rate: 175)), "\(request.text)")
        }
        // A later call has helpers again.
        let before = await engine.helperSyntheses
        let (again, againFeed) = AsyncStream.makeStream(of: SpeechRequest.self)
        for text in texts { againFeed.yield(SpeechRequest(text: text, voice: "en-us", rate: 175)) }
        againFeed.finish()
        try await engine.synthesizeEach(again, lanes: 2) { _, _ in }
        #expect(await engine.helperSyntheses > before)
    }
    #endif

    @Test func oneLaneSpeaksEverythingInThisProcess() async throws {
        let (stream, feed) = AsyncStream.makeStream(of: SpeechRequest.self)
        for index in 0..<6 { feed.yield(SpeechRequest(text: "Item \(index).", voice: "en-us", rate: 175)) }
        feed.finish()
        let delivered = Delivered()
        try await EspeakEngine.shared.synthesizeEach(stream, lanes: 1) { delivered.add($0, $1) }
        #expect(delivered.all.map(\.0.text) == (0..<6).map { "Item \($0)." })   // in order, here
    }

    /// Each voice and rate is applied to the engine as initialized (as `espeak-ng -v V -s R`
    /// does): applied on top of each other, espeak-ng's heap grew with every change and
    /// after a few dozen it stopped reporting an utterance's first word.
    @Test func manyVoiceChangesLeaveUtterancesAsTheFirstTime() async throws {
        let first = try await EspeakEngine.shared.synthesize("Row 1. Button.", voice: "en-us", rate: 175)
        #expect(first.words.map(\.textPosition) == [1, 5, 8])
        for round in 0..<40 {
            _ = try await EspeakEngine.shared.synthesize("Row 1. Button.", voice: round % 2 == 0 ? "en-gb" : "fr", rate: 175 + round)
            let again = try await EspeakEngine.shared.synthesize("Row 1. Button.", voice: "en-us", rate: 175)
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-data-\(UUID().uuidString)")
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
