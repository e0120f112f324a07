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

@Suite("The bundled Mail scene, from its YAML file")
struct MailFileTests {
    static let mailFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../../../Scenarios/mail/mail.yaml")

    @Test func whatAStepLeavesBehind() throws {
        var reader = ScreenReader(scene: try Scene(contentsOf: Self.mailFile))
        reader.touch("compose")
        #expect(reader.lastDescription == "Compose. Button.")
        #expect(reader.spoken == ["Compose. Button."])
        #expect(reader.hint == nil)
        #expect(reader.focused?.id == "compose")
        #expect(reader.focused?.label == "Compose")

        reader.doubleTap()
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.presented == "compose")
        #expect(reader.detent == "medium")
        #expect(reader.hint == "Double tap to edit.")

        reader.doubleTap()
        reader.type("anna@example.com")
        #expect(reader.focused?.value == "anna@example.com")
        #expect(reader.transcript.hasSuffix("type: anna@example.com\n  speak: a, n, n, a, @, e, x, a, m, p, l, e, ., c, o, m\n"))
    }
}
