import EarshotCore
import EarshotReader
import Testing

/// Keyboard steps for macOS scenes: VoiceOver commands (`vo:`) and plain keys
/// (`key:`), each one of the reader's moves under another name.
@Suite("Keyboard")
struct KeyboardTests {
    static let notes = """
        scene: Notes
        platform: macos
        root:
          - heading: Notes
          - text: 3 notes
          - searchField: Search
          - image: Logo
          - button: New Note
            id: new
            activate: { present: rename }
          - switch: iCloud
          - slider: Font Size
          - link: Help
          - button: Settings
            id: settings
            enabled: false
        presentations:
          rename:
            title: New Note
            confirm: discard
            content:
              - textField: Name
                id: name
              - text: Names must be unique.
              - button: Cancel
                placement: bottomTrailing
                activate: cancel
              - button: Create
                placement: bottomTrailing
                enabled: { filled: name }
                activate: [ { announce: "Note created" }, dismiss ]
          discard:
            style: alert
            title: Discard this note?
            content:
              - button: Discard
                activate: { dismissAll: true }
              - button: Keep Editing
                role: cancel
                activate: dismiss
        """

    func reader() throws -> ScreenReader { ScreenReader(scene: try loadScene(Self.notes)) }

    /// Two readers given the same preparation, one driven by a key and the other by the
    /// gesture it stands for, record the same events.
    func sameEvents(_ prepare: (inout ScreenReader) -> Void, key: (inout ScreenReader) -> [ReaderEvent],
                    gesture: (inout ScreenReader) -> [ReaderEvent]) throws -> Bool {
        var byKey = try reader(), byGesture = try reader()
        prepare(&byKey)
        prepare(&byGesture)
        return key(&byKey) == gesture(&byGesture) && byKey.cursor == byGesture.cursor && byKey.state == byGesture.state
    }

    @Test func voRightAndLeftMoveAsFlicksDoAndAreWrittenAsTyped() throws {
        var reader = try reader()
        reader.vo(.right)
        reader.vo(.right)
        reader.vo(.left)
        reader.touch("settings")
        reader.vo(.right)
        #expect(reader.transcript == """
            vo: right
              speak: Notes. heading.
            vo: right
              speak: 3 notes
            vo: left
              speak: Notes. heading.
            touch: settings
              speak: Settings. dimmed. button.
            vo: right
              earcon: boundary

            """)
        #expect(try sameEvents({ $0.touch("new") }, key: { $0.vo(.right) }, gesture: { $0.swipeRight() }))
        #expect(try sameEvents({ $0.touch("new") }, key: { $0.vo(.left) }, gesture: { $0.swipeLeft() }))
    }

    @Test func voHomeEndSpaceAndAAreFirstLastDoubleTapAndReadFromHere() throws {
        let onHelp: (inout ScreenReader) -> Void = { $0.touch("Help") }
        #expect(try sameEvents(onHelp, key: { $0.vo(.home) }, gesture: { $0.first() }))
        #expect(try sameEvents(onHelp, key: { $0.vo(.end) }, gesture: { $0.last() }))
        #expect(try sameEvents({ $0.touch("new") }, key: { $0.vo(.space) }, gesture: { $0.doubleTap() }))
        #expect(try sameEvents(onHelp, key: { $0.vo(.a) }, gesture: { $0.readFromHere() }))
        var reader = try reader()
        reader.touch("Help")
        reader.vo(.a)
        #expect(reader.steps.last?.written == "vo: a")
        #expect(reader.spoken == ["Help. link.", "Settings. dimmed. button."])
        reader.vo(.home)
        #expect(reader.steps.last?.written == "vo: home")
        #expect(reader.lastDescription == "Notes. heading.")
    }

    @Test func tabMovesAmongControlsOnlyAndStopsAtTheEnds() throws {
        var reader = try reader()
        var heard: [String] = []
        for _ in 0..<7 {
            reader.key(.tab)
            heard.append(reader.lastDescription ?? "\(reader.earcons.map(\.rawValue))")
        }
        // The heading, the text and the image are skipped, and so is the dimmed Settings button.
        #expect(heard == ["Search. search text field.", "New Note. button.", "iCloud. unchecked. checkbox.",
                          "Font Size: 0. adjustable.", "Help. link.", "[\"boundary\"]", "[\"boundary\"]"])
        #expect(reader.focused?.label == "Help")
        #expect(reader.steps.last?.written == "key: tab")
    }

    @Test func shiftTabMovesToThePreviousControl() throws {
        var reader = try reader()
        reader.touch("Logo")
        reader.key(.shiftTab)
        #expect(reader.steps.last?.written == "key: shift-tab")
        #expect(reader.lastDescription == "Search. search text field.")
        reader.key(.shiftTab)
        #expect(reader.earcons == [.boundary])
        #expect(reader.focused?.label == "Search")
    }

    @Test func escapeIsTheScrub() throws {
        let opened: (inout ScreenReader) -> Void = {
            $0.touch("new")
            $0.doubleTap()
        }
        #expect(try sameEvents(opened, key: { $0.key(.escape) }, gesture: { $0.scrub() }))
        let edited: (inout ScreenReader) -> Void = {
            opened(&$0)
            $0.touch("name")
            $0.doubleTap()
            $0.type("Groceries")
        }
        #expect(try sameEvents(edited, key: { $0.key(.escape) }, gesture: { $0.scrub() }))
        var reader = try reader()
        edited(&reader)
        reader.key(.escape)
        #expect(reader.presented == "discard")
        reader.key(.escape)
        #expect(reader.presented == "rename")
    }

    @Test func spaceActivatesTheElementUnderTheCursor() throws {
        #expect(try sameEvents({ $0.touch("iCloud") }, key: { $0.key(.space) }, gesture: { $0.doubleTap() }))
        var reader = try reader()
        reader.touch("iCloud")
        reader.key(.space)
        #expect(reader.spoken == ["checked."])
    }

    @Test func returnPressesTheDefaultButtonWhereverTheCursorIs() throws {
        var reader = try reader()
        reader.touch("new")
        reader.doubleTap()
        reader.touch("name")
        reader.doubleTap()
        reader.type("Groceries")
        reader.key(.return)
        #expect(reader.announcements.map(\.text) == ["Note created"])
        #expect(reader.presented == nil)
        #expect(reader.focused?.id == "new")
    }

    @Test func returnWithoutADefaultButtonActivatesTheCursorsElementAndADimmedOneTakesNoReturn() throws {
        var reader = try reader()
        reader.touch("new")
        reader.key(.return)   // nothing presented: the cursor's button
        #expect(reader.presented == "rename")
        reader.touch("name")
        reader.key(.return)   // Create is dimmed while Name is empty: nothing happens
        #expect(reader.presented == "rename")
        #expect(reader.spoken.isEmpty)
        #expect(reader.state.editing == nil)
    }

    @Test func returnPressesTheButtonMarkedDefault() throws {
        let scene = try loadScene("""
            scene: Alert
            platform: macos
            root:
              - button: Quit
                activate: { present: confirm }
            presentations:
              confirm:
                style: alert
                title: Quit with unsaved changes?
                content:
                  - button: Save
                    role: default
                    activate: [ { announce: "Saved" }, dismiss ]
                  - button: Cancel
                    role: cancel
                    activate: dismiss
            """)
        var reader = ScreenReader(scene: scene)
        reader.touch("Quit")
        reader.doubleTap()
        reader.key(.return)
        #expect(reader.presented == nil)
        #expect(reader.announcements.map(\.text) == ["Saved"])
    }

    @Test func returnSkipsTrailingButtonsThatCancel() throws {
        let scene = try loadScene("""
            scene: Settings
            platform: macos
            root:
              - button: Settings
                activate: { present: settings }
            presentations:
              settings:
                content:
                  - switch: Sync
                  - button: Done
                    placement: bottomTrailing
                    activate: { announce: "Saved" }
                  - button: Cancel
                    placement: bottomTrailing
                    activate: { announce: "Not saved" }
                  - button: Close
                    placement: topTrailing
                    activate: cancel
            """)
        var reader = ScreenReader(scene: scene)
        reader.touch("Settings")
        reader.doubleTap()
        #expect(reader.lastDescription == "Sync. unchecked. checkbox.")
        reader.key(.return)
        #expect(reader.spoken == ["Saved"])
        #expect(reader.presented == "settings")
        #expect(reader.state.overrides.isEmpty)   // the switch under the cursor was not toggled
    }

    @Test func theKeysAreTheWordsAScenarioWrites() {
        #expect(ScreenReader.VOKey.allCases.map(\.rawValue) == ["right", "left", "space", "home", "end", "a"])
        #expect(ScreenReader.Key.allCases.map(\.rawValue) == ["escape", "tab", "shift-tab", "space", "return", "command-period", "command-d"])
    }
}

/// The keys an attached keyboard gives dialogs besides Escape and Return (the profile's `keyboard`).
@Suite("Dialog keys")
struct DialogKeyTests {
    static let close = """
        scene: Editor
        platform: PLATFORM
        root:
          - button: Close
            activate: { present: ask }
        presentations:
          ask:
            style: alert
            title: Save changes?
            content:
              - button: Save
                activate: [ { announce: "Saved" }, dismiss ]
              - button: Don't Save
                activate: [ { announce: "Not saved" }, dismiss ]
              - button: Cancel
                role: cancel
                activate: [ { announce: "Kept" }, dismiss ]
        """

    func reader(_ platform: String, _ yaml: String = Self.close) throws -> ScreenReader {
        var reader = ScreenReader(scene: try loadScene(yaml.replacingOccurrences(of: "PLATFORM", with: platform)))
        reader.touch("Close")
        reader.doubleTap()
        return reader
    }

    /// Holds: keyboard.cancel.
    @Test(arguments: ["ios", "ipados", "macos", "visionos"])
    func commandPeriodCancelsAsEscapeDoes(platform: String) throws {
        var reader = try reader(platform)
        reader.key(.commandPeriod)
        #expect(reader.presented == nil, "\(platform)")
        #expect(reader.announcements.map(\.text) == ["Kept"], "\(platform)")
    }

    @Test func commandPeriodDoesNothingWhereThePlatformHasNoKeyboard() throws {
        var reader = try reader("watchos")
        reader.key(.commandPeriod)
        #expect(reader.presented == "ask")
        #expect(reader.steps.last?.events.contains { if case .stepFailed = $0 { true } else { false } } == true)
    }

    /// Holds: keyboard.dontSave.
    @Test func commandDPressesDontSaveOnAMac() throws {
        var reader = try reader("macos")
        reader.key(.commandD)
        #expect(reader.presented == nil)
        #expect(reader.announcements.map(\.text) == ["Not saved"])
    }

    @Test func commandDDoesNotPressDontSaveWhenItIsTheDefaultButtonOrOffAMac() throws {
        let first = Self.close.replacingOccurrences(of: "      - button: Don't Save\n", with: "      - button: Don't Save\n        role: default\n")
        #expect(first != Self.close)
        var reader = try reader("macos", first)
        reader.key(.commandD)
        #expect(reader.presented == "ask")
        reader = try self.reader("ios")
        reader.key(.commandD)
        #expect(reader.presented == "ask")
    }
}
