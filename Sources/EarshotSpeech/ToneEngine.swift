import Foundation

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
