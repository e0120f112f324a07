import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// The system's own elements named by what they are (`system.grabber`), so that one scenario
/// holds in every language.
struct SystemTargetTests {
    static func scene(language: String) -> String {
        """
        scene: Notes
        platform: ios
        language: \(language)
        root:
          - button: Format
            activate: { present: format }
          - button: Delete
            activate: { present: confirm }
        presentations:
          format:
            style: sheet
            detents: [medium, large]
            grabber: true
            title: Format
            content:
              - button: Bold
          confirm:
            style: actionSheet
            title: Delete this note?
            content:
              - button: Delete Note
                role: destructive
                activate: dismiss
              - button: Keep
                role: cancel
                activate: dismiss
        """
    }

    @Test(arguments: ["en", "de", "ja", "ru"])
    func theGrabberDimmingViewTitleAndCancelAnswerInEveryLanguage(language: String) throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene(language: language)))
        reader.touch("Format")
        reader.doubleTap()
        let grabber = try #require(reader.resolve("system.grabber"))
        #expect(reader.scene[grabber].system == .grabber)
        #expect(reader.cursor == grabber)
        #expect(reader.scene[try #require(reader.resolve("system.title"))].label == "Format")
        reader.touch("system.dismiss")
        reader.doubleTap()
        #expect(reader.presented == nil)

        reader.touch("Delete")
        reader.doubleTap()
        reader.touch("system.cancel")
        #expect(reader.cursor.map { reader.scene[$0].label } == "Keep")
        reader.doubleTap()
        #expect(reader.presented == nil)
    }

    @Test func anUnknownKindSaysWhichThereAre() throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene(language: "en")))
        #expect(reader.resolve("system.grabber") == nil)   // no sheet up
        #expect(reader.noElement("system.graber").contains("did you mean 'system.grabber'?"))
        #expect(reader.noElement("system.grabber") == "no element 'system.grabber' in scope now")
        reader.touch("system.graber")
        #expect(reader.lastEvents.contains { if case .stepFailed = $0 { return true } else { return false } })
    }
}
