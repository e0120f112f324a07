import EarshotCore
@testable import EarshotReader
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// docs/decisions.md: reading order and scope.
@Suite("Reading order and scope")
struct ScopeTests {
    static let notes = """
        scene: Notes
        root:
          - heading: Groceries
            frame: [0, 60, 393, 44]
          - text: Milk, eggs, bread
            frame: [0, 110, 393, 44]
          - button: Format
            frame: [300, 800, 80, 40]
            activate: { present: format }
        presentations:
          format:
            detents: [medium, large]
            undimmed: medium
            grabber: true
            content:
              - button: Bold
              - button: Italic
        """

    /// A container that orders its elements (`accessibilityElements`) is read in that order,
    /// whatever the frames say; placed among its siblings by its frame.
    @Test func anOrderedGroupReadsItsChildrenAsWritten() throws {
        let bar = { (ordered: Bool) in
            try loadScene("""
                scene: Bar
                root:
                  - group: ""
                    ordered: \(ordered)
                    frame: [0, 47, 393, 44]
                    children:
                      - button: Back
                        frame: [8, 47, 80, 44]
                      - heading: General
                        frame: [160, 58, 73, 22]
                      - button: Edit
                        frame: [320, 47, 60, 44]
                  - text: Above the bar in no way
                    frame: [0, 120, 393, 44]
                """)
        }
        #expect(try bar(true).scopeDescriptions() == ["Back. Button.", "General. Heading.", "Edit. Button.", "Above the bar in no way"])
        // By frames the title, 11 points lower, would be a row of its own, after Edit.
        #expect(try bar(false).scopeDescriptions() == ["Back. Button.", "Edit. Button.", "General. Heading.", "Above the bar in no way"])
    }

    @Test func theRootIsInScopeBeforeAnyPresentation() throws {
        let scene = try loadScene(Self.notes)
        #expect(scene.scopeDescriptions() == ["Groceries. Heading.", "Milk, eggs, bread", "Format. Button."])
    }

    @Test func aModalSheetLimitsScopeToItselfWithTheGrabberFirst() throws {
        let scene = try loadScene("""
            scene: Mail
            root:
              - button: Compose
            presentations:
              compose:
                detents: [medium, large]
                grabber: true
                content:
                  - button: Cancel
                    placement: topLeading
                  - heading: New Message
                  - button: Send
                    placement: topTrailing
                  - textField: To
            """)
        #expect(scene.scopeDescriptions(scene.state(presenting: "compose")) == [
            "Sheet Grabber: Half screen. Button.", "Activate to dismiss pop-up window. Button.", "Cancel. Button.",
            "Send. Button.", "New Message. Heading.", "To. Text Field.",
        ])
    }

    @Test func aNonmodalSheetAtItsUndimmedDetentKeepsTheUncoveredParent() throws {
        let scene = try loadScene(Self.notes)
        // At medium the sheet covers the lower half: Format (y 800) is covered, the note above is not.
        #expect(scene.scopeDescriptions(scene.state(presenting: "format", detent: "medium")) == [
            "Groceries. Heading.", "Milk, eggs, bread", "Sheet Grabber: Half screen. Button.", "Bold. Button.",
            "Italic. Button.",
        ])
    }

    @Test func aNonmodalSheetAboveItsUndimmedDetentIsModal() throws {
        let scene = try loadScene(Self.notes)
        #expect(scene.scopeDescriptions(scene.state(presenting: "format", detent: "large")) == [
            "Sheet Grabber: Expanded. Button.", "Activate to dismiss pop-up window. Button.", "Bold. Button.",
            "Italic. Button.",
        ])
    }

    @Test func aCoveredParentElementIsOutOfScope() throws {
        let scene = try loadScene(Self.notes)
        let state = scene.state(presenting: "format", detent: "medium")
        let scope = scene.scope(in: state)
        #expect(!scope.contains(try scene.ref("Format")))
        #expect(scope.contains(try scene.ref("Groceries")))
    }

    @Test func sheetsAreAlwaysModalOnMacOS() throws {
        let scene = try loadScene(Self.notes.replacingOccurrences(of: "scene: Notes", with: "scene: Notes\nplatform: macos"))
        #expect(scene.isModal(scene.state(presenting: "format", detent: "medium").stack[0]))
    }

    @Test func hiddenSubtreesAreSkipped() throws {
        let scene = try loadScene("""
            scene: T
            root:
              - text: One
              - group: Hidden
                hidden: true
                children:
                  - text: Two
                  - group: Inner
                    children: [ { text: Three } ]
              - text: Four
                hidden: false
              - text: Five
                hidden: { state: { advanced: false } }
            """)
        #expect(scene.scopeDescriptions() == ["One", "Four"])
        var state = SceneState()
        state.variables["advanced"] = "true"
        #expect(scene.scopeDescriptions(state) == ["One", "Four", "Five"])
    }

    @Test func aModalGroupHidesItsSiblingsButNotItsCousins() throws {
        let scene = try loadScene("""
            scene: T
            root:
              - text: Outside
              - group: Container
                children:
                  - text: Sibling
                  - group: Popup
                    modal: true
                    children:
                      - text: Inside
                      - button: OK
            """)
        #expect(scene.scopeDescriptions() == ["Outside", "Inside", "OK. Button."])
    }

    @Test func aHiddenModalGroupDoesNotLimitScope() throws {
        let scene = try loadScene("""
            scene: T
            root:
              - text: A
              - group: Popup
                modal: true
                hidden: true
                children: [ { text: B } ]
            """)
        #expect(scene.scopeDescriptions() == ["A"])
    }

    @Test func aFocusableGroupWithALabelIsReachable() throws {
        let scene = try loadScene("""
            scene: T
            root:
              - group: Message from Anna
                focusable: true
                children: [ { text: Lunch? } ]
              - group: Plain
                children: [ { text: Hi } ]
            """)
        #expect(scene.scopeDescriptions() == ["Message from Anna", "Lunch?", "Hi"])
    }

    @Test func groupsArePlacedByTheirFirstElement() throws {
        let scene = try loadScene("""
            scene: T
            root:
              - group: Lower
                children:
                  - text: Second
                    frame: [0, 200, 100, 20]
              - group: Upper
                children:
                  - text: First
                    frame: [0, 100, 100, 20]
            """)
        #expect(scene.scopeDescriptions() == ["First", "Second"])
    }

    @Test func framedRowsReadRightToLeftUnderRTL() throws {
        let scene = try loadScene("""
            scene: T
            direction: rtl
            root:
              - button: Left
                frame: [0, 100, 100, 44]
              - button: Right
                frame: [290, 103, 100, 44]
              - text: Below
                frame: [0, 200, 100, 44]
            """)
        #expect(scene.scopeDescriptions() == ["Right. Button.", "Left. Button.", "Below"])
    }

    @Test func barButtonsReadLeadingToTrailingInEitherDirection() throws {
        for direction in ["ltr", "rtl"] {
            let scene = try loadScene("""
                scene: T
                direction: \(direction)
                root: [ { button: Open } ]
                presentations:
                  s:
                    content:
                      - text: Body
                      - button: Done
                        placement: topTrailing
                      - button: Cancel
                        placement: topLeading
                """)
            #expect(scene.scopeDescriptions(scene.state(presenting: "s"))
                == ["Activate to dismiss pop-up window. Button.", "Cancel. Button.", "Done. Button.", "Body"])
            let cancel = scene.layout.frames[try scene.ref("Cancel").index]
            let done = scene.layout.frames[try scene.ref("Done").index]
            #expect(direction == "ltr" ? cancel.x < done.x : cancel.x > done.x)
        }
    }

    @Test func barButtonsReadLastOnMacOS() throws {
        let scene = try loadScene("""
            scene: T
            platform: macos
            root: [ { button: Open } ]
            presentations:
              s:
                content:
                  - button: Cancel
                    placement: bottomTrailing
                  - text: Body
            """)
        #expect(scene.scopeDescriptions(scene.state(presenting: "s")) == ["Body", "Cancel. button."])
    }

    @Test func aSheetTitleReadsBetweenTheBarButtonsAndBottomPlacementsReadLast() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              s:
                title: Edit Event
                content:
                  - button: Delete Event
                    placement: bottomTrailing
                  - button: Done
                    placement: topTrailing
                  - button: Cancel
                    placement: topLeading
                  - text: Body
            """)
        #expect(scene.scopeDescriptions(scene.state(presenting: "s"))
            == ["Activate to dismiss pop-up window. Button.", "Cancel. Button.", "Edit Event. Heading.", "Done. Button.",
                "Body", "Delete Event. Button."])
    }

    @Test func theAutoLayoutStartsAtTheSafeTopAndBelowTheGrabberBand() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { text: A }, { group: G, children: [ { text: B } ] } ]
            presentations:
              s:
                content:
                  - button: Cancel
                    placement: topLeading
                  - text: Row
            """)
        #expect(scene.layout.frames[try scene.ref("A").index] == Frame(x: 0, y: 59, width: 393, height: 44))
        #expect(scene.layout.frames[try scene.ref("B").index] == Frame(x: 0, y: 103, width: 393, height: 44))
        #expect(scene.layout.frames[try scene.ref("Row").index].y == 20 + 44)
    }

    @Test func alertsWithTwoActionsPutCancelLeading() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Delete } ]
            presentations:
              confirm:
                style: alert
                title: Delete this photo?
                content:
                  - button: Delete
                    role: destructive
                  - button: Cancel
                    role: cancel
            """)
        #expect(scene.scopeDescriptions(scene.state(presenting: "confirm"))
            == ["Delete this photo?", "Cancel. Button.", "Delete. Button."])
    }

    @Test func actionSheetsAndLargerAlertsPutCancelLast() throws {
        for style in ["actionSheet", "alert"] {
            let scene = try loadScene("""
                scene: T
                root: [ { button: Open } ]
                presentations:
                  choose:
                    style: \(style)
                    content:
                      - button: Cancel
                        role: cancel
                      - button: Delete Draft
                      - button: Save Draft
                """)
            #expect(scene.scopeDescriptions(scene.state(presenting: "choose"))
                == ["Delete Draft. Button.", "Save Draft. Button.", "Cancel. Button."], "\(style)")
        }
    }

    @Test func theGrabberHidesWhileASheetIsStackedOnTop() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              first:
                detents: [medium, large]
                undimmed: large
                grabber: true
                content: [ { text: One } ]
              second:
                detents: [medium]
                undimmed: medium
                grabber: true
                content: [ { text: Two } ]
            """)
        let state = scene.state(presenting: "first", "second")
        let scope = scene.scope(in: state)
        #expect(!scope.contains(try #require(scene.presentations["first"]?.grabberElement)))
        #expect(scope.contains(try #require(scene.presentations["second"]?.grabberElement)))
    }

    @Test func nothingBelowTheTopmostModalPresentationIsInScope() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              sheet:
                content: [ { text: Sheet } ]
              alert:
                style: alert
                content: [ { button: OK } ]
            """)
        #expect(scene.scopeDescriptions(scene.state(presenting: "sheet", "alert")) == ["OK. Button."])
    }

    @Test func mediumClipsWhatLargeShows() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              share:
                detents: [medium, large]
                content:
                  - text: Top
                    frame: [0, 30, 393, 44]
                  - text: Far
                    frame: [0, 600, 393, 44]
            """)
        let far = try scene.ref("Far"), top = try scene.ref("Top")
        #expect(scene.isClipped(far, in: scene.state(presenting: "share", detent: "medium")))
        #expect(!scene.isClipped(top, in: scene.state(presenting: "share", detent: "medium")))
        #expect(!scene.isClipped(far, in: scene.state(presenting: "share", detent: "large")))
    }

    @Test func presentationGeometryFollowsTheProfile() throws {
        let ios = try loadScene("scene: T\nroot: [ { button: A } ]\npresentations:\n  s:\n    detents: [medium, large, { id: peek, fraction: 0.25 }]\n    content: [ { text: B } ]")
        let sheet = try #require(ios.presentations["s"])
        #expect(ios.frame(of: sheet, detent: "large") == Frame(x: 0, y: 69, width: 393, height: 852 - 69))
        #expect(ios.frame(of: sheet, detent: "medium") == Frame(x: 0, y: 426, width: 393, height: 426))
        #expect(ios.frame(of: sheet, detent: "peek").height == 0.25 * (852 - 69))
        let ipad = try loadScene("scene: T\nplatform: ipados\nroot: [ { button: A } ]\npresentations:\n  f:\n    style: formSheet\n    content: [ { text: B } ]")
        #expect(ipad.frame(of: try #require(ipad.presentations["f"])) == Frame(x: 242, y: 373, width: 540, height: 620))
        let watch = try loadScene("scene: T\nplatform: watchos\nroot: [ { button: A } ]\npresentations:\n  s:\n    content: [ { text: B } ]")
        #expect(watch.frame(of: try #require(watch.presentations["s"])) == Frame(x: 0, y: 0, width: 198, height: 242))
        let vision = try loadScene("scene: T\nplatform: visionos\nroot: [ { button: A } ]\npresentations:\n  s:\n    grabber: true\n    content: [ { text: B } ]")
        #expect(vision.frame(of: try #require(vision.presentations["s"])) == Frame(x: 320, y: 120, width: 640, height: 480))
        #expect(vision.presentations["s"]?.grabberElement == nil)
    }

    @Test func presentingAgainStartsFromTheFilesState() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              s:
                content: [ { textField: To } ]
            """)
        var state = scene.state(presenting: "s")
        let to = try scene.ref("To")
        state.overrides[to, default: .init()].value = "typed"
        state.editing = to
        state.stack[0].unsaved = true
        state.dismissTopmost(in: scene)
        state.present("s", in: scene, presenter: nil)
        #expect(state.value(of: to, in: scene) == nil)
        #expect(state.editing == nil)
        #expect(state.topmost?.unsaved == false)
    }

    /// A toggle, an adjustment or typing changes nothing the scope reads unless a `hidden:`
    /// condition reads it: the reader keeps its scope instead of walking the scene again.
    @Test func changingValuesKeepsTheScopeUnlessAConditionReadsThem() throws {
        let plain = try loadScene("""
            scene: S
            root:
              - switch: Wi-Fi
                value: off
              - slider: Volume
                value: "50"
              - textField: Name
            """)
        var reader = ScreenReader(scene: plain)
        let walks = reader.scopeWalks
        reader.touch("Wi-Fi")
        reader.doubleTap()
        reader.touch("Volume")
        reader.swipeUp()
        reader.touch("Name")
        reader.doubleTap()
        reader.type("Anna")
        #expect(reader.state.value(of: try plain.ref("Wi-Fi"), in: plain) == "on")
        #expect(reader.state.value(of: try plain.ref("Name"), in: plain) == "Anna")
        #expect(reader.scopeWalks == walks + 1)     // editing brings the keyboard; typing changes nothing

        let conditional = try loadScene("""
            scene: S
            root:
              - textField: Name
                id: name
              - button: Continue
                hidden: { when: { filled: name }, then: false, else: true }
            """)
        var typing = ScreenReader(scene: conditional)
        typing.touch("Name")
        typing.doubleTap()
        #expect(!typing.isReachable("Continue"))
        typing.type("Anna")
        #expect(typing.isReachable("Continue"))
        #expect(typing.scope == conditional.scope(in: typing.state))
    }

    /// Coming back to a presentation stack takes the scope computed there before: presenting
    /// and dismissing again, or resizing back, walks the scene no more. A `hidden` set by an
    /// effect makes the scope depend on more than the stack, and it is walked again.
    @Test func aStackComeBackToKeepsItsScope() throws {
        let scene = try loadScene(Self.notes + """

              hide:
                content:
                  - button: Hide
                    activate: [ { set: { Groceries: { hidden: true } } }, dismiss ]
            """)
        var reader = ScreenReader(scene: scene)
        let opening = reader.scope
        reader.open("Format")
        let walks = reader.scopeWalks
        for _ in 0..<3 {
            reader.touch("Bold")
            reader.scrub()
            #expect(reader.presented == nil)
            #expect(reader.scope == opening)
            reader.open("Format")
            #expect(reader.scope == scene.scope(in: reader.state))
        }
        #expect(reader.scopeWalks == walks)

        var hiding = ScreenReader(scene: scene)
        hiding.touch("Format")
        var shown = hiding
        shown.changeState { $0.present("hide", in: scene, presenter: nil) }
        shown.touch("Hide")
        shown.doubleTap()
        #expect(shown.presented == nil)
        #expect(shown.scope == scene.scope(in: shown.state))
        #expect(!shown.isReachable("Groceries"))
    }
}

/// docs/format.md: a `series` group's children say `N of M`, counting the visible ones.
@Suite("Series groups")
struct SeriesTests {
    @Test func aSeriesGroupsChildrenSayTheirPosition() throws {
        let scene = try loadScene("""
            scene: Calendar
            root:
              - group: ""
                series: true
                children:
                  - button: Day
                    selected: true
                  - button: Week
                  - button: Month
                    hidden: true
                  - button: Year
              - button: Today
            """)
        #expect(scene.scopeDescriptions() == ["Selected: Day. Button. 1 of 3.", "Week. Button. 2 of 3.", "Year. Button. 3 of 3.", "Today. Button."])
    }
}

/// Presenting finds the topmost presentation's elements as the run that ends the scope (before
/// the keyboard's keys), not by filtering the whole scope: for every bundled scene, with each of
/// its presentations shown over the parent, and again with one of its text entries editing, the
/// run is what filtering finds.
@Suite("The topmost presentation's run")
struct TopmostRunTests {
    static let scenes = TestScenes.bundledSceneFiles

    @Test(arguments: scenes)
    func isWhatFilteringTheScopeFinds(_ name: String) throws {
        let scene = try SceneLoader.load(path: Repository.path("Scenarios/" + name).path)
        var checked = 0
        for id in scene.presentationOrder {
            var state = scene.openingState()
            state.present(id, in: scene, presenter: nil)
            var states = [state]
            if let entry = scene.elements.indices.map(ElementRef.init).first(where: {
                scene[$0].surface.presentationID == id && scene[$0].role.isTextEntry
            }) {
                state.editing = entry
                states.append(state)
            }
            for state in states {
                let scope = scene.scope(in: state)
                let top = try #require(state.topmost?.id)
                let filtered = scope.filter { scene[$0].surface.presentationID == top }
                #expect(Array(ScreenReader.topmostRun(of: scope, presentation: top, in: scene)) == filtered, "\(id)")
                checked += 1
            }
        }
        #expect(checked >= scene.presentationOrder.count)
    }

    @Test func theBundledScenesAreFound() {
        #expect(Self.scenes.count >= 10)
    }
}

/// The reader keeps a presentation's area between flicks (``ScreenReader/isClipped(_:)``): it
/// judges every element as the scene does, detent after detent, in one reader.
@Suite("Clipping judged from a kept area")
struct ClipAreaTests {
    /// Checks a bundled scene; returns how many (element, detent) pairs are clipped.
    static func check(_ name: String) throws -> Int {
        let scene = try SceneLoader.load(path: Repository.path("Scenarios/" + name).path)
        var reader = ScreenReader(scene: scene)
        var clipped = 0
        for id in scene.presentationOrder {
            guard let presentation = scene.presentations[id] else { continue }
            var state = scene.openingState()
            state.present(id, in: scene, presenter: nil)
            let index = state.stack.count - 1
            // Up the detents and down again, so that each area is asked for after another's.
            let detents = presentation.detents.map(\.id)
            for detent in detents + detents.reversed() {
                state.stack[index].detent = detent
                reader.changeState { $0 = state }
                for ref in scene.elements.indices.map(ElementRef.init) {
                    let expected = scene.isClipped(ref, in: state)
                    #expect(reader.isClipped(ref) == expected, "\(name) \(id) at \(detent): \(scene[ref].label)")
                    if expected { clipped += 1 }
                }
            }
        }
        return clipped
    }

    @Test func isWhatTheSceneSaysAtEveryDetentOfEveryBundledScene() throws {
        let clipped = try TestScenes.bundledSceneFiles.reduce(0) { $0 + (try Self.check($1)) }
        #expect(clipped > 0, "some bundled sheet clips an element at a detent")
    }
}
