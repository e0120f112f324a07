import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// The on-screen keyboard VoiceOver reaches while a text entry is editing (the profile's
/// `onScreenKeyboard`): its keys after everything else, their words, and what they do.
@Suite("The on-screen keyboard")
struct OnScreenKeyboardTests {
    static let messages = """
        scene: Messages
        root:
          - heading: Anna
          - textField: Message
            id: message
            returnKey: send
            submit: [ { announce: "Sent" } ]
          - button: Send
          - searchField: Find
          - textArea: Notes
          - secureField: PIN
        """

    func editing(_ field: String, platform: String = "ios") throws -> ScreenReader {
        var reader = ScreenReader(scene: try loadScene(Self.messages.replacingOccurrences(of: "scene: Messages", with: "scene: Messages\nplatform: \(platform)")))
        reader.touch(field)
        reader.doubleTap()
        return reader
    }

    /// Holds: onScreenKeyboard.rows[0], onScreenKeyboard.rows[1], onScreenKeyboard.rows[2], onScreenKeyboard.rows[3].
    /// Holds: onScreenKeyboard.labels.shift, onScreenKeyboard.labels.delete, onScreenKeyboard.labels.space.
    /// Holds: onScreenKeyboard.labels.more, onScreenKeyboard.labels.nextKeyboard, onScreenKeyboard.returnKeys.default.
    @Test func whileATextEntryIsEditingItsKeysComeAfterEverythingElse() throws {
        var reader = ScreenReader(scene: try loadScene(Self.messages))
        #expect(!reader.scope.contains { reader.scene[$0].surface == .keyboard })
        reader = try editing("Find")
        let keys = reader.scope.filter { reader.scene[$0].surface == .keyboard }.map { reader.scene[$0].label }
        // Built a step at a time: as one expression of `+` and `map(String.init)` it took the
        // compiler ten seconds to type-check.
        var letters: [String] = "qwertyuiop".map { String($0) }
        letters += "asdfghjkl".map { String($0) }
        var third: [String] = ["shift"]
        third += "zxcvbnm".map { String($0) }
        third.append("delete")
        let bottom: [String] = ["more: numbers", "next keyboard", "space", "return"]
        #expect(keys == letters + third + bottom)
        #expect(Array(reader.scope.suffix(keys.count)).allSatisfy { reader.scene[$0].surface == .keyboard })
        reader.last()
        #expect(reader.lastDescription == "return")             // a key: its label, no "Button"
        reader.touch("Notes")
        reader.doubleTap()
        reader.touch("Anna")
        #expect(reader.scope.last.map { reader.scene[$0].label } == "return")
    }

    /// Holds: onScreenKeyboard.returnKeys.send, onScreenKeyboard.returnKeys.go, onScreenKeyboard.returnKeys.google.
    /// Holds: onScreenKeyboard.returnKeys.join, onScreenKeyboard.returnKeys.next, onScreenKeyboard.returnKeys.route.
    /// Holds: onScreenKeyboard.returnKeys.search, onScreenKeyboard.returnKeys.yahoo, onScreenKeyboard.returnKeys.done.
    @Test(arguments: [("send", "Send"), ("go", "Go"), ("google", "Google"), ("join", "Join"), ("next", "Next"),
                      ("route", "Route"), ("search", "Search"), ("yahoo", "Yahoo"), ("done", "Done")])
    func theReturnKeyIsTitledByTheEntrysReturnKeyType(type: String, title: String) throws {
        let yaml = "scene: S\nroot:\n  - textField: Name\n    returnKey: \(type)\n  - button: Done\n"
        var reader = ScreenReader(scene: try loadScene(yaml))
        reader.touch("Name")
        reader.doubleTap()
        reader.last()
        #expect(reader.lastDescription == title)
        #expect(reader.focused?.id == "keyboard.return.\(type)")
        reader.touch("Done")                                     // the app's Done, not the key
        #expect(reader.lastDescription == "Done. Button.")
    }

    @Test func keysTypeAndEchoAndShiftMakesACapital() throws {
        var reader = try editing("Find")
        for key in ["keyboard.shift", "h", "i", "keyboard.space"] {
            reader.touch(key)
            reader.doubleTap()
        }
        #expect(reader.state.value(of: try reader.scene.ref("Find"), in: reader.scene) == "Hi ")
        #expect(reader.spoken == ["Hi"])                          // the space completes the word
        reader.touch("keyboard.delete")
        #expect(reader.spoken == ["delete"])
        reader.doubleTap()
        #expect(reader.spoken == [" "])
        reader.doubleTap()
        #expect(reader.spoken == ["i"])                           // the deleted character is spoken
        #expect(reader.state.value(of: try reader.scene.ref("Find"), in: reader.scene) == "H")
    }

    @Test func returnRunsSubmitElseEndsEditingAndTheKeyboardGoes() throws {
        var reader = try editing("message")
        reader.touch("keyboard.return.send")
        #expect(reader.lastDescription == "Send")
        reader.doubleTap()
        #expect(reader.announcements.map(\.text) == ["Sent"])
        reader = try editing("Find")
        reader.touch("keyboard.return")
        reader.doubleTap()
        #expect(reader.state.editing == nil)
        #expect(!reader.scope.contains { reader.scene[$0].surface == .keyboard })
        #expect(reader.focused?.label == "Anna")                 // not back on the field
        reader = try editing("Notes")
        reader.touch("keyboard.return")
        reader.doubleTap()
        #expect(reader.state.value(of: try reader.scene.ref("Notes"), in: reader.scene) == "\n")
        #expect(reader.state.editing != nil)
    }

    @Test func aSecureFieldsDeletedCharacterIsNotSpoken() throws {
        var reader = try editing("PIN")
        reader.type("12")
        reader.touch("keyboard.delete")
        reader.doubleTap()
        #expect(reader.spoken.isEmpty)
        #expect(!reader.transcript.contains("12"))
    }

    @Test func layoutKeysAreNotModelledAndSaySo() throws {
        var reader = try editing("Find")
        reader.touch("keyboard.more")
        #expect(reader.lastDescription == "more: numbers")
        reader.doubleTap()
        #expect(reader.steps.last?.events.contains { if case .stepFailed = $0 { true } else { false } } == true)
    }

    /// Holds: onScreenKeyboard.height.
    @Test func aTouchOnTheKeyboardReachesAKey() throws {
        var reader = try editing("Find")
        reader.tap(x: 20, y: 852 - 291 + 10)                      // the top row's first key
        #expect(reader.focused?.id == "keyboard.q")
        reader.tap(x: 380, y: 850)                                 // the bottom row's last key
        #expect(reader.focused?.id == "keyboard.return")
    }

    @Test(arguments: ["ipados", "macos", "watchos", "visionos"])
    func otherPlatformsKeyboardsAreNotModelled(platform: String) throws {
        let reader = try editing("Find", platform: platform)
        #expect(!reader.scene.hasKeyboard)
        #expect(!reader.scope.contains { reader.scene[$0].surface == .keyboard })
    }

    @Test func anUnknownReturnKeyIsBadInputWithTheNearest() throws {
        #expect(throws: (any Error).self) { try SceneLoader.load(yaml: "scene: S\nroot:\n  - textField: A\n    returnKey: sned\n", file: "t.yaml") }
        do {
            _ = try SceneLoader.load(yaml: "scene: S\nroot:\n  - textField: A\n    returnKey: sned\n", file: "t.yaml")
        } catch {
            #expect("\(error)".contains("t.yaml:4:16: error: unknown return key 'sned'"), "\(error)")
            #expect("\(error)".contains("did you mean 'send'?"), "\(error)")
        }
        #expect(throws: (any Error).self) { try SceneLoader.load(yaml: "scene: S\nroot:\n  - textArea: A\n    returnKey: send\n", file: "t.yaml") }
    }
}
