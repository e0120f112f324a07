import EarshotCore
import EarshotReader
import Testing

/// Where an Android scene's elements and presentations lie, from the Android profile's sizes:
/// a Pixel 7's screen, AOSP's status bar, Material's 48dp touch target, its 64dp top app bar,
/// a 280dp menu and a 312dp dialog; and its siblings in the framework's stripes, not rows.
///
/// Holds: android:geometry.screen, android:geometry.safeTop, android:geometry.rowHeight,
/// Holds: android:geometry.barHeight, android:geometry.grabberBand, android:geometry.barPlacement,
/// Holds: android:geometry.barButtonWidth, android:geometry.barInset, android:geometry.presentations.*,
/// Holds: android:geometry.order, android:geometry.rowThreshold.
@Suite("Android's geometry")
struct AndroidGeometryTests {
    static let yaml = """
        scene: Geometry
        platform: android
        root:
          - heading: Library
          - button: Albums
            activate: { present: sheet }
          - button: Sort
            activate: { present: menu }
        presentations:
          sheet:
            detents: [medium, large]
            selected: large
            grabber: true
            content:
              - button: Done
                placement: topTrailing
                activate: dismiss
              - text: First
          alert:
            style: alert
            title: Delete?
            content:
              - button: OK
                activate: dismiss
          menu:
            style: menu
            content:
              - button: Title
                activate: dismiss
          actions:
            style: actionSheet
            content:
              - button: Share
                activate: dismiss
          popover:
            style: popover
            adaptation: none
            content:
              - text: Tip
          form:
            style: formSheet
            content:
              - text: Form
          page:
            style: pageSheet
            content:
              - text: Page
          cover:
            style: fullScreen
            content:
              - text: Cover
        """

    static func shown(_ id: String, detent: String? = nil) throws -> (Scene, SceneState) {
        let scene = try loadScene(yaml)
        var state = SceneState()
        state.present(id, in: scene, presenter: try scene.ref("Sort"))
        if let detent { state.stack[0].detent = detent }
        return (scene, state)
    }

    /// A Pixel 7's screen; the parent view's rows, 48dp each, start below the 24dp status bar.
    @Test func theParentViewStartsBelowTheStatusBarInTouchTargetRows() throws {
        let scene = try loadScene(Self.yaml)
        #expect(scene.screen.width == 412 && scene.screen.height == 915)
        let state = SceneState()
        #expect(scene.scope(in: state).map { scene.absoluteFrame(of: $0, in: state) } == [
            Frame(x: 0, y: 24, width: 412, height: 48),
            Frame(x: 0, y: 72, width: 412, height: 48),
            Frame(x: 0, y: 120, width: 412, height: 48),
        ])
    }

    /// Expanded, the sheet reaches 10dp below the status bar; its handle's 48dp band, then its
    /// 64dp bar with a 48dp button 16dp from the edge, then its rows. Half expanded, half the screen.
    @Test func aSheetHasItsHandleBandAndABarOnTop() throws {
        let (scene, state) = try Self.shown("sheet")
        #expect(scene.frame(of: state.stack[0], in: state) == Frame(x: 0, y: 34, width: 412, height: 881))
        let frames = scene.scope(in: state).map { scene.absoluteFrame(of: $0, in: state) }
        #expect(frames == [
            Frame(x: 156, y: 34, width: 100, height: 48),
            Frame(x: 348, y: 82, width: 48, height: 64),
            Frame(x: 0, y: 146, width: 412, height: 48),
        ])
        let (_, medium) = try Self.shown("sheet", detent: "medium")
        #expect(scene.frame(of: medium.stack[0], in: medium) == Frame(x: 0, y: 457.5, width: 412, height: 457.5))
    }

    /// A dialog is 312dp wide and centered; a menu at most 280dp, below what opened it.
    @Test func aDialogIsCenteredAndAMenuHangsBelowItsButton() throws {
        let (alertScene, alert) = try Self.shown("alert")
        #expect(alertScene.frame(of: alert.stack[0], in: alert) == Frame(x: 50, y: 385.5, width: 312, height: 144))
        let (menuScene, menu) = try Self.shown("menu")
        #expect(menuScene.frame(of: menu.stack[0], in: menu) == Frame(x: 66, y: 168, width: 280, height: 96))
    }

    /// An action sheet rests on the bottom edge; a popover hangs below what opened it as a
    /// menu does; form and page sheets rest at detents as a sheet does; a cover fills the screen.
    @Test func theOtherStylesLieWhereTheProfileSays() throws {
        func frame(_ id: String) throws -> Frame {
            let (scene, state) = try Self.shown(id)
            return scene.frame(of: state.stack[0], in: state)
        }
        #expect(try frame("actions") == Frame(x: 0, y: 819, width: 412, height: 96))
        #expect(try frame("popover") == Frame(x: 66, y: 168, width: 280, height: 96))
        #expect(try frame("form") == Frame(x: 0, y: 34, width: 412, height: 881))
        #expect(try frame("page") == Frame(x: 0, y: 34, width: 412, height: 881))
        #expect(try frame("cover") == Frame(x: 0, y: 0, width: 412, height: 915))
    }

    /// Siblings that overlap vertically are read by `x` (the framework's stripes), however far
    /// apart their tops are: VoiceOver's rows would read the higher first.
    @Test func siblingsThatOverlapAreReadByX() throws {
        func order(_ platform: String) throws -> [String] {
            let scene = try loadScene("""
                scene: Row
                platform: \(platform)
                root:
                  - text: Right
                    frame: [200, 100, 150, 48]
                  - text: Left
                    frame: [0, 120, 150, 48]
                """)
            return scene.scope(in: SceneState()).map { scene[$0].label }
        }
        #expect(try order("android") == ["Left", "Right"])
        #expect(try order("ios") == ["Right", "Left"])
    }
}
