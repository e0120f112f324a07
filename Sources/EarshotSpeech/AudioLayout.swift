import EarshotCore
import EarshotFiles
import Foundation

/// A timeline laid out on the audio's clock: each utterance at its real
/// length, then ``SpeechTiming/gap`` of silence; each earcon's tone, then
/// ``SpeechTiming/earconGap``; a cue for each. The one place where the audio's
/// times are decided: the WAV, the WebVTT and a spoken run's report times
/// all come from it.
///
/// ```swift
/// let speech = ["Compose. Button.": compose]   // each utterance's samples
/// let layout = AudioLayout([.utterance("Compose. Button."), .earcon(.screenChanged)],
///                          sampleRate: 22050) { speech[$0]!.count }
/// layout.seconds(layout.cues[1].startSample)   // when the earcon starts
/// try layout.write(named: "compose", in: URL(fileURLWithPath: "Audio")) { speech[$0]! }
/// ```
public struct AudioLayout: Hashable, Sendable {
    public let items: [Timeline.Sound.Kind]
    public let sampleRate: Int
    /// One cue per item, in order: the samples it covers in the track.
    public let cues: [Cue]
    /// The track's length in samples, the silence after the last item included.
    public let sampleCount: Int

    /// Lays out a timeline whose utterances are `utteranceLength` samples long.
    public init(_ items: [Timeline.Sound.Kind], sampleRate: Int, utteranceLength: (String) throws -> Int) rethrows {
        let gaps = Gaps(sampleRate: sampleRate)
        var cues: [Cue] = []
        cues.reserveCapacity(items.count)
        var total = 0
        for item in items {
            switch item {
            case .earcon(let earcon):
                let length = earcon.samples(sampleRate: sampleRate).count
                cues.append(Cue(text: earcon.cueText, startSample: total, endSample: total + length))
                total += length + gaps.afterEarcon
            case .utterance(let text):
                let length = try utteranceLength(text)
                cues.append(Cue(text: text, startSample: total, endSample: total + length))
                total += length + gaps.afterUtterance
            }
        }
        self.items = items
        self.sampleRate = sampleRate
        self.cues = cues
        self.sampleCount = total
    }

    /// Seconds from the start of the track to a sample.
    public func seconds(_ sample: Int) -> Double {
        Double(sample) / Double(sampleRate)
    }

    /// The track's length in seconds.
    public var duration: Double { seconds(sampleCount) }

    /// Where the item after the `index`-th starts (its end and the silence after it).
    public func sample(after index: Int) -> Int {
        index + 1 < cues.count ? cues[index + 1].startSample : sampleCount
    }

    public var webVTT: String { WebVTT.text(of: cues, sampleRate: sampleRate) }

    /// Writes `NAME.wav` and `NAME.vtt` into a folder, each to a temporary name and renamed,
    /// straight from each utterance's samples (`pcm`, as long as the layout was told, asked for
    /// each in turn, so it may read them from somewhere as they are needed): the track is never
    /// put together in memory.
    public func write(named name: String, in folder: URL, pcm: (String) throws -> [Int16]) throws {
        let header = try WAVFile.header(sampleCount: sampleCount, sampleRate: sampleRate)   // RF64 past 4 GiB
        try AtomicFile.write(to: folder.appendingPathComponent(name + ".wav")) { append in
            try header.withUnsafeBytes { try append($0) }
            try forEachPiece(pcm: pcm) { samples, count in
                try PCM.withLittleEndianBytes(samples) { bytes in
                    try append(UnsafeRawBufferPointer(rebasing: bytes[0..<count * 2]))
                }
            }
        }
        try AtomicFile.write(webVTT, to: folder.appendingPathComponent(name + ".vtt"))
    }

    /// The whole track in memory (a short render, a test).
    public func track(pcm: (String) -> [Int16]) -> [Int16] {
        var track: [Int16] = []
        track.reserveCapacity(sampleCount)
        forEachPiece(pcm: pcm) { samples, count in track += samples[0..<count] }
        return track
    }

    /// Hands the track to `body` piece by piece, in order: each item's samples, then the
    /// first `count` samples of a buffer of silence.
    private func forEachPiece(pcm: (String) throws -> [Int16], _ body: ([Int16], _ count: Int) throws -> Void) rethrows {
        let gaps = Gaps(sampleRate: sampleRate)
        let silence = [Int16](repeating: 0, count: max(gaps.afterUtterance, gaps.afterEarcon))
        for (item, cue) in zip(items, cues) {
            switch item {
            case .earcon(let earcon):
                try body(earcon.samples(sampleRate: sampleRate), cue.endSample - cue.startSample)
                try body(silence, gaps.afterEarcon)
            case .utterance(let text):
                let samples = try pcm(text)
                precondition(samples.count == cue.endSample - cue.startSample,
                             "'\(text)' is \(samples.count) samples long, laid out as \(cue.endSample - cue.startSample)")
                try body(samples, samples.count)
                try body(silence, gaps.afterUtterance)
            }
        }
    }

    /// ``SpeechTiming``'s silences in samples.
    private struct Gaps {
        var afterUtterance: Int
        var afterEarcon: Int

        init(sampleRate: Int) {
            afterUtterance = Int(SpeechTiming.gap * Double(sampleRate))
            afterEarcon = Int(SpeechTiming.earconGap * Double(sampleRate))
        }
    }
}
