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
            text += cueText(cue.text) + "\n"
        }
        return text
    }

    /// A cue's text as WebVTT can hold it: every line break (LF, CR, CRLF, U+0085, U+2028, U+2029)
    /// one line feed, no blank lines (a blank line would end the cue), and `&`, `<`, `>` written
    /// as entities, so that no `-->` and no tag can appear (players show the text as it was).
    public static func cueText(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        func end() {
            if line.contains(where: { !$0.isWhitespace }) { lines.append(line) }
            line = ""
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": end()   // CRLF: the LF ends an empty line, dropped
            case "&": line += "&amp;"
            case "<": line += "&lt;"
            case ">": line += "&gt;"
            default: line.unicodeScalars.append(scalar)
            }
        }
        end()
        return lines.joined(separator: "\n")
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
