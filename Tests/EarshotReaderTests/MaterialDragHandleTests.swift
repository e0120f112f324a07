import EarshotCore
import EarshotReader
import Testing

/// A Material bottom sheet's drag handle as TalkBack reads it (Material Components 1.14's
/// BottomSheetDragHandleView and BottomSheetBehavior): its state before its name, its click
/// labelled for where it takes the sheet, up from collapsed and down from expanded, and the
/// sheet's actions on it.
///
/// Holds: android:grabber.label, android:grabber.name, android:grabber.states.*, android:grabber.cycle,
/// Holds: android:grabber.clickLabels.*, android:grabber.actions.*, android:hints.customClick.
@Suite("The Material drag handle")
struct MaterialDragHandleTests {
    static func scene(detents: String = "[{ id: peek, fraction: 0.25 }, medium, large]", dismissible: Bool = true) throws -> Scene {
        try loadScene("""
            scene: Filters
            platform: android
            root:
              - button: Filters
                activate: { present: filters }
            presentations:
              filters:
                style: sheet
                detents: \(detents)
                grabber: true
                dismissible: \(dismissible)
                content:
                  - switch: In stock
            """)
    }

    static func opened(_ scene: Scene) -> ScreenReader {
        var reader = ScreenReader(scene: scene)
        reader.touch("Filters")
        reader.doubleTap()
        reader.touch("system.grabber")
        return reader
    }

    @Test func theHandleSaysItsStateBeforeItsNameAndWhereItsClickGoes() throws {
        let reader = Self.opened(try Self.scene())
        #expect(Array(reader.spoken.suffix(3)) == [
            "Collapsed. Drag handle, Button",
            "Double-tap to Half expand the bottom sheet",
            "Actions available, use Tap with 3 fingers to view",
        ])
    }

    /// Up from collapsed to expanded, then down again: BottomSheetDragHandleView.getNextState.
    @Test func doubleTapsBounceBetweenCollapsedAndExpanded() throws {
        var reader = Self.opened(try Self.scene())
        var said: [String] = []
        for _ in 0..<5 {
            reader.doubleTap()
            said.append(reader.spoken.last ?? "")
        }
        #expect(said == ["Half expanded. Drag handle", "Expanded. Drag handle", "Half expanded. Drag handle",
                         "Collapsed. Drag handle", "Half expanded. Drag handle"])
        #expect(reader.state.topmost?.detent == "medium")
        // Going down from expanded, half expanded's click collapses.
        reader.doubleTap()
        reader.touch("system.grabber")
        #expect(reader.spoken.suffix(3).first == "Expanded. Drag handle, Button")
        #expect(reader.spoken.suffix(2).first == "Double-tap to Half expand the bottom sheet")
        reader.doubleTap()
        reader.touch("system.grabber")
        #expect(reader.spoken.suffix(2).first == "Double-tap to Collapse the bottom sheet")
    }

    /// The sheet's actions are on the handle, each where it moves the sheet.
    @Test func theSheetsActionsAreOnTheHandle() throws {
        var reader = Self.opened(try Self.scene())
        #expect(reader.scene.actions(of: reader.cursor!, in: reader.state).map(\.name) == ["Expand halfway", "Dismiss", "Expand"])
        reader.action("Expand")
        #expect(reader.state.topmost?.detent == "large")
        #expect(reader.scene.actions(of: reader.cursor!, in: reader.state).map(\.name) == ["Expand halfway", "Dismiss", "Collapse"])
        reader.action("Expand halfway")
        #expect(reader.state.topmost?.detent == "medium")
        #expect(reader.scene.actions(of: reader.cursor!, in: reader.state).map(\.name) == ["Dismiss", "Collapse", "Expand"])
        reader.action("Dismiss")
        #expect(reader.state.topmost == nil)
    }

    /// Two detents (fit to contents): collapsed and expanded, no half; a sheet that is not
    /// cancelable offers no Dismiss.
    @Test func twoDetentsAndASheetThatIsNotCancelable() throws {
        let reader = Self.opened(try Self.scene(detents: "[medium, large]", dismissible: false))
        #expect(reader.spoken.suffix(3).first == "Collapsed. Drag handle, Button")
        #expect(reader.spoken.suffix(2).first == "Double-tap to Expand the bottom sheet")
        #expect(reader.scene.actions(of: reader.cursor!, in: reader.state).map(\.name) == ["Expand"])
    }

    /// VoiceOver's grabber is unchanged: its label with the detent as its value, wrapping round.
    @Test func voiceOversGrabberStillWraps() throws {
        let scene = try loadScene("""
            scene: Filters
            root:
              - button: Filters
                activate: { present: filters }
            presentations:
              filters: { style: sheet, detents: [medium, large], grabber: true, content: [{ switch: In stock }] }
            """)
        var reader = Self.opened(scene)
        reader.doubleTap()
        reader.doubleTap()
        #expect(reader.state.topmost?.detent == "medium")
        #expect(scene.actions(of: reader.cursor!, in: reader.state).isEmpty)
    }
}

/// TalkBack speaks a pane's title as it appears, then the element it focuses; the title is
/// no element of the sheet.
///
/// Holds: android:presentFocus.paneTitle.
@Suite("Pane titles")
struct PaneTitleTests {
    @Test func aSheetsTitleIsSpokenAsItAppearsAndIsNoElement() throws {
        let scene = try loadScene("""
            scene: Shop
            platform: android
            root:
              - button: Filters
                activate: { present: filters }
            presentations:
              filters: { style: sheet, title: Filters, content: [{ switch: In stock }] }
            """)
        var reader = ScreenReader(scene: scene)
        reader.touch("Filters")
        reader.doubleTap()
        #expect(Array(reader.spoken.suffix(3)) == ["Filters", "Off, In stock, Switch", "Double-tap to toggle"])
        #expect(scene.scopeDescriptions(scene.state(presenting: "filters")) == ["Off, In stock, Switch"])
    }

    /// On iOS the title is the sheet's navigation title, a heading read as an element.
    @Test func onIOSTheTitleIsAHeading() throws {
        let scene = try loadScene("""
            scene: Shop
            root:
              - button: Filters
                activate: { present: filters }
            presentations:
              filters: { style: sheet, title: Filters, content: [{ switch: In stock }] }
            """)
        #expect(scene.scopeDescriptions(scene.state(presenting: "filters")).contains("Filters. Heading."))
    }
}
