import EarshotCore
import EarshotReader
import Testing

/// The dismiss elements the system adds around a presentation (a dimmed sheet's dimming view,
/// a popover's dismiss region) and the size-class adaptation of popovers and action sheets.
@Suite("Dismiss elements and size classes")
struct DismissElementTests {
    static let dimming = "Activate to dismiss pop-up window"

    static let sheets = """
        scene: Sheets
        root:
          - button: Compose
            activate: { present: compose }
          - button: Format
            activate: { present: format }
          - button: Terms
            activate: { present: terms }
        presentations:
          compose:
            detents: [medium, large]
            grabber: true
            confirm: discard
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - textField: To
          discard:
            style: actionSheet
            content:
              - button: Delete Draft
                role: destructive
                activate: { dismissAll: true }
              - button: Keep Editing
                role: cancel
                activate: dismiss
          format:
            detents: [medium, large]
            undimmed: medium
            grabber: true
            content:
              - button: Bold
          terms:
            dismissible: false
            content:
              - button: Agree
                activate: dismiss
        """

    func reader(_ yaml: String = Self.sheets) throws -> ScreenReader { ScreenReader(scene: try loadScene(yaml)) }

    // MARK: The dimming view of a dimmed sheet

    @Test func aDimmedSheetHasTheDimmingViewBetweenTheGrabberAndTheContent() throws {
        var reader = try reader()
        reader.open("Compose")
        #expect(reader.focused?.label == "Sheet Grabber")   // presenting never lands on it
        reader.swipeRight()
        #expect(reader.lastDescription == "\(Self.dimming). Button.")
        reader.swipeRight()
        #expect(reader.lastDescription == "Cancel. Button.")
    }

    @Test func activatingTheDimmingViewDismissesTheSheet() throws {
        var reader = try reader()
        reader.open("Compose")
        reader.touch(Self.dimming)
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.focused?.label == "Compose")
    }

    @Test func theDimmingViewAsksFirstWhenThereAreUnsavedChanges() throws {
        var reader = try reader()
        reader.open("Compose")
        reader.touch("To")
        reader.doubleTap()
        reader.type("anna")
        reader.touch(Self.dimming)
        reader.doubleTap()
        #expect(reader.presented == "discard")
    }

    @Test func aSheetThatRefusesDismissalRefusesItsDimmingViewWithTheFailureEarcon() throws {
        var reader = try reader()
        reader.open("Terms")
        #expect(reader.focused?.label == "Agree")           // no grabber: still not the dimming view
        reader.first()
        #expect(reader.lastDescription == "\(Self.dimming). Button.")
        reader.doubleTap()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "terms")
    }

    @Test func aNonmodalSheetHasNoDimmingViewUntilItIsDimmed() throws {
        var reader = try reader()
        reader.open("Format")
        #expect(!reader.isReachable(Self.dimming))
        reader.touch("Sheet Grabber")
        reader.doubleTap()                                  // to large: dimmed, modal
        #expect(reader.isReachable(Self.dimming))
    }

    @Test func aTapAboveTheSheetLandsOnTheDimmingView() throws {
        var reader = try reader()
        reader.open("Compose")
        reader.tap(x: 200, y: 100)                          // the medium sheet's top is at 426
        #expect(reader.focused?.label == Self.dimming)
        reader.tap(x: 200, y: 500)
        #expect(reader.focused?.label != Self.dimming)
    }

    static let formSheet = """
        scene: Contacts
        platform: ipados
        root:
          - button: Add Contact
            activate: { present: add }
        presentations:
          add:
            style: formSheet
            content:
              - textField: First Name
        """

    /// The form sheet is 540 x 620, centered on the 1024 x 1366 screen: x 242 to 782, y 373 to 993.
    /// Holds: dimming.frame.
    @Test func aTouchBesideAboveOrBelowAnIPadFormSheetReachesItsDimmingView() throws {
        var reader = try reader(Self.formSheet)
        reader.open("Add Contact")
        reader.tap(x: 512, y: 980)                          // inside the sheet, below its field: nothing
        #expect(reader.focused?.label == "First Name")
        for (x, y) in [(100.0, 600.0), (900.0, 600.0), (512.0, 100.0), (512.0, 1200.0)] {
            reader.tap(x: x, y: y)
            #expect(reader.focused?.label == Self.dimming, "at \(x), \(y)")
        }
    }

    /// A profile whose dismiss element is the strip above its presentation: beside it, nothing.
    @Test func aDismissElementAboveThePresentationIsReachedOnlyAboveIt() throws {
        var scene = try loadScene(Self.formSheet)
        scene.profile.dimming?.frame = .above
        var reader = ScreenReader(scene: scene)
        reader.open("Add Contact")
        reader.tap(x: 512, y: 100)
        #expect(reader.focused?.label == Self.dimming)
        reader.tap(x: 100, y: 600)
        #expect(reader.focused?.label == Self.dimming)      // nothing there: the cursor stays
        #expect(reader.steps.last?.events.contains { if case .stepFailed = $0 { true } else { false } } == true)
    }

    /// Holds: popoverDismiss.frame.
    @Test func aTouchAnywhereOutsideAPopoverReachesItsDismissRegion() throws {
        var reader = try reader(Self.iPad)
        reader.open("Sort")
        reader.tap(x: 1000, y: 1300)
        #expect(reader.focused?.label == "dismiss popup")
    }

    /// Holds: ios:dimming, ipados:dimming.
    @Test(arguments: ["ios", "ipados"])
    func theDimmingViewIsAFactOfTheOSVersion(platform: String) throws {
        let yaml = Self.sheets.replacingOccurrences(of: "scene: Sheets\n", with: "scene: Sheets\nplatform: \(platform)\nos: \"26\"\n")
        var reader = try reader(yaml)
        reader.open("Compose")
        reader.swipeRight()
        #expect(reader.lastDescription == "Cancel. Button.")
        #expect(reader.scene.presentations["compose"]?.dismissElement == nil)
        #expect(try loadScene(yaml.replacingOccurrences(of: "os: \"26\"", with: "os: \"18\"")).presentations["compose"]?.dismissElement != nil)
    }

    // MARK: Popovers and action sheets on iPad

    static let iPad = """
        scene: Photos
        platform: ipados
        root:
          - button: Sort
            activate: { present: sort }
          - button: More
            activate: { present: more }
          - button: Plain
            activate: { present: plain }
        presentations:
          sort:
            style: popover
            content:
              - button: Newest First
                activate: dismiss
              - button: Oldest First
                activate: dismiss
          more:
            style: actionSheet
            title: Photo options
            content:
              - button: Duplicate
                activate: dismiss
              - button: Keep
                role: cancel
                activate: [ { announce: "Kept" }, dismiss ]
          plain:
            style: actionSheet
            content:
              - button: Duplicate Album
                activate: dismiss
        """

    @Test func aPopoverOnIPadEndsWithItsDismissElementAndReadingReachesIt() throws {
        var reader = try reader(Self.iPad)
        reader.open("Sort")
        reader.readAll()
        #expect(reader.spoken == ["Newest First. Button.", "Oldest First. Button.", "dismiss popup. Button."])
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.focused?.label == "Sort")
    }

    /// Holds: adaptations.actionSheetAsPopover.
    @Test func anActionSheetOnIPadIsAPopoverWithoutItsCancelAction() throws {
        var reader = try reader(Self.iPad)
        reader.open("More")
        let scene = reader.scene
        #expect(scene.presentations["more"]?.appearance == .popover)
        #expect(!reader.isReachable("Keep"))
        reader.readAll()
        #expect(reader.spoken == ["Photo options", "Duplicate. Button.", "dismiss popup. Button."])
        #expect(scene.frame(of: reader.state.topmost!, in: reader.state).width == 320)
    }

    @Test func theDismissElementOfAnIPadActionSheetRunsItsCancelAction() throws {
        var reader = try reader(Self.iPad)
        reader.open("More")
        reader.touch("dismiss popup")
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.announcements.map(\.text) == ["Kept"])
    }

    @Test func escapeOnAnIPadActionSheetRunsItsCancelActionOrDismissesIt() throws {
        var reader = try reader(Self.iPad)
        reader.open("More")
        reader.scrub()
        #expect(reader.presented == nil)
        #expect(reader.announcements.map(\.text) == ["Kept"])
        reader.open("Plain")                          // no cancel action: dismissed as a popover is
        reader.scrub()
        #expect(reader.presented == nil)
        #expect(reader.earcons == [.screenChanged])
    }

    @Test func anActionSheetOnIPhoneKeepsItsCancelActionAndHasNoDismissElement() throws {
        var reader = try reader(Self.iPad.replacingOccurrences(of: "platform: ipados", with: "platform: ios"))
        reader.open("More")
        reader.readAll()
        #expect(reader.spoken == ["Photo options", "Duplicate. Button.", "Keep. Button."])
    }

    /// The same iPhone scene run on iPad (a configuration's `platform: ipados`): the action sheet
    /// adapts to a popover as an iPad scene's does, on the iPad's screen; a screen the scene wrote
    /// stays; a device of another platform is refused.
    @Test func anIPhoneSceneAppliedToIPadAdaptsAsAnIPadSceneDoes() throws {
        let iPhone = try loadScene(Self.iPad.replacingOccurrences(of: "platform: ipados", with: "platform: ios"))
        let onIPad = try iPhone.applying(platform: .ipados)
        #expect(onIPad.platform == .ipados && onIPad.os == iPhone.os && onIPad.language == iPhone.language)
        #expect(onIPad.screen == (1024, 1366))
        var reader = ScreenReader(scene: onIPad)
        reader.open("More")
        reader.readAll()
        #expect(reader.spoken == ["Photo options", "Duplicate. Button.", "dismiss popup. Button."])
        let written = try loadScene(Self.iPad.replacingOccurrences(of: "platform: ipados", with: "platform: ios\nscreen: [375, 667]"))
        #expect(try written.applying(platform: .ipados).screen == (375, 667))
        #expect(throws: ProfileError.self) { try iPhone.applying(platform: .watchos) }
        #expect(try onIPad.applying(platform: .ios).screen == (393, 852))
    }

    /// From iOS 26 an iPhone's action sheet (a SwiftUI confirmation dialog) is a popover: no
    /// Cancel, its dismiss region the way out (psimaker/vaultsync issue 64, iOS 26.5 against 18).
    /// Holds: adaptations.actionSheetAsPopover.
    @Test func anActionSheetOnIPhoneFrom26IsAPopoverWithoutItsCancelAction() throws {
        let iPhone = Self.iPad.replacingOccurrences(of: "platform: ipados", with: "platform: ios\nos: \"26\"")
        var reader = try reader(iPhone)
        reader.open("More")
        #expect(reader.scene.presentations["more"]?.appearance == .popover)
        #expect(!reader.isReachable("Keep"))
        reader.readAll()
        #expect(reader.spoken == ["Photo options", "Duplicate. Button.", "dismiss popup. Button."])
        reader.doubleTap()                            // the dismiss region runs the cancel action
        #expect(reader.presented == nil)
        #expect(reader.announcements.map(\.text) == ["Kept"])
        // iOS 18 keeps the action sheet and its Cancel.
        var before = try self.reader(iPhone.replacingOccurrences(of: "os: \"26\"", with: "os: \"18\""))
        before.open("More")
        #expect(before.isReachable("Keep"))
        // `--os 18` over the same scene starts from it as written: Cancel shown again.
        var earlier = ScreenReader(scene: try reader.scene.applying(os: "18"))
        earlier.open("More")
        #expect(earlier.isReachable("Keep"))
    }

    // MARK: Popovers on iPhone

    static let iPhone = """
        scene: Notes
        root:
          - button: Sort
            activate: { present: sort }
          - button: Info
            activate: { present: info }
        presentations:
          sort:
            style: popover
            content:
              - button: Newest First
                activate: dismiss
          info:
            style: popover
            adaptation: none
            content:
              - text: Edited today
        """

    /// Holds: adaptations.popoverAsSheet.
    @Test func aPopoverOnIPhoneIsShownAsASheetThatSwipesAndScrubsAway() throws {
        var reader = try reader(Self.iPhone)
        reader.open("Sort")
        let sort = try #require(reader.scene.presentations["sort"])
        #expect(sort.style == .sheet && sort.writtenStyle == .popover)
        #expect(reader.detent == "large")
        reader.swipeToDismiss()
        #expect(reader.presented == nil)
        reader.open("Sort")
        reader.scrub()
        #expect(reader.presented == nil)
    }

    @Test func adaptationNoneKeepsThePopoverLookOnIPhone() throws {
        var reader = try reader(Self.iPhone)
        reader.open("Info")
        #expect(reader.scene.presentations["info"]?.style == .popover)
        reader.swipeToDismiss()                             // a popover is not swiped down
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "info")
        reader.swipeRight()
        #expect(reader.lastDescription == "dismiss popup. Button.")
        reader.doubleTap()
        #expect(reader.presented == nil)
    }
}

/// Where the cursor lands as a sheet appears (the profile's `presentFocus`).
@Suite("Focus as a sheet appears")
struct PresentFocusTests {
    static let sheet = """
        scene: Survey
        root:
          - button: Open
            activate: { present: survey }
        presentations:
          survey:
            GRABBER
            content:
              - button: Close
                placement: topTrailing
                activate: dismiss
              - heading: Tell us
        """

    /// Holds: presentFocus.dismissElement.
    @Test func theGrabberWhereOneShowsElseTheContentNeverTheDimmingView() throws {
        for (grabber, first) in [("grabber: true", "Sheet Grabber"), ("grabber: false", "Close")] {
            var reader = ScreenReader(scene: try loadScene(Self.sheet.replacingOccurrences(of: "GRABBER", with: grabber)))
            reader.touch("Open")
            reader.doubleTap()
            #expect(reader.focused?.label == first, "\(grabber)")
            #expect(reader.scope.contains { reader.scene[$0].system == .dismiss }, "swiping still reaches it")
        }
        var scene = try loadScene(Self.sheet.replacingOccurrences(of: "GRABBER", with: "grabber: false"))
        scene.profile.presentFocus.dismissElement = true
        var reader = ScreenReader(scene: scene)
        reader.touch("Open")
        reader.doubleTap()
        #expect(reader.focused?.label == "Activate to dismiss pop-up window")
    }
}
