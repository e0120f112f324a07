/// A cue of a WebVTT file: text and its time in the WAV.
public struct Cue: Hashable, Sendable {
    public var text: String
    /// First sample of the cue, and the sample after its last.
    public var startSample: Int
    public var endSample: Int

    public init(text: String, startSample: Int, endSample: Int) {
        self.text = text
        self.startSample = startSample
        self.endSample = endSample
    }
}

/// WebVTT text for cues over a WAV: each utterance's text, each earcon bracketed.
///
/// ```
/// WEBVTT
///
/// 1
/// 00:00:00.000 --> 00:00:00.912
/// Compose. Button.
/// ```
public enum WebVTT {
    public static func text(of cues: [Cue], sampleRate: Int) -> String {
        var text = "WEBVTT\n"
        for (index, cue) in cues.enumerated() {
            text += "\n\(index + 1)\n\(timestamp(cue.startSample, sampleRate)) --> \(timestamp(cue.endSample, sampleRate))\n"
            // A cue's text may not contain "-->" or a blank line.
            let safe = cue.text.replacingOccurrences(of: "-->", with: "->").replacingOccurrences(of: "\n", with: " ")
            text += safe + "\n"
        }
        return text
    }

    /// `hh:mm:ss.mmm`, rounded to the nearest millisecond.
    public static func timestamp(_ sample: Int, _ sampleRate: Int) -> String {
        let milliseconds = (sample * 1000 + sampleRate / 2) / sampleRate
        let hours = milliseconds / 3_600_000, minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1000 % 60, rest = milliseconds % 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(rest, 3))"
    }
}
