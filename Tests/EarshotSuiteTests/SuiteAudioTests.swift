import EarshotCore
import EarshotFiles
import EarshotReader
@testable import EarshotRunner
@testable import EarshotScenario
import EarshotSpeech
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// Counts syntheses, with fixed tones per word (no espeak-ng needed).
private actor CountingToneEngine: SpeechEngine {
    private(set) var spoken: [String] = []
    var sampleRate: Int { 22050 }
    var version: String { "tone 1" }
    func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis {
        spoken.append(text)
        return try await ToneEngine().synthesize(text, voice: voice, rate: rate)
    }
}

/// A suite spoken into an audio folder (docs/guide.md, Listening): one WAV and WebVTT per
/// scenario, each utterance synthesized once, files already current left alone.
@Suite("Speaking a suite")
struct SuiteAudioTests {
    static let scene = TestScenes.smallMail

    /// Three scenarios that share some utterances.
    func suite() throws -> (folder: URL, files: [String]) {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-suite-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        let bodies = ["  - swipeRight\n  - swipeRight\n  - swipeRight\n",
                      "  - touch: Compose\n  - doubleTap\n  - doubleTap\n",
                      "  - swipeRight\n  - readAll\n"]
        var files: [String] = []
        for (index, body) in bodies.enumerated() {
            let file = dir.appendingPathComponent("s\(index).yaml")
            try "scenario: S\(index)\nscene: mail.yaml\nsteps:\n\(body)".write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        return (dir, files)
    }

    func options(_ audio: URL, _ engine: any SpeechEngine) -> Suite.Options {
        var options = Suite.Options()
        options.audioFolder = audio
        options.engine = engine
        return options
    }

    @Test func eachScenarioSoundsAsRenderingItAloneWould() async throws {
        let (dir, files) = try suite()
        let audio = dir.appendingPathComponent("Audio")
        let engine = CountingToneEngine()
        let outcome = try await Suite(options: options(audio, engine)).run(files: files)
        #expect(outcome.failed == 0)
        for result in outcome.results {
            let name = OutputName.of(file: result.file)
            let alone = try await AudioRenderer(engine: ToneEngine(), voice: result.voice, rate: result.rate)
                .render(Timeline(estimatedFrom: result.steps, length: 0).heard)
            #expect(try Data(contentsOf: audio.appendingPathComponent(name + ".wav")) == alone.wav, "\(name)")
            #expect(try String(contentsOf: audio.appendingPathComponent(name + ".vtt"), encoding: .utf8) == alone.webVTT)
        }
    }

    @Test func eachDistinctUtteranceIsSynthesizedOnceAndTheCountsAreAsBefore() async throws {
        let (dir, files) = try suite()
        let engine = CountingToneEngine()
        let outcome = try await Suite(options: options(dir.appendingPathComponent("Audio"), engine)).run(files: files)
        let spoken = await engine.spoken
        #expect(spoken.count == Set(spoken).count)
        let heard = outcome.results.reduce(0) { count, result in
            count + Timeline(estimatedFrom: result.steps, length: 0).heard.filter { if case .utterance = $0 { true } else { false } }.count
        }
        #expect(outcome.synthesized == spoken.count)
        #expect(outcome.reused == heard - spoken.count)
        #expect(spoken.first == "Compose. Button.")   // in the order first heard
    }

    @Test func aRerunLeavesCurrentFilesAloneAndRewritesChangedOnes() async throws {
        let (dir, files) = try suite()
        let audio = dir.appendingPathComponent("Audio")
        let engine = CountingToneEngine()
        let first = try await Suite(options: options(audio, engine)).run(files: files)
        let wav = audio.appendingPathComponent("\(OutputName.of(file: files[1])).wav")
        let written = try Data(contentsOf: wav)
        let stamp = try FileManager.default.attributesOfItem(atPath: wav.path)[.modificationDate] as? Date

        let second = try await Suite(options: options(audio, engine)).run(files: files)
        #expect(second.synthesized == 0)
        #expect(second.reused == first.synthesized + first.reused)
        #expect(try FileManager.default.attributesOfItem(atPath: wav.path)[.modificationDate] as? Date == stamp)

        // A file changed or removed since is written again, the same as before.
        try Data([1, 2, 3]).write(to: wav)
        try FileManager.default.removeItem(at: audio.appendingPathComponent("\(OutputName.of(file: files[2])).vtt"))
        let third = try await Suite(options: options(audio, engine)).run(files: files)
        #expect(third.synthesized == 0)
        #expect(try Data(contentsOf: wav) == written)
        #expect(FileManager.default.fileExists(atPath: audio.appendingPathComponent("\(OutputName.of(file: files[2])).vtt").path))
        #expect(await engine.spoken.count == first.synthesized)
    }

    @Test func aChangedVoiceOrRateSpeaksAgain() async throws {
        let (dir, files) = try suite()
        let audio = dir.appendingPathComponent("Audio")
        let engine = CountingToneEngine()
        _ = try await Suite(options: options(audio, engine)).run(files: files)
        var faster = options(audio, engine)
        faster.rate = 250
        let again = try await Suite(options: faster).run(files: files)
        #expect(again.synthesized > 0)
    }

    /// Scenarios run in parallel give what one at a time gives: the same results in the same
    /// order, the same counts and the same files.
    @Test func moreJobsGiveWhatOneGives() async throws {
        let (dir, files) = try suite()
        let engine = CountingToneEngine()
        var parallel = options(dir.appendingPathComponent("A"), engine)
        parallel.jobs = 2
        let two = try await Suite(options: parallel).run(files: files)
        let one = try await Suite(options: options(dir.appendingPathComponent("B"), engine)).run(files: files)
        #expect(two.results.map(\.transcript) == one.results.map(\.transcript))
        #expect(two.results.map(\.file) == files)
        #expect(two.synthesized + two.reused == one.synthesized + one.reused)
        for file in files {
            let name = OutputName.of(file: file) + ".wav"
            #expect(try Data(contentsOf: dir.appendingPathComponent("A/" + name)) == Data(contentsOf: dir.appendingPathComponent("B/" + name)))
        }
    }

    @Test func badInputStopsTheRunBeforeAnythingIsWritten() async throws {
        let (dir, files) = try suite()
        let bad = dir.appendingPathComponent("bad.yaml")
        try "scenario: Bad\nscene: mail.yaml\nsteps:\n  - swipeRigth\n".write(to: bad, atomically: true, encoding: .utf8)
        let worse = dir.appendingPathComponent("worse.yaml")
        try "scenario: Worse\nscene: nowhere.yaml\nsteps:\n  - swipeRight\n".write(to: worse, atomically: true, encoding: .utf8)
        let audio = dir.appendingPathComponent("Audio")
        let mixed = [files[0], bad.path, files[1], worse.path]
        do {
            _ = try await Suite(options: options(audio, CountingToneEngine())).run(files: mixed)
            Issue.record("expected bad input")
        } catch let error as LoadError {
            #expect(error.diagnostics.map(\.location.file) == [bad.path, worse.path])   // every problem, in file order
        }
        #expect(!FileManager.default.fileExists(atPath: audio.path))
    }

    /// Creating a file costs about a millisecond on the CI machines' ext4: a run makes one pack
    /// for its new cache entries and one file of records, whatever the number of utterances.
    @Test func aRunCreatesOnePackAndOneRecordsFileBesideItsOutputs() async throws {
        let (dir, files) = try suite()
        let audio = dir.appendingPathComponent("Audio")
        let cacheFolder = audio.appendingPathComponent(".cache")
        let first = try await Suite(options: options(audio, CountingToneEngine())).run(files: files)
        #expect(first.synthesized > 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).sorted()
        #expect(written.count == 2)
        #expect(written.filter { $0.hasSuffix(".pack") }.count == 1)
        #expect(written.contains("outputs.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { !$0.hasPrefix(".") }.count
                == 2 * files.count)

        // A rerun with everything current creates nothing; a new voice adds one pack.
        _ = try await Suite(options: options(audio, CountingToneEngine())).run(files: files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).sorted() == written)
        var british = options(audio, CountingToneEngine())
        british.voice = "en-gb"
        let again = try await Suite(options: british).run(files: files)
        #expect(again.synthesized == first.synthesized)
        #expect(UtteranceCache.inside(audio).packs().count == 2)
    }

    @Test func recordsSavedSideBySideKeepEachOthersScenarios() throws {
        let (dir, _) = try suite()
        let file = dir.appendingPathComponent("outputs.txt")
        for name in ["one", "two"] {
            try Data("RIFF".utf8).write(to: dir.appendingPathComponent(name + ".wav"))
            try "WEBVTT\n".write(to: dir.appendingPathComponent(name + ".vtt"), atomically: true, encoding: .utf8)
        }
        let first = OutputRecords(file: file), second = OutputRecords(file: file)
        #expect(!first.isCurrent("record one\nu Hello\n", name: "one", folder: dir))
        first.update("record one\nu Hello\n", name: "one", folder: dir)
        second.update("record two\n", name: "two", folder: dir)
        try first.save()
        try second.save()
        let later = OutputRecords(file: file)
        #expect(later.isCurrent("record one\nu Hello\n", name: "one", folder: dir))
        #expect(later.isCurrent("record two\n", name: "two", folder: dir))
        #expect(!later.isCurrent("record two, changed\n", name: "two", folder: dir))
        try Data("RIFF!".utf8).write(to: dir.appendingPathComponent("one.wav"))
        #expect(!later.isCurrent("record one\nu Hello\n", name: "one", folder: dir))
    }
}

/// What a spoken run may hold and say.
@Suite("Spoken run limits")
struct SpokenRunLimitTests {
    static func folder() throws -> URL {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// 10,000 distinct utterances held 1.7 GB: samples are let go once no unwritten scenario needs them.
    @Test func memoryFollowsTheScenariosInProgressNotTheRun() async throws {
        let dir = try Self.folder()
        let buttons = (0..<100).map { "  - button: Item \($0)" }.joined(separator: "\n")
        try "scene: Many\nroot:\n\(buttons)\n".write(to: dir.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
        var files: [String] = []
        for scenario in 0..<20 {
            let steps = (0..<5).map { "  - touch: Item \(scenario * 5 + $0)" }.joined(separator: "\n")
            let file = dir.appendingPathComponent("s\(scenario).yaml")
            try "scenario: S\(scenario)\nscene: many.yaml\nsteps:\n\(steps)\n".write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let audio = SuiteAudio(engine: ToneEngine(), folder: dir.appendingPathComponent("Audio"))
        for file in files { await audio.add(ScenarioRunner().run(try ScenarioLoader.load(path: file))) }
        _ = try await audio.finish(progress: nil)
        #expect(audio.mostHeld >= 5)
        #expect(audio.mostHeld < 40)   // of the run's 100 distinct utterances
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("Audio").path)
        #expect(written.filter { $0.hasSuffix(".wav") }.count == 20)
    }

    /// One scenario of 10,000 utterances held all their samples (1.6 GB) until the last was
    /// spoken: past a budget they are kept only in the cache and read back one at a time as the
    /// WAV is written, which is the same file.
    @Test func aScenarioOfManyUtterancesKeepsABudgetNotItsWholeAudio() async throws {
        let dir = try Self.folder()
        let buttons = (0..<300).map { "  - button: Item \($0)" }.joined(separator: "\n")
        try "scene: Many\nroot:\n\(buttons)\n".write(to: dir.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
        // Every item once, then the first ten again (spoken before, now read back).
        let steps = ((0..<300).map { $0 } + (0..<10).map { $0 }).map { "  - touch: Item \($0)" }.joined(separator: "\n")
        let file = dir.appendingPathComponent("walk.yaml")
        try "scenario: Walk\nscene: many.yaml\nsteps:\n\(steps)\n".write(to: file, atomically: true, encoding: .utf8)
        let result = ScenarioRunner().run(try ScenarioLoader.load(path: file.path))
        let timeline = Timeline(estimatedFrom: result.steps, length: 0).heard
        let alone = try await AudioRenderer(engine: ToneEngine(), voice: result.voice, rate: result.rate).render(timeline)
        let largest = alone.utterances.values.map(\.count).max() ?? 0
        #expect(largest == 3 * 3_307)   // "Item N. Button.": three words of tone

        let budget = 5 * largest
        let audio = SuiteAudio(engine: ToneEngine(), folder: dir.appendingPathComponent("Audio"), sampleBudget: budget)
        await audio.add(result)
        _ = try await audio.finish(progress: nil)
        let name = OutputName.of(file: result.file)
        #expect(try Data(contentsOf: dir.appendingPathComponent("Audio/\(name).wav")) == alone.wav)
        #expect(try String(contentsOf: dir.appendingPathComponent("Audio/\(name).vtt"), encoding: .utf8) == alone.webVTT)
        // Kept: at most the budget, and the utterance in hand; the scenario's audio is 300 of them.
        #expect(audio.mostSamplesHeld <= budget + largest)
        #expect(audio.mostSamplesHeld < alone.utterances.values.reduce(0) { $0 + $1.count } / 10)
    }

    /// With nothing kept in memory, every utterance is read back from the cache as the WAV is
    /// written, repeated ones and earcons between them: the file is the one put together in memory.
    @Test func aWAVStreamedFromTheCacheIsTheOneRenderedInMemory() async throws {
        let dir = try Self.folder()
        try SuiteAudioTests.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("send.yaml")
        try "scenario: Send\nscene: mail.yaml\nsteps:\n  - touch: Compose\n  - doubleTap\n  - doubleTap\n  - touch: Compose\n  - swipeRight\n  - swipeLeft\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = ScenarioRunner().run(try ScenarioLoader.load(path: file.path))
        let timeline = Timeline(estimatedFrom: result.steps, length: 0).heard
        #expect(timeline.contains(.earcon(.screenChanged)))
        let alone = try await AudioRenderer(engine: ToneEngine(), voice: result.voice, rate: result.rate).render(timeline)
        let audio = SuiteAudio(engine: ToneEngine(), folder: dir.appendingPathComponent("Audio"), sampleBudget: 0)
        await audio.add(result)
        _ = try await audio.finish(progress: nil)
        #expect(audio.mostHeld == 0)
        let name = OutputName.of(file: result.file)
        let wav = try Data(contentsOf: dir.appendingPathComponent("Audio/\(name).wav"))
        #expect(wav == (try WAVFile.encode(alone.samples, sampleRate: alone.sampleRate)))
        #expect(WAVFile.decode(wav)?.samples == alone.samples)
    }

    /// A 200 KB label took 23 s and a gigabyte to speak: past a documented limit it is bad input.
    @Test func anUtterancePastTheLimitIsBadInputBeforeAnythingIsSpoken() async throws {
        let dir = try Self.folder()
        let label = String(repeating: "word ", count: 4_000)
        let file = dir.appendingPathComponent("long.yaml")
        try "scenario: Long\nscene:\n  scene: L\n  root:\n    - button: \"\(label)\"\n      id: long\nsteps:\n  - touch: long\n"
            .write(to: file, atomically: true, encoding: .utf8)
        var options = Suite.Options()
        options.audioFolder = dir.appendingPathComponent("Audio")
        options.engine = ToneEngine()
        do {
            _ = try await Suite(options: options).run(files: [file.path])
            Issue.record("expected bad input")
        } catch let error as LoadError {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].message.hasPrefix("an utterance of 20009 characters, past the 10000 one utterance may hold: 'word word"))
            #expect(error.diagnostics[0].location.file == file.path)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Audio").path))
    }
}
