import EarshotCore
import EarshotReader
import Foundation
import Testing

/// The Mail compose scene walked from the Swift API, as a VoiceOver session.
@Suite("A VoiceOver session in Mail")
struct MailSessionTests {
    static func mail() throws -> Scene {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Scenarios/mail/mail.yaml").standardized.path
        return try loadScene(String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func presentResizeTypeScrubConfirmRestore() throws {
        var reader = ScreenReader(scene: try Self.mail())

        // Find Compose and open the sheet: focus lands on To (initialFocus).
        reader.touch("compose")
        #expect(reader.lastDescription == "Compose. Button.")
        reader.doubleTap()
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.presented == "compose")
        #expect(reader.focused?.id == "to")
        #expect(reader.spoken == ["To. Text Field.", "Double tap to edit."])

        // The grabber is first in the sheet; it resizes the sheet.
        reader.first()
        #expect(reader.lastDescription == "Sheet Grabber: Half screen. Button.")
        reader.doubleTap()
        #expect(reader.earcons.isEmpty)   // a layout change makes no sound
        #expect(reader.detent == "large")
        #expect(reader.lastDescription == "Sheet Grabber: Expanded")

        // Send is dimmed until To is filled.
        reader.touch("Send")
        #expect(reader.lastDescription == "Send. Dimmed. Button.")
        reader.touch("to")
        reader.doubleTap()
        #expect(reader.lastDescription == "To. Text Field. Is editing. Insertion point at start.")
        reader.type("anna@example.com")
        reader.touch("Send")
        #expect(reader.lastDescription == "Send. Button.")

        // Scrub with unsaved changes: the discard action sheet, title first.
        reader.scrub()
        #expect(reader.presented == "discard")
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.lastDescription == "Delete this draft?")

        // Delete Draft dismisses everything; focus returns to Compose.
        reader.touch("Delete Draft")
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.focused?.id == "compose")
        #expect(reader.lastDescription == "Compose. Button.")
        #expect(reader.failures.isEmpty)
        #expect(reader.transcript.hasPrefix("""
            touch: compose
              speak: Compose. Button.
            doubleTap
              earcon: screenChanged
              speak: To. Text Field.
              hint: Double tap to edit.
            first
              speak: Sheet Grabber: Half screen. Button.
            doubleTap
              speak: Sheet Grabber: Expanded

            """))
    }
}
