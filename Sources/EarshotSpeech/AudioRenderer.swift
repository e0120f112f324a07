import Foundation

/// One thing heard in a scenario's audio, in order.
public enum TimelineItem: Hashable, Sendable {
    case utterance(String)
    case earcon(EarconTone)
}

/// A scenario's audio: samples, cues, and what the cache saved.
public struct RenderedAudio: Hashable, Sendable {
    public var samples: [Int16]
    public var sampleRate: Int
    public var cues: [Cue]
    /// Utterances synthesized by the engine in this render.
    public var synthesized: Int
    /// Utterances taken from the cache (or repeated within the render).
    public var reused: Int

    public var wav: Foundation.Data { get throws { try WAVFile.encode(samples, sampleRate: sampleRate) } }
    public var webVTT: String { WebVTT.text(of: cues, sampleRate: sampleRate) }

    /// Writes `NAME.wav` and `NAME.vtt` into a folder, each to a temporary name and renamed.
    public func write(named name: String, in folder: URL) throws {
        try WAVFile.write(samples, sampleRate: sampleRate, to: folder.appendingPathComponent(name + ".wav"))
        try AtomicFile.write(webVTT, to: folder.appendingPathComponent(name + ".vtt"))
    }
}

/// Lays a timeline of utterances and earcons into one track: utterances in
/// order with a short pause after each, earcons as tones, a cue for each.
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
    /// Silence after each utterance.
    public var gap: Double = 0.25
    /// Silence after each earcon.
    public var earconGap: Double = 0.05

    public init(engine: any SpeechEngine, voice: String = "en-us", rate: Int = 175, cache: UtteranceCache? = nil) {
        self.engine = engine
        self.voice = voice
        self.rate = rate
        self.cache = cache
    }

    public func render(_ items: [TimelineItem]) async throws -> RenderedAudio {
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
        var audio = assemble(items, sampleRate: sampleRate) { memory[$0] ?? [] }
        audio.synthesized = synthesized
        audio.reused = reused
        return audio
    }

    /// Writes `NAME.wav` and `NAME.vtt` for a timeline whose utterances are already spoken, byte
    /// for byte as ``assemble(_:sampleRate:pcm:)`` then ``RenderedAudio/write(named:in:)`` would,
    /// but straight from each utterance's samples: the track is never put together in memory.
    public func write(_ items: [TimelineItem], sampleRate: Int, pcm: (String) -> [Int16], named name: String,
                      in folder: URL) throws {
        let gapSamples = Int(gap * Double(sampleRate)), earconGapSamples = Int(earconGap * Double(sampleRate))
        var tones: [EarconTone: [Int16]] = [:]
        var cues: [Cue] = []
        cues.reserveCapacity(items.count)
        var total = 0
        for item in items {
            switch item {
            case .earcon(let tone):
                if tones[tone] == nil { tones[tone] = tone.samples(sampleRate: sampleRate) }
                let length = tones[tone]!.count
                cues.append(Cue(text: tone.cueText, startSample: total, endSample: total + length))
                total += length + earconGapSamples
            case .utterance(let text):
                let length = pcm(text).count
                cues.append(Cue(text: text, startSample: total, endSample: total + length))
                total += length + gapSamples
            }
        }
        let silence = [Int16](repeating: 0, count: max(gapSamples, earconGapSamples))
        // Past the WAV limit the run says so here, before a byte is written (the header's sizes are 32 bits).
        let header: Data
        do {
            header = try WAVFile.header(sampleCount: total, sampleRate: sampleRate)
        }
        try AtomicFile.write(to: folder.appendingPathComponent(name + ".wav")) { append in
            try header.withUnsafeBytes { try append($0) }
            func samples(_ array: [Int16], count: Int? = nil) throws {
                try PCM.withLittleEndianBytes(array) { bytes in
                    try append(UnsafeRawBufferPointer(rebasing: bytes[0..<(count ?? array.count) * 2]))
                }
            }
            for item in items {
                switch item {
                case .earcon(let tone):
                    try samples(tones[tone]!)
                    try samples(silence, count: earconGapSamples)
                case .utterance(let text):
                    try samples(pcm(text))
                    try samples(silence, count: gapSamples)
                }
            }
        }
        try AtomicFile.write(WebVTT.text(of: cues, sampleRate: sampleRate), to: folder.appendingPathComponent(name + ".vtt"))
    }

    /// Lays out a timeline whose utterances are already spoken (`pcm` gives
    /// each one's samples): each utterance, then `gap` of silence; each
    /// earcon's tone, then `earconGap`; a cue for each.
    public func assemble(_ items: [TimelineItem], sampleRate: Int, pcm: (String) -> [Int16]) -> RenderedAudio {
        let gapSamples = Int(gap * Double(sampleRate)), earconGapSamples = Int(earconGap * Double(sampleRate))
        var tones: [EarconTone: [Int16]] = [:]
        var total = 0
        for item in items {
            switch item {
            case .earcon(let tone):
                if tones[tone] == nil { tones[tone] = tone.samples(sampleRate: sampleRate) }
                total += tones[tone]!.count + earconGapSamples
            case .utterance(let text):
                total += pcm(text).count + gapSamples
            }
        }
        var samples: [Int16] = []
        samples.reserveCapacity(total)   // one allocation for the whole track
        var cues: [Cue] = []
        cues.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .earcon(let tone):
                let start = samples.count
                if tones[tone] == nil { tones[tone] = tone.samples(sampleRate: sampleRate) }
                samples += tones[tone]!
                cues.append(Cue(text: tone.cueText, startSample: start, endSample: samples.count))
                samples.append(contentsOf: repeatElement(0, count: earconGapSamples))
            case .utterance(let text):
                let start = samples.count
                samples += pcm(text)
                cues.append(Cue(text: text, startSample: start, endSample: samples.count))
                samples.append(contentsOf: repeatElement(0, count: gapSamples))
            }
        }
        return RenderedAudio(samples: samples, sampleRate: sampleRate, cues: cues, synthesized: 0, reused: 0)
    }
}

/// A stand-in engine for tests: a fixed tone per word, no espeak-ng needed.
public struct ToneEngine: SpeechEngine {
    public init() {}
    public var sampleRate: Int { 22050 }
    public var version: String { "tone 1" }

    /// 100 ms of 440 Hz per word, then 50 ms of silence.
    public func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis {
        var samples: [Int16] = []
        var words: [WordMark] = []
        var position = 1
        for word in text.split(separator: " ") {
            words.append(WordMark(textPosition: position, length: word.count, sample: samples.count))
            position += word.count + 1
            for index in 0..<2205 { samples.append(Int16(sin(2 * Double.pi * 440 * Double(index) / 22050) * 8000)) }
            samples += [Int16](repeating: 0, count: 1102)
        }
        return Synthesis(samples: samples, words: words)
    }
}
