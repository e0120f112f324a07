import EarshotCore
@testable import EarshotReader
import Testing

/// The virtual clock's utterance lengths: words counted as splitting at spaces and line feeds counts them.
@Suite("Virtual clock")
struct VirtualClockTests {
    @Test(arguments: [
        "", " ", "Compose. Button.", "  two   spaces  ", "line\nfeed", "a\n\nb", "tabs\tare\tnot separators",
        "crlf\r\nkeeps\r\ngraphemes", "café au lait", "space then accent \u{301}x", "emoji 👩‍👩‍👧 here",
        "Level 3: 3%. Adjustable.", "\n", "trailing ",
    ])
    func wordsAreCountedAsSplittingCountsThem(_ text: String) {
        #expect(ScreenReader.wordCount(text) == text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count)
    }

    @Test func anUtteranceLastsItsWordsAtTheRate() {
        #expect(ScreenReader.estimatedLength(of: "Compose. Button.", rate: 120) == 1)
        #expect(ScreenReader.estimatedLength(of: "", rate: 60) == 1)   // at least one word
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
