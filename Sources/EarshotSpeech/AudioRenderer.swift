import Foundation
import EarshotCore

/// A scenario's audio: its layout, each utterance's samples, and what the cache saved.
public struct RenderedAudio: Hashable, Sendable {
    public var layout: AudioLayout
    /// Each utterance's samples, by text.
    public var utterances: [String: [Int16]]
    /// Utterances synthesized by the engine in this render.
    public var synthesized: Int
    /// Utterances taken from the cache (or repeated within the render).
    public var reused: Int

    public var sampleRate: Int { layout.sampleRate }
    public var cues: [Cue] { layout.cues }
    /// The whole track, put together in memory.
    public var samples: [Int16] { layout.track(pcm: pcm) }
    public var wav: Foundation.Data { get throws { try WAVFile.encode(samples, sampleRate: sampleRate) } }
    public var webVTT: String { layout.webVTT }

    /// Writes `NAME.wav` and `NAME.vtt` into a folder, each to a temporary name and renamed.
    public func write(named name: String, in folder: URL) throws {
        try layout.write(named: name, in: folder, pcm: pcm)
    }

    private func pcm(_ text: String) -> [Int16] { utterances[text] ?? [] }
}

/// Speaks a timeline's utterances (each distinct text once, from the cache
/// when it has them) and lays them out with its earcons (``AudioLayout``).
///
/// ```swift
/// let renderer = AudioRenderer(engine: EspeakEngine.shared, voice: "en-us", rate: 175,
///                              cache: .inside(URL(fileURLWithPath: "Audio")))
/// let audio = try await renderer.render([.earcon(.screenChanged), .utterance("To. Text Field.")])
/// try audio.write(named: "compose", in: URL(fileURLWithPath: "Audio"))
/// ```
public struct AudioRenderer: Sendable {
    public var engine: any SpeechEngine
    public var voice: String
    public var rate: Int
    public var cache: UtteranceCache?

    public init(engine: any SpeechEngine, voice: String = "en-us", rate: Int = 175, cache: UtteranceCache? = nil) {
        self.engine = engine
        self.voice = voice
        self.rate = rate
        self.cache = cache
    }

    public func render(_ items: [Timeline.Sound.Kind]) async throws -> RenderedAudio {
        let sampleRate = try await engine.sampleRate
        let version = try await engine.version
        var synthesized = 0, reused = 0
        var memory: [String: [Int16]] = [:]
        let writer = cache?.writer()   // what this render synthesizes goes to one pack
        defer { try? writer?.close() }
        for case .utterance(let text) in items {
            if memory[text] != nil {
                reused += 1
                continue
            }
            let key = UtteranceCache.Key(text: text, voice: voice, rate: rate, engine: version)
            if let cached = cache?.load(key) {
                memory[text] = cached
                reused += 1
            } else {
                let pcm = try await engine.synthesize(text, voice: voice, rate: rate).samples
                try writer?.store(pcm, for: key)
                memory[text] = pcm
                synthesized += 1
            }
        }
        let layout = AudioLayout(items, sampleRate: sampleRate) { memory[$0]?.count ?? 0 }
        return RenderedAudio(layout: layout, utterances: memory, synthesized: synthesized, reused: reused)
    }
}
