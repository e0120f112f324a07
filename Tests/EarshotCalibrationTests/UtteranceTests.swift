import EarshotCalibration
import Testing

/// The normalisation of docs/calibration.md: what real VoiceOver prints and what Earshot writes
/// compare equal when only case, white space, quotes, separators and how numbers are written differ.
@Suite("Utterances as calibration compares them")
struct UtteranceTests {
    @Test(arguments: [
        ("Sheet Grabber: Expanded. Button.", "Sheet grabber, expanded, button"),
        ("Add Favorites. Button.", "Add Favorites, button"),
        ("Name: iPhone. Text Field., Double tap to edit.", "Name, iPhone, text field, Double tap to edit"),
        ("Current Password. Secure Text Field.", "Current Password - Secure Text Field"),
        ("Don\u{2019}t Save. Button.", "Don't save, button"),
        ("  Settings.   Heading. ", "settings, heading"),
        ("ラベル、ボタン", "ラベル。 ボタン"),
        ("Compose. Button.", "Compose button"),           // machine captions mark no pause
        ("Tab. 1 of 4.", "Tab, One of four"),             // digits as VoiceOver says them
        ("Activate to dismiss pop-up window. Button.", "activate to dismiss popup window button"),
    ])
    func theseAgree(earshot: String, voiceOver: String) {
        #expect(Utterance(earshot).normalized == Utterance(voiceOver).normalized)
    }

    @Test(arguments: [
        ("Wi-Fi. Button.", "Wi, Fi, button"),            // a hyphen inside a word is no break
        ("3.5 GHz", "3, 5 GHz"),                         // nor a point inside a number
        ("Sheet Grabber: Collapsed. Button.", "Sheet Grabber, Half screen, button"),
    ])
    func theseDoNot(earshot: String, voiceOver: String) {
        #expect(Utterance(earshot).normalized != Utterance(voiceOver).normalized)
    }

    @Test func theNormalFormIsTheWordsJoinedBySpaces() {
        #expect(Utterance("Sheet Grabber: Expanded. Button.").normalized == "sheet grabber expanded button")
        #expect(Utterance("Current Password - Secure Text Field").normalized == "current password secure text field")
        #expect(Utterance("").normalized == "")
        #expect(Utterance("…").normalized == "")
    }

    @Test func theDifferenceIsTheWordsThatDifferWhereTheyAre() {
        let earshot = Utterance("Sheet Grabber: Collapsed. Button."), voiceOver = Utterance("Sheet grabber, Half screen, button")
        let changes = UtteranceDiff.changes(earshot: earshot.tokens, recorded: voiceOver.tokens)
        #expect(changes.count == 1)
        #expect(changes.map { $0.earshot.map { earshot.tokens[$0].text } } == [["collapsed"]])
        #expect(changes.map { $0.recorded.map { voiceOver.tokens[$0].text } } == [["half", "screen"]])
    }
}
