import EarshotCore
import EarshotReader
import Testing

/// docs/format.md: each row of the step table.
@Suite("Steps")
struct StepTests {
    static let list = """
        scene: List
        magicTap: { announce: "Playing" }
        root:
          - heading: Settings
          - switch: Wi-Fi
            value: on
          - slider: Volume
            value: 50
            step: 10
            unit: percent
          - link: Privacy Policy
          - group: Account
            children:
              - button: Sign Out
                magicTap: { announce: "Signing out" }
              - heading: Devices
          - text: Anna, Lunch tomorrow?
            actions:
              - name: Delete
                do: { announce: Deleted }
              - name: Flag
                do: { announce: Flagged }
          - button: Disabled
            enabled: false
            activate: { announce: "Never" }
        """

    func reader() throws -> ScreenReader { ScreenReader(scene: try loadScene(Self.list)) }

    @Test func swipeRightStartsAtTheFirstElementAndStopsAtTheLast() throws {
        var reader = try reader()
        reader.swipeRight()
        #expect(reader.lastDescription == "Settings. Heading.")
        reader.last()
        #expect(reader.lastDescription == "Disabled. Dimmed. Button.")
        let events = reader.swipeRight()
        #expect(reader.earcons == [.boundary])
        #expect(reader.spoken.isEmpty)
        #expect(reader.focused?.label == "Disabled")
        #expect(!events.contains { if case .focus = $0 { true } else { false } })
    }

    @Test func swipeLeftStartsAtTheLastAndStopsAtTheFirstWithoutWrapping() throws {
        var reader = try reader()
        reader.swipeLeft()
        #expect(reader.lastDescription == "Disabled. Dimmed. Button.")
        reader.first()
        #expect(reader.lastDescription == "Settings. Heading.")
        reader.swipeLeft()
        #expect(reader.earcons == [.boundary])
        #expect(reader.focused?.label == "Settings")
    }

    @Test func swipesWalkTheScopeInOrder() throws {
        var reader = try reader()
        var heard: [String] = []
        for _ in 0..<8 {
            reader.swipeRight()
            heard.append(reader.lastDescription ?? "-")
        }
        #expect(heard == ["Settings. Heading.", "Wi-Fi. Switch Button. On.", "Volume: 50%. Adjustable.",
                          "Privacy Policy. Link.", "Sign Out. Button.", "Devices. Heading.",
                          "Anna, Lunch tomorrow?", "Disabled. Dimmed. Button."])
    }

    @Test func doubleTapTogglesASwitchAndSpeaksTheNewState() throws {
        var reader = try reader()
        reader.touch("Wi-Fi")
        reader.doubleTap()
        #expect(reader.spoken == ["Off."])
        reader.doubleTap()
        #expect(reader.spoken == ["On."])
        reader.swipeLeft(); reader.swipeRight()
        #expect(reader.lastDescription == "Wi-Fi. Switch Button. On.")
    }

    @Test func doubleTapOnADisabledElementDoesNothing() throws {
        var reader = try reader()
        reader.touch("Disabled")
        let events = reader.doubleTap()
        #expect(events.isEmpty)
        #expect(reader.failures.isEmpty)
    }

    @Test func doubleTapWithNothingUnderTheCursorCannotAct() throws {
        var reader = try reader()
        reader.doubleTap()
        #expect(reader.failures.count == 1)
    }

    @Test func swipingUpAndDownAdjustsByStepWithinLimits() throws {
        var reader = try reader()
        reader.touch("Volume")
        #expect(reader.hint == "Swipe up or down with one finger to adjust the value.")
        reader.swipeUp()
        #expect(reader.spoken == ["60%"])
        for _ in 0..<4 { reader.swipeUp() }
        #expect(reader.spoken == ["100%"])
        reader.swipeUp()
        #expect(reader.spoken == ["100%"])
        reader.swipeDown()
        #expect(reader.spoken == ["90%"])
    }

    @Test func verticalSwipesElsewhereSoundBoundary() throws {
        var reader = try reader()
        reader.touch("Settings")
        reader.swipeDown()
        #expect(reader.earcons == [.boundary])
        #expect(reader.spoken.isEmpty)
    }

    @Test func rotorSpeaksItsName() throws {
        var reader = try reader()
        let names: [(ScreenReader.Rotor, String)] = [(.actions, "Actions"), (.headings, "Headings"), (.links, "Links"),
                                                     (.containers, "Containers"), (.adjust, "Adjust Value")]
        for (rotor, name) in names {
            reader.rotor(rotor)
            #expect(reader.spoken == [name])
        }
    }

    @Test func theHeadingsRotorJumpsBetweenHeadingsWithBoundaries() throws {
        var reader = try reader()
        reader.touch("Settings")
        reader.rotor(.headings)
        reader.swipeDown()
        #expect(reader.lastDescription == "Devices. Heading.")
        reader.swipeDown()
        #expect(reader.earcons == [.boundary])
        reader.swipeUp()
        #expect(reader.lastDescription == "Settings. Heading.")
    }

    @Test func theLinksRotorFindsLinks() throws {
        var reader = try reader()
        reader.rotor(.links)
        reader.swipeDown()
        #expect(reader.lastDescription == "Privacy Policy. Link.")
    }

    @Test func theContainersRotorMovesIntoLabelledGroups() throws {
        var reader = try reader()
        reader.touch("Settings")
        reader.rotor(.containers)
        reader.swipeDown()
        #expect(reader.lastDescription == "Sign Out. Button.")
        reader.swipeDown()
        #expect(reader.earcons == [.boundary])
    }

    @Test func theActionsRotorPicksAndRunsCustomActions() throws {
        var reader = try reader()
        reader.touch("Anna, Lunch tomorrow?")
        #expect(reader.spoken == ["Anna, Lunch tomorrow?", "Actions Available"])
        reader.rotor(.actions)
        reader.swipeDown()
        #expect(reader.spoken == ["Delete"])
        reader.swipeDown()
        #expect(reader.spoken == ["Flag"])
        reader.swipeUp()
        #expect(reader.spoken == ["Delete"])
        reader.doubleTap()
        #expect(reader.spoken == ["Deleted"])
    }

    /// The rotor comes round to the element's default action past either end of its custom
    /// actions (element-x-ios issue 2232, iOS 17.1.2: "activate (default)"; an iOS 26.5 log), and
    /// a double tap there activates the element; a language without the words stops at a boundary.
    @Test func theActionsRotorComesRoundToActivateDefault() throws {
        var reader = try reader()
        reader.touch("Anna, Lunch tomorrow?")
        reader.rotor(.actions)
        reader.swipeDown()
        reader.swipeDown()
        reader.swipeDown()
        #expect(reader.spoken == ["Activate, Default"])
        #expect(reader.actionIndex == nil)
        reader.swipeUp()
        #expect(reader.spoken == ["Flag"])
        reader.swipeDown()
        #expect(reader.spoken == ["Activate, Default"])
        reader.swipeDown()
        #expect(reader.spoken == ["Delete"])
        reader.swipeUp()
        #expect(reader.spoken == ["Activate, Default"])
    }

    @Test func theActionsChoiceResetsWhenTheCursorMoves() throws {
        var reader = try reader()
        reader.touch("Anna, Lunch tomorrow?")
        reader.rotor(.actions)
        reader.swipeDown()
        reader.swipeLeft()
        reader.swipeRight()
        #expect(reader.actionIndex == nil)
        #expect(reader.rotor == .actions)
    }

    @Test func magicTapRunsTheNearestBehaviourThenTheScenes() throws {
        var reader = try reader()
        reader.touch("Sign Out")
        reader.magicTap()
        #expect(reader.spoken == ["Signing out"])
        reader.touch("Settings")
        reader.magicTap()
        #expect(reader.spoken == ["Playing"])
    }

    @Test func magicTapWithNothingToRunSoundsFailure() throws {
        var reader = ScreenReader(scene: try loadScene("scene: T\nroot: [ { button: A } ]"))
        reader.magicTap()
        #expect(reader.earcons == [.failure])
    }

    @Test func touchUnknownOrUnreachableElementsCannotAct() throws {
        var reader = try reader()
        reader.touch("Nope")
        #expect(reader.failures.last?.message == "no element 'Nope'")
        #expect(reader.cursor == nil)
    }

    @Test func tapFindsTheElementAtAPoint() throws {
        var reader = try reader()
        // Auto layout: rows of 44 points from the safe top (59); the third row is Volume.
        reader.tap(x: 100, y: 59 + 88 + 10)
        #expect(reader.lastDescription == "Volume: 50%. Adjustable.")
        reader.tap(x: 100, y: 5)
        #expect(reader.failures.count == 1)
    }

    @Test func readAllSpeaksEveryDescriptionWithoutHintsAndEndsOnTheLast() throws {
        var reader = try reader()
        reader.touch("Volume")
        reader.readAll()
        #expect(reader.spoken == ["Settings. Heading.", "Wi-Fi. Switch Button. On.", "Volume: 50%. Adjustable.",
                                  "Privacy Policy. Link.", "Sign Out. Button.", "Devices. Heading.",
                                  "Anna, Lunch tomorrow?", "Disabled. Dimmed. Button."])
        #expect(reader.focused?.label == "Disabled")
    }

    @Test func readFromHereStartsAtTheCursor() throws {
        var reader = try reader()
        reader.touch("Devices")
        reader.readFromHere()
        #expect(reader.spoken == ["Devices. Heading.", "Anna, Lunch tomorrow?", "Disabled. Dimmed. Button."])
    }

    @Test func pauseAndWaitSpeakNothing() throws {
        var reader = try reader()
        reader.swipeRight()
        let before = reader.clock
        #expect(reader.pause().isEmpty)
        reader.wait(1.5)
        #expect(reader.clock == before + 1.5)
        #expect(reader.transcript.hasSuffix("pause\nwait: 1.5s\n"))
    }

    /// A wait of 1e306 seconds made the clock, and every time after it, infinite: the Swift API
    /// fails such a step (a scenario file cannot write it) and leaves the clock where it was.
    @Test func aWaitPastADayOrNotANumberCannotAct() throws {
        var reader = try reader()
        reader.swipeRight()
        let before = reader.clock
        reader.wait(86_400)
        #expect(reader.clock == before + 86_400)
        for seconds in [1e306, 86_400.5, -1, .infinity, .nan] {
            reader.wait(seconds)
        }
        #expect(reader.clock == before + 86_400)
        #expect(reader.failures.count == 5)
        #expect(reader.failures.first?.message == "wait 1e+306s is not a duration from 0 to a day (86400 seconds)")
    }

    @Test func typingWithoutEditingCannotAct() throws {
        var reader = try reader()
        reader.type("hello")
        #expect(reader.failures.map(\.message) == ["no text entry is editing (double tap a text field first)"])
    }

    @Test func theTranscriptIsTheSameFromRunToRun() throws {
        func run() throws -> String {
            var reader = try reader()
            reader.readAll(); reader.first(); reader.swipeRight(); reader.doubleTap(); reader.swipeLeft()
            reader.swipeLeft(); reader.swipeLeft()
            return reader.transcript
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.contains("swipeLeft\n  earcon: boundary\n"))
    }
}
