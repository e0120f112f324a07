import EarshotCore
import EarshotReader
import Testing

/// The Cancel button the system puts on watchOS sheets and action sheets (the profile's
/// `systemCancel`): there unless the app has its own, cancelling as a scrub would.
@Suite("The system's Cancel button")
struct SystemCancelTests {
    static let watch = """
        scene: Timers
        platform: watchos
        root:
          - button: Custom
            activate: { present: custom }
          - button: About
            activate: { present: about }
          - button: Delete
            activate: { present: confirm }
          - button: Share
            activate: { present: share }
        presentations:
          custom:
            title: New Timer
            confirm: discard
            content:
              - textField: Name
          discard:
            style: actionSheet
            content:
              - button: Discard
                role: destructive
                activate: { dismissAll: true }
          about:
            content:
              - button: Done
                placement: topLeading
                activate: dismiss
              - text: Timers keep running.
          confirm:
            style: actionSheet
            content:
              - button: Delete Timer
                role: destructive
                activate: dismiss
              - button: Keep
                role: cancel
                activate: dismiss
          share:
            style: fullScreen
            content:
              - button: Send
                activate: dismiss
        """

    func reader(_ yaml: String = Self.watch) throws -> ScreenReader { ScreenReader(scene: try loadScene(yaml)) }

    /// Holds: systemCancel.label, systemCancel.placement, systemCancel.styles.
    @Test func aWatchSheetHasTheSystemsCancelFirstInItsUpperLeadingCorner() throws {
        var reader = try reader()
        reader.open("Custom")
        let cancel = try #require(reader.scene.elements.firstIndex { $0.system == .cancel }.map(ElementRef.init))
        #expect(reader.scene[cancel].placement == .topLeading)
        reader.first()
        #expect(reader.lastDescription == "Cancel. Button.")
        reader.doubleTap()
        #expect(reader.presented == nil)
    }

    /// The Custom sheet with a name typed: unsaved changes.
    func withANameTyped() throws -> ScreenReader {
        var reader = try reader()
        reader.open("Custom")
        reader.touch("Name")
        reader.doubleTap()
        reader.type("Tea")
        return reader
    }

    @Test func theSystemsCancelAsksFirstWhenThereAreUnsavedChanges() throws {
        var reader = try withANameTyped()
        reader.touch("Cancel")
        reader.doubleTap()
        #expect(reader.presented == "discard")
    }

    @Test func aWatchActionSheetWithoutACancelActionGetsTheSystemsCancel() throws {
        var reader = try withANameTyped()
        reader.scrub()
        #expect(reader.presented == "discard")
        reader.touch("Cancel")
        reader.doubleTap()
        #expect(reader.presented == "custom")
    }

    @Test func anAppsOwnButtonInTheCornerReplacesIt() throws {
        var reader = try reader()
        reader.open("About")
        #expect(!reader.scope.contains { reader.scene[$0].system == .cancel })
        reader.first()
        #expect(reader.lastDescription == "Done. Button.")
    }

    @Test func anActionSheetsCancelRoleActionTakesItsPlaceInTheCorner() throws {
        var reader = try reader()
        reader.open("Delete")
        #expect(!reader.scope.contains { reader.scene[$0].system == .cancel })
        let keep = try #require(reader.scope.first { reader.scene[$0].label == "Keep" })
        #expect(reader.scene[keep].placement == .topLeading)
    }

    @Test func aFullScreenCoverAndOtherPlatformsHaveNone() throws {
        var reader = try reader()
        reader.open("Share")
        #expect(!reader.scope.contains { reader.scene[$0].system == .cancel })
        for platform in ["ios", "ipados", "macos", "visionos"] {
            let scene = try loadScene(Self.watch.replacingOccurrences(of: "platform: watchos", with: "platform: \(platform)"))
            #expect(!scene.elements.contains { $0.system == .cancel }, "\(platform)")
        }
    }
}
