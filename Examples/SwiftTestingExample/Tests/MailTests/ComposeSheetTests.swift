import EarshotTesting
import Testing

@Suite("The compose sheet with VoiceOver")
struct ComposeSheetTests {
    @Test func cancellingADraftAsksFirst() throws {
        var reader = ScreenReader(scene: try MailScreen.scene())
        reader.touch("compose")
        reader.expectDescription("Compose. Button.")

        reader.doubleTap()
        reader.expectPresented("compose")
        reader.expectFocus("to")
        reader.expectSpoken(["To. Text Field.", "Double tap to edit."])

        reader.doubleTap()
        reader.type("anna@example.com")
        reader.scrub()
        reader.expectPresented("discard")
        reader.expectDescription("Delete this draft?")

        reader.swipeRight()
        reader.doubleTap()
        reader.expectPresented(nil)
        reader.expectFocus("compose")
        reader.expectTranscript(matching: "cancel-draft")
    }

    @Test func sendingIsAnnouncedBeforeTheInboxIsRead() throws {
        var reader = ScreenReader(scene: try MailScreen.scene())
        reader.touch("compose")
        reader.doubleTap()
        reader.doubleTap()
        reader.type("anna@example.com")
        reader.touch("Send")
        reader.expectDescription("Send. Button.")
        reader.doubleTap()
        reader.expectSpoken(["Message sent", "Compose. Button."])
    }

    @Test func theSheetKeepsTheGuidelines() throws {
        try MailScreen.scene().audit()
    }
}
