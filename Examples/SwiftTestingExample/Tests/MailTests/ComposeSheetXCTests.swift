import EarshotTesting
import XCTest

final class ComposeSheetXCTests: XCTestCase {
    func testTheGrabberResizesTheSheet() throws {
        var reader = ScreenReader(scene: try MailScreen.scene())
        reader.touch("compose")
        reader.doubleTap()
        reader.first()
        reader.expectDescription("Sheet Grabber: Half screen. Button.")

        reader.doubleTap()
        reader.expectEarcons([])   // a layout change: VoiceOver plays no sound
        reader.expectDetent("large")
        XCTAssertEqual(reader.lastDescription, "Sheet Grabber: Expanded")   // after a resize: name and state only
    }

    func testTheSameSceneInYAMLReadsTheSame() throws {
        let scene = try Scene(yaml: """
            scene: Mail
            root:
              - heading: Inbox
              - button: Compose
                id: compose
            """)
        var reader = ScreenReader(scene: scene)
        reader.swipeRight()
        reader.swipeRight()
        reader.expectFocus("compose")
        reader.expectSpoken(["Compose. Button."])
        reader.expectNoStepFailures()
    }
}
