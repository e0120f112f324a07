import EarshotCalibration
import EarshotScenario
import Testing

/// What other tools print becomes a recording's moves.
@Suite("Converting other tools' output")
struct ConverterTests {
    @Test(arguments: [
        #"["Inbox, heading", "Compose, button"]"#,
        "spokenPhraseLog: [ 'Inbox, heading', 'Compose, button' ]",
        "[\n  'Inbox, heading',\n  \"Compose, button\"\n]",
        "Inbox, heading\nCompose, button\n",
    ])
    func guidepupsLogInEachFormItIsPrinted(_ log: String) throws {
        let moves = try RecordingConverter.guidepup(log)
        #expect(moves.map(\.utterance) == ["Inbox, heading", "Compose, button"])
        #expect(moves.allSatisfy { $0.gesture == .next })
    }

    @Test func anEscapedQuoteStaysInThePhrase() throws {
        #expect(try RecordingConverter.guidepup(#"[ 'Don\'t Save, button' ]"#).map(\.utterance) == ["Don't Save, button"])
    }

    @Test func aBrokenLogIsSaid() {
        #expect(throws: RecordingConverter.Problem.self) { try RecordingConverter.guidepup("[ 'Inbox, heading', ") }
        #expect(throws: RecordingConverter.Problem.self) { try RecordingConverter.guidepup("[ 'Inbox', 42 ]") }
    }

    @Test func captionLinesMayNameTheirGesture() {
        let moves = RecordingConverter.captions("""
            # the Caption Panel, typed
            Inbox, heading
            activate: Sheet Grabber, Half screen, button
            touch: Cancel, button

            next: Send, button, dimmed
            """)
        #expect(moves.map(\.gesture) == [.next, .activate, .touch, .next])
        #expect(moves.map(\.utterance) == ["Inbox, heading", "Sheet Grabber, Half screen, button", "Cancel, button", "Send, button, dimmed"])
        #expect(moves[2].element == "Cancel")
        #expect(moves[1].location.line == 3)
    }
}
