import EarshotCore
import EarshotReader
import EarshotScenario
import EarshotSpeech
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// Counts synthesis calls, to see the cache work.
actor CountingEngine: SpeechEngine {
    let inner = ToneEngine()
    private(set) var calls = 0
    var sampleRate: Int { 22050 }
    var version: String { "counting 1" }
    func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis {
        calls += 1
        return try await inner.synthesize(text, voice: voice, rate: rate)
    }
}

@Suite("Rendering a run to audio")
struct RenderingTests {
    static let yaml = """
        scene: Mail
        root:
          - button: Compose
            activate: { present: compose }
        presentations:
          compose:
            content:
              - button: Send
                activate: [ { announce: "Message sent" }, dismiss ]
        """

    func session() throws -> ScreenReader {
        var reader = ScreenReader(scene: try SceneLoader.load(yaml: Self.yaml))
        reader.touch("Compose")
        reader.doubleTap()
        reader.doubleTap()
        reader.swipeRight()
        return reader
    }

    @Test func interruptedUtterancesAreLeftOutAndEarconsKept() throws {
        let timeline = Timeline(estimatedFrom: try session().steps, length: 0).heard
        #expect(timeline == [
            .utterance("Compose. Button."),
            .earcon(.screenChanged), .utterance("Send. Button."),
            .earcon(.screenChanged), .utterance("Compose. Button."),
            .earcon(.boundary),
        ])
    }

    @Test func cuesMatchTheSamplePositionsOfEachUtteranceAndEarcon() async throws {
        let timeline = Timeline(estimatedFrom: try session().steps, length: 0).heard
        let audio = try await AudioRenderer(engine: ToneEngine()).render(timeline)
        #expect(audio.cues.map(\.text) == ["Compose. Button.", "[screen changed]", "Send. Button.", "[screen changed]",
                                           "Compose. Button.", "[boundary]"])
        for (cue, item) in zip(audio.cues, timeline) {
            let expected: [Int16]
            switch item {
            case .utterance(let text): expected = try await ToneEngine().synthesize(text, voice: "en-us", rate: 175).samples
            case .earcon(let tone): expected = tone.samples(sampleRate: 22050)
            }
            #expect(Array(audio.samples[cue.startSample..<cue.endSample]) == expected, "\(cue.text)")
        }
        let vtt = audio.webVTT
        for cue in audio.cues {
            #expect(vtt.contains("\(WebVTT.timestamp(cue.startSample, 22050)) --> \(WebVTT.timestamp(cue.endSample, 22050))\n\(cue.text)\n"))
        }
        #expect(!vtt.contains("Message sent"))
    }

    @Test func eachUtteranceIsFollowedByAQuarterSecondAndEachEarconByAFiftieth() {
        let layout = AudioLayout([.utterance("a"), .earcon(.boundary), .utterance("b")], sampleRate: 22050) { _ in 1000 }
        let gap = Int(SpeechTiming.gap * 22050), earconGap = Int(SpeechTiming.earconGap * 22050)
        #expect((gap, earconGap) == (5512, 1102))
        #expect(layout.cues.map(\.startSample) == [0, 1000 + gap, 1000 + gap + 1543 + earconGap])
        #expect(layout.cues[1].endSample - layout.cues[1].startSample == Earcon.boundary.samples(sampleRate: 22050).count)
        #expect(layout.sampleCount == layout.cues[2].endSample + gap)
        #expect(layout.sample(after: 0) == layout.cues[1].startSample && layout.sample(after: 2) == layout.sampleCount)
    }

    @Test func anEarconsLengthIsItsTonesLength() {
        for earcon in Earcon.allCases {
            #expect(abs(Double(earcon.samples(sampleRate: 22050).count) / 22050 - earcon.length) < 0.0001)
        }
    }

    @Test func earconsAreDistinctAndShort() {
        let tones = Earcon.allCases.map { $0.samples(sampleRate: 22050) }
        for tone in tones {
            #expect(tone.count <= 22050 * 150 / 1000)
            #expect(tone.contains { abs(Int($0)) > 1000 })
        }
        #expect(Set(tones.map { $0 }).count == 4)
    }

    @Test func aSecondRunReusesTheCacheWithoutSynthesis() async throws {
        let folder = temporaryFolder()
        let engine = CountingEngine()
        let renderer = AudioRenderer(engine: engine, cache: .inside(folder))
        let timeline = Timeline(estimatedFrom: try session().steps, length: 0).heard
        let first = try await renderer.render(timeline)
        #expect(first.synthesized == 2)   // "Compose. Button." twice, "Send. Button." once
        #expect(first.reused == 1)
        let calls = await engine.calls
        let second = try await renderer.render(timeline)
        #expect(second.synthesized == 0)
        #expect(second.reused == 3)
        #expect(await engine.calls == calls)
        #expect(second.samples == first.samples)
    }

    @Test func theCacheKeyIncludesVoiceRateAndEngine() async throws {
        let folder = temporaryFolder()
        let cache = UtteranceCache.inside(folder)
        let key = UtteranceCache.Key(text: "Hi", voice: "en-us", rate: 175, engine: "tone 1")
        try cache.store([1, 2, 3], for: key)
        #expect(cache.load(key) == [1, 2, 3])
        #expect(cache.load(.init(text: "Hi", voice: "en-gb", rate: 175, engine: "tone 1")) == nil)
        #expect(cache.load(.init(text: "Hi", voice: "en-us", rate: 200, engine: "tone 1")) == nil)
        #expect(cache.load(.init(text: "Hi", voice: "en-us", rate: 175, engine: "tone 2")) == nil)
    }

    @Test func aRenderIsWrittenAsWAVAndWebVTT() async throws {
        let folder = temporaryFolder()
        let audio = try await AudioRenderer(engine: ToneEngine()).render([.utterance("Hello there")])
        try audio.write(named: "hello", in: folder)
        let wav = try #require(WAVFile.decode(try Data(contentsOf: folder.appendingPathComponent("hello.wav"))))
        #expect(wav.samples == audio.samples)
        #expect(try String(contentsOf: folder.appendingPathComponent("hello.vtt"), encoding: .utf8) == audio.webVTT)
    }
}
