import EarshotCore
@testable import EarshotReader
import Testing

/// The virtual clock: utterance lengths estimated as espeak-ng says them, earcons and silences as the audio plays them.
@Suite("Virtual clock")
struct VirtualClockTests {
    typealias Counts = SpeechDuration.Counts

    @Test(arguments: [
        "", " ", "Compose. Button.", "  two   spaces  ", "line\nfeed", "a\n\nb", "tabs\tare\tseparators",
        "crlf\r\nkeeps\r\ngraphemes", "café au lait", "space then accent \u{301}x", "emoji 👩‍👩‍👧 here",
        "Level 3: 3%. Adjustable.", "\n", "trailing ",
    ])
    func wordsAreRunsBetweenWhiteSpace(_ text: String) {
        let separators: Set<Unicode.Scalar> = [" ", "\n", "\t", "\r"]
        #expect(Counts(text).words == text.unicodeScalars.split(whereSeparator: separators.contains).count)
    }

    @Test(arguments: [
        ("Compose. Button.", Counts(letters: 13, words: 2, sentenceEnds: 1)),
        ("Cancel. button.", Counts(letters: 12, words: 2)),                       // espeak-ng runs on before lowercase
        ("Compose.", Counts(letters: 7, words: 1)),                                // a final stop adds nothing
        ("Delete this draft? Yes.", Counts(letters: 18, words: 4, sentenceEnds: 1)),
        ("Beach, August 12", Counts(letters: 11, digits: 2, words: 3, clausePauses: 1)),
        ("Terms: Accepted", Counts(letters: 13, words: 2, clausePauses: 1)),
        ("a,b", Counts(letters: 2, words: 1)),
        ("anna@example.com", Counts(letters: 14, words: 1, symbols: 2)),          // "at", "dot"
        ("75%", Counts(digits: 2, words: 1, symbols: 1)),
        ("café", Counts(letters: 4, words: 1)),                                    // é is one letter
    ])
    func theEstimateCountsLettersDigitsSymbolsAndPauses(_ text: String, _ counts: Counts) {
        #expect(Counts(text) == counts)
    }

    /// espeak-ng 1.51's own lengths at 175 words a minute (`espeak-ng -v en-us -s 175 -w`), and the
    /// fit's error: the estimate stays within 0.4 s of each (0.12 s root mean square over the bundled suite).
    @Test(arguments: [
        ("Compose. Button.", 1.621), ("To. Text Field.", 1.796), ("Double tap to edit.", 1.399),
        ("anna@example.com", 1.973), ("Delete this draft?", 1.209), ("75%", 1.657), ("Beach, August 12", 1.690),
        ("You are currently on a button. To click this button, press Control-Option-Space.", 4.689),
    ])
    func anUtteranceLastsAboutAsLongAsEspeakSaysIt(_ text: String, _ espeak: Double) {
        #expect(abs(SpeechDuration.seconds(text, rate: 175) - espeak) < 0.4, "\(SpeechDuration.seconds(text, rate: 175))")
    }

    @Test func theEstimateIsTheFittedSumAt175() {
        // 13 letters, 2 words, 1 sentence end and the end pause.
        let expected = 0.0417 * 13 + 0.0852 * 2 + 0.4398 + 0.4327
        #expect(abs(SpeechDuration.seconds("Compose. Button.", rate: 175) - expected) < 1e-12)
    }

    @Test func fasterSpeechIsShorterAndRatesOutsideEspeaksRangeTakeTheNearerEnd() {
        let text = "Compose. Button."
        let lengths = stride(from: 80.0, through: 449, by: 1).map { SpeechDuration.seconds(text, rate: $0) }
        #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $0 > $1 })
        // espeak-ng speeds up another way at 450, pauses included: 9,157 samples at 449, 11,177 at 450.
        #expect(SpeechDuration.seconds(text, rate: 450) > SpeechDuration.seconds(text, rate: 449))
        #expect(SpeechDuration.seconds(text, rate: 40) == SpeechDuration.seconds(text, rate: 80))
        #expect(SpeechDuration.seconds(text, rate: 900) == SpeechDuration.seconds(text, rate: 450))
        // Between two fitted rates, in between.
        let between = SpeechDuration.seconds(text, rate: 160)
        #expect(between < SpeechDuration.seconds(text, rate: 150) && between > SpeechDuration.seconds(text, rate: 175))
    }

    @Test func earconsAndSilencesTakeAsLongAsInTheAudio() throws {
        var reader = ScreenReader(scene: try loadScene("""
            scene: Mail
            root:
              - button: Compose
                activate: { present: compose }
            presentations:
              compose:
                content:
                  - button: Send
            """))
        reader.touch("Compose")
        reader.doubleTap()
        let events = reader.steps.flatMap(\.events)
        guard case .speech(let first) = events.first(where: { $0.utterance != nil }),
              case .earcon(.screenChanged, let earcon) = events.first(where: { $0.earcon != nil }),
              case .speech(let send) = events.last(where: { $0.utterance != nil }) else {
            Issue.record("expected speech, an earcon, speech: \(events)")
            return
        }
        #expect(earcon == first.start + first.duration + SpeechTiming.gap)
        #expect(send.start == earcon + Earcon.screenChanged.length + SpeechTiming.earconGap)
        #expect(Earcon.screenChanged.length == 0.14)
    }
}
