import EarshotCore
import EarshotReader
import Testing

/// The grabber, presenting, dismissing and escape (docs/decisions.md).
@Suite("Sheets")
struct SheetBehaviourTests {
    static let scene = """
        scene: Sheets
        root:
          - button: Open
            activate: { present: sheet }
          - button: Notes
            activate: { present: format }
          - button: Delete
            activate: { present: confirm }
          - button: Stuck
            activate: { present: locked }
          - text: Bottom
            hidden: true
        presentations:
          sheet:
            detents: [ { id: peek, fraction: 0.25 }, medium, large ]
            selected: medium
            grabber: true
            confirm: discard
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - button: Done
                placement: topTrailing
                activate: dismiss
              - textField: Title
              - button: Bigger
                activate: { detent: large }
              - button: More
                activate: { present: second }
          second:
            content:
              - button: Close
                activate: dismiss
              - button: Close All
                activate: { dismissAll: true }
          discard:
            style: actionSheet
            title: Discard changes?
            content:
              - button: Discard
                role: destructive
                activate: { dismissAll: true }
              - button: Keep Editing
                role: cancel
                activate: dismiss
          format:
            detents: [medium, large]
            undimmed: medium
            grabber: true
            escape: sheet
            content:
              - button: Bold
          confirm:
            style: alert
            title: Delete this photo?
            content:
              - button: Delete
                role: destructive
                activate: dismiss
              - button: Cancel
                role: cancel
                activate: dismiss
          locked:
            dismissible: false
            grabber: true
            detents: [medium, large]
            escape: none
            content:
              - button: Agree
                activate: dismiss
        """

    func reader(_ yaml: String = Self.scene) throws -> ScreenReader { ScreenReader(scene: try loadScene(yaml)) }

    // MARK: Presenting

    @Test func presentingMovesTheCursorToTheGrabberFirst() throws {
        var reader = try reader()
        reader.open("Open")
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.lastDescription == "Sheet Grabber: Half screen. Button.")
        #expect(reader.lastEvents.contains(.presented("sheet")))
    }

    @Test func presentingEvenANonmodalSheetMovesTheCursorIntoIt() throws {
        var reader = try reader()
        reader.open("Notes")
        #expect(reader.lastDescription == "Sheet Grabber: Half screen. Button.")
    }

    @Test func anAlertStartsWithItsTitleAndPutsCancelLeading() throws {
        var reader = try reader()
        reader.open("Delete")
        #expect(reader.lastDescription == "Delete this photo?")
        reader.swipeRight()
        #expect(reader.lastDescription == "Cancel. Button.")
    }

    @Test func presentingWhatIsAlreadyShowingSoundsFailure() throws {
        let yaml = """
            scene: T
            root: [ { button: Open, activate: { present: s } } ]
            presentations:
              s:
                content: [ { button: Again, activate: { present: s } } ]
            """
        var reader = try reader(yaml)
        reader.open("Open")
        reader.doubleTap()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "s")
    }

    @Test func presentingStacksOnAShowingSheet() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("More")
        #expect(reader.state.stack.map(\.id) == ["sheet", "second"])
        #expect(reader.lastDescription == "Close. Button.")
        // The grabber below hides while a sheet is stacked on it.
        #expect(!reader.scope.contains(try #require(reader.scene.presentations["sheet"]?.grabberElement)))
    }

    // MARK: The grabber

    @Test func theGrabberCyclesUpwardAndWraps() throws {
        var reader = try reader()
        reader.open("Open")
        reader.doubleTap()
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)   // a layout change: VoiceOver plays no sound (NotificationTests)
        // After a resize, the name and new state only, no trait word (magentaA11y).
        #expect(reader.spoken == ["Sheet Grabber: Expanded"])
        reader.doubleTap()
        #expect(reader.detent == "peek")
        #expect(reader.lastDescription == "Sheet Grabber")   // a custom detent: no value before iOS 26
        reader.doubleTap()
        #expect(reader.detent == "medium")
        #expect(reader.lastDescription == "Sheet Grabber: Half screen")
        #expect(reader.focused?.label == "Sheet Grabber")
    }

    @Test func aGrabberWithOneDetentDoesNothing() throws {
        let yaml = """
            scene: T
            root: [ { button: Open, activate: { present: s } } ]
            presentations:
              s:
                grabber: true
                content: [ { text: Hi } ]
            """
        var reader = try reader(yaml)
        reader.open("Open")
        #expect(reader.lastDescription == "Sheet Grabber: Expanded. Button.")
        #expect(reader.doubleTap().isEmpty)
    }

    @Test func aDetentEffectResizesTheTopmostSheet() throws {
        var reader = try reader()
        reader.open("Open")
        reader.touch("Bigger")
        reader.doubleTap()
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)   // a layout change: VoiceOver plays no sound (NotificationTests)
        #expect(reader.lastEvents.contains(.detentChanged("sheet", "large")))
    }

    @Test func theParentOfANonmodalSheetIsReachableAtMediumNotAtLarge() throws {
        var reader = try reader()
        reader.open("Notes")
        let open = try #require(reader.scene.resolve("Open"))
        #expect(reader.isReachable(open))
        reader.doubleTap()  // the grabber: to large
        #expect(reader.detent == "large")
        #expect(!reader.isReachable(open))
        reader.doubleTap()  // back to medium
        #expect(reader.isReachable(open))
    }

    @Test func movingToAClippedRowExpandsTheSheet() throws {
        let yaml = """
            scene: Share
            root: [ { button: Share, activate: { present: share } } ]
            presentations:
              share:
                detents: [medium, large]
                grabber: true
                content:
                  - button: AirDrop
                    frame: [0, 30, 393, 60]
                  - button: Messages
                    frame: [0, 100, 393, 60]
                  - button: Save to Files
                    frame: [0, 500, 393, 60]
            """
        var reader = try reader(yaml)
        reader.open("Share")
        reader.swipeRight(); reader.swipeRight(); reader.swipeRight()   // the dimming view, AirDrop, Messages
        #expect(reader.detent == "medium")
        reader.swipeRight()
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)   // a layout change: VoiceOver plays no sound (NotificationTests)
        #expect(reader.lastDescription == "Save to Files. Button.")
    }

    @Test func readingAllExpandsTheSheetWhenItReachesAClippedRow() throws {
        let yaml = """
            scene: Share
            root: [ { button: Share, activate: { present: share } } ]
            presentations:
              share:
                detents: [medium, large]
                grabber: true
                content:
                  - button: AirDrop
                    frame: [0, 30, 393, 60]
                  - button: Save to Files
                    frame: [0, 500, 393, 60]
            """
        var reader = try reader(yaml)
        reader.open("Share")
        reader.readAll()
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)   // a layout change: VoiceOver plays no sound (NotificationTests)
        #expect(reader.focused?.label == "Save to Files")
        #expect(reader.spoken == ["Sheet Grabber: Half screen. Button.", "Activate to dismiss pop-up window. Button.",
                                  "AirDrop. Button.", "Save to Files. Button."])
    }

    // MARK: Dismissing

    @Test func dismissRestoresFocusToThePresenter() throws {
        var reader = try reader()
        reader.open("Open")
        reader.touch("Done")
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.lastDescription == "Open. Button.")
        #expect(reader.lastEvents.contains(.dismissed("sheet")))
    }

    @Test func withoutRestoreFocusTheCursorGoesToTheFirstElement() throws {
        var reader = try reader(Self.scene.replacingOccurrences(of: "scene: Sheets", with: "scene: Sheets\nrestoreFocus: false"))
        reader.open("Notes")
        reader.scrub()
        #expect(reader.presented == nil)
        #expect(reader.focused?.label == "Open")
    }

    @Test func dismissAllRestoresToTheBottomMostPresenter() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("More")
        reader.open("Close All")
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Open. Button.")
    }

    @Test func dismissingAStackedSheetReturnsToItsPresenterInTheSheetBelow() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("More")
        reader.open("Close")
        #expect(reader.presented == "sheet")
        #expect(reader.lastDescription == "More. Button.")
    }

    @Test func cancelWithoutUnsavedChangesDismisses() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("Cancel")
        #expect(reader.presented == nil)
    }

    @Test func cancelWithUnsavedChangesConfirms() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("Title")
        reader.type("Groceries")
        reader.open("Cancel")
        #expect(reader.presented == "discard")
        #expect(reader.lastDescription == "Discard changes?")
        // Keep Editing dismisses the action sheet only; focus back on Cancel.
        reader.open("Keep Editing")
        #expect(reader.presented == "sheet")
        #expect(reader.lastDescription == "Cancel. Button.")
    }

    @Test func scrubWithUnsavedChangesConfirmsAndTheAlertCancelRestores() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("Title")
        reader.type("x")
        reader.scrub()
        #expect(reader.presented == "discard")
        // A scrub in the action sheet runs its cancel-role button.
        reader.scrub()
        #expect(reader.presented == "sheet")
        #expect(reader.focused?.label == "Title")
    }

    @Test func swipeToDismissWithUnsavedChangesConfirms() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("Title")
        reader.type("x")
        reader.swipeToDismiss()
        #expect(reader.presented == "discard")
        reader.open("Discard")
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Open. Button.")
    }

    @Test func swipeToDismissWithoutChangesDismisses() throws {
        var reader = try reader()
        reader.open("Open")
        reader.swipeToDismiss()
        #expect(reader.presented == nil)
        #expect(reader.earcons == [.screenChanged])
    }

    @Test func aSheetThatIsNotDismissibleRefusesInteractiveDismissal() throws {
        var reader = try reader()
        reader.open("Stuck")
        reader.swipeToDismiss()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "locked")
        reader.touch("Agree")
        reader.scrub()
        #expect(reader.earcons == [.failure])
        reader.doubleTap()
        #expect(reader.presented == nil)
    }

    @Test func escapeContentLeavesTheGrabberGap() throws {
        var reader = try reader()
        reader.open("Open")
        #expect(reader.focused?.label == "Sheet Grabber")
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "sheet")
        reader.swipeRight()
        reader.scrub()
        #expect(reader.presented == nil)
    }

    @Test func escapeSheetCoversTheGrabber() throws {
        var reader = try reader()
        reader.open("Notes")
        #expect(reader.focused?.label == "Sheet Grabber")
        reader.scrub()
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Notes. Button.")
    }

    @Test func escapeNoneHandlesNothing() throws {
        let yaml = Self.scene.replacingOccurrences(of: "    dismissible: false\n", with: "")
        var reader = try reader(yaml)
        reader.open("Stuck")
        reader.touch("Agree")
        reader.scrub()
        #expect(reader.earcons == [.failure])
        #expect(reader.presented == "locked")
    }

    @Test func anAlertEscapesThroughItsCancelButton() throws {
        var reader = try reader()
        reader.open("Delete")
        reader.scrub()
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Delete. Button.")
    }

    @Test func nothingHandlesEscapeAtTheRoot() throws {
        var reader = try reader()
        reader.touch("Open")
        reader.scrub()
        #expect(reader.earcons == [.failure])
    }

    @Test func anElementsOwnEscapeRunsFirst() throws {
        let yaml = """
            scene: T
            root:
              - group: Editor
                escape: { announce: "Closed editor" }
                children: [ { text: Line } ]
            """
        var reader = try reader(yaml)
        reader.touch("Line")
        reader.scrub()
        #expect(reader.spoken == ["Closed editor"])
    }

    // MARK: Pages

    @Test func pagesNavigateAndTheBackButtonReturns() throws {
        let yaml = """
            scene: T
            root: [ { button: Start, activate: { present: wizard } } ]
            presentations:
              wizard:
                pages:
                  - id: one
                    content:
                      - button: Cancel
                        placement: topTrailing
                        activate: dismiss
                      - button: Next
                        activate: { navigate: two }
                  - id: two
                    content:
                      - button: Done
                        placement: topTrailing
                        activate: dismiss
                      - text: Step two
            """
        var reader = try reader(yaml)
        reader.open("Start")
        #expect(reader.lastDescription == "Cancel. Button.")
        reader.open("Next")
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.lastDescription == "Step two")   // past the bar: Back and Done
        reader.swipeLeft()
        #expect(reader.lastDescription == "Done. Button.")
        reader.swipeLeft()
        #expect(reader.lastDescription == "Back Button.")
        reader.open("Back")                 // onto the Next that had left page one
        #expect(reader.lastDescription == "Next. Button.")
    }
}
