import EarshotCore
import EarshotReader
import Testing

/// A Compose Material 3 `ModalBottomSheet` as TalkBack reads it (`toolkit: compose`): the pane
/// title Compose sets, a drag handle read with no role word whose click expands the sheet and
/// then hides it, the handle's three labelled actions, the scrim read last, and Back settling an
/// expanded sheet before it dismisses it. Views' sheets keep the profile's own facts
/// (MaterialDragHandleTests).
///
/// Holds: android:toolkits.compose.*, android:hints.everyClickable, android:hints.button.
@Suite("Compose's ModalBottomSheet")
struct ComposeSheetTests {
    static func scene(detents: String = "[medium, large]", dismissible: Bool = true, toolkit: String = "compose",
                      extra: String = "") throws -> Scene {
        try loadScene("""
            scene: Shop
            platform: android
            root:
              - button: Filters
                activate: { present: filters }
            presentations:
              filters:
                toolkit: \(toolkit)
                detents: \(detents)
                grabber: true
                dismissible: \(dismissible)
                title: Filters
                content:
                  - heading: Sort and filter
                  - switch: In stock
            \(extra)
            """)
    }

    static func opened(_ scene: Scene) -> ScreenReader {
        var reader = ScreenReader(scene: scene)
        reader.touch("Filters")
        reader.doubleTap()
        return reader
    }

    /// Compose's pane title, not the app's `title:`; then the handle, with no role word, the
    /// clickable hint and its actions.
    @Test func theSheetAnnouncesComposesPaneTitleThenTheHandle() throws {
        let reader = Self.opened(try Self.scene())
        #expect(reader.spoken == [
            "Bottom Sheet",
            "Drag handle",
            "Double-tap to activate",
            "Actions available, use Tap with 3 fingers to view",
        ])
    }

    /// The same sheet made with Views keeps Material Components' handle and the app's title.
    @Test func aViewsSheetKeepsTheProfilesOwnHandle() throws {
        let reader = Self.opened(try Self.scene(toolkit: "views"))
        #expect(reader.spoken.prefix(2) == ["Filters", "Collapsed. Drag handle, Button"])
    }

    /// Dismiss first, then Expand while partially expanded, Collapse while expanded; no
    /// half-expanded action, even with three detents.
    @Test func theHandlesActionsFollowTheSheet() throws {
        var reader = Self.opened(try Self.scene())
        let names = { (reader: ScreenReader) in reader.scene.actions(of: reader.cursor!, in: reader.state).map(\.name) }
        #expect(names(reader) == ["Dismiss bottom sheet", "Expand bottom sheet"])
        reader.action("Expand bottom sheet")
        #expect(reader.state.topmost?.detent == "large")
        #expect(names(reader) == ["Dismiss bottom sheet", "Collapse bottom sheet"])
        reader.action("Collapse bottom sheet")
        #expect(reader.state.topmost?.detent == "medium")
        reader.action("Dismiss bottom sheet")
        #expect(reader.state.stack.isEmpty)

        let three = Self.opened(try Self.scene(detents: "[{ id: peek, fraction: 0.25 }, medium, large]"))
        #expect(names(three) == ["Dismiss bottom sheet", "Expand bottom sheet"])
    }

    /// A double tap expands a partially expanded sheet, saying nothing new (the handle names no
    /// state), and hides an expanded one: focus goes back to Filters.
    @Test func theHandlesClickExpandsThenDismisses() throws {
        var reader = Self.opened(try Self.scene())
        reader.doubleTap()
        #expect(reader.state.topmost?.detent == "large")
        #expect(reader.spoken.isEmpty)
        reader.doubleTap()
        #expect(reader.state.stack.isEmpty)
        #expect(reader.spoken.first == "Filters, Button")
    }

    /// A sheet that may not be dismissed refuses the handle's hiding click.
    @Test func theClickOnAnExpandedSheetThatMayNotCloseIsRefused() throws {
        var reader = Self.opened(try Self.scene(dismissible: false))
        reader.doubleTap()
        reader.doubleTap()
        #expect(reader.state.topmost?.detent == "large")
        #expect(reader.earcons == [.failure])
    }

    /// The scrim is a stop after the sheet's content, `Close sheet` with no role word; a double
    /// tap on it dismisses the sheet.
    @Test func theScrimIsReadAfterTheContentAndCloses() throws {
        var reader = Self.opened(try Self.scene())
        reader.swipeRight()
        reader.swipeRight()
        #expect(reader.spoken.first == "Off, In stock, Switch")
        reader.swipeRight()
        #expect(reader.spoken == ["Close sheet", "Double-tap to activate"])
        reader.swipeRight()
        #expect(reader.earcons == [.boundary])
        reader.doubleTap()
        #expect(reader.state.stack.isEmpty)
    }

    /// Back settles an expanded sheet at its partially expanded state, then dismisses it.
    @Test func backCollapsesAnExpandedSheetBeforeDismissingIt() throws {
        var reader = Self.opened(try Self.scene())
        reader.action("Expand bottom sheet")
        reader.back()
        #expect(reader.state.topmost?.detent == "medium")
        reader.back()
        #expect(reader.state.stack.isEmpty)

        var fixed = Self.opened(try Self.scene(dismissible: false))
        fixed.action("Expand bottom sheet")
        fixed.back()
        #expect(fixed.state.topmost?.detent == "large")
        #expect(fixed.earcons == [.failure])
    }

    /// A Compose dialog announces `Dialog` as it appears, then its first element.
    @Test func aComposeDialogAnnouncesDialog() throws {
        let scene = try loadScene("""
            scene: Shop
            platform: android
            root:
              - button: Delete
                activate: { present: confirm }
            presentations:
              confirm:
                style: alert
                toolkit: compose
                title: Delete the list?
                content:
                  - button: Cancel
                    activate: dismiss
            """)
        var reader = ScreenReader(scene: scene)
        reader.touch("Delete")
        reader.doubleTap()
        #expect(reader.spoken.prefix(2) == ["Dialog", "Delete the list?"])
    }

    /// TalkBack hints any clickable node, whatever its role; VoiceOver hints no plain text.
    @Test func everyClickableElementIsHintedOnAndroidOnly() throws {
        for (platform, hint) in [("android", ["Double-tap to activate"]), ("ios", [])] {
            let scene = try loadScene("""
                scene: Shop
                platform: \(platform)
                root:
                  - text: Trail runner
                    activate: { announce: Added }
                """)
            var reader = ScreenReader(scene: scene)
            reader.touch("Trail runner")
            #expect(Array(reader.spoken.dropFirst()) == hint, "\(platform)")
        }
    }
}
