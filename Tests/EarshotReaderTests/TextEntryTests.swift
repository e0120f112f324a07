import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// Typing feedback (the profile's `typing`) and the first responder as a presentation appears
/// (`editing: true`, an alert's first text field, the profile's `firstResponder`).
@Suite("Text entry")
struct TextEntryTests {
    static let compose = """
        scene: Notes
        root:
          - button: New Note
            activate: { present: note }
          - button: Rename
            activate: { present: rename }
          - searchField: Search
        presentations:
          note:
            title: New Note
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - textField: Title
                id: title
                editing: true
              - textArea: Body
          rename:
            style: alert
            title: Rename
            content:
              - textField: Name
                id: name
              - textField: Tag
              - button: Cancel
                role: cancel
                activate: dismiss
              - button: OK
                activate: dismiss
        """

    func reader(_ yaml: String = Self.compose, platform: String? = nil, edit: (inout Profile) -> Void = { _ in }) throws -> ScreenReader {
        var scene = try loadScene(platform.map { yaml.replacingOccurrences(of: "scene: Notes", with: "scene: Notes\nplatform: \($0)") } ?? yaml)
        edit(&scene.profile)
        return ScreenReader(scene: scene)
    }

    // MARK: Typing feedback

    /// Holds: typing.echo.
    @Test func typingEchoesEachCharacterAndEachWordASpaceCompletes() throws {
        var reader = try reader()
        reader.touch("Search")
        reader.doubleTap()
        reader.type("Hi to")
        #expect(reader.spoken == ["H, i, Hi, t, o"])
        reader.type(" all")                            // the space completes "to", typed in the step before
        #expect(reader.spoken == ["to, a, l, l"])
    }

    /// Holds: typing.space.
    @Test(arguments: [
        (Profile.Typing.Echo.characters, ["H, i, space, t, o"]),
        (.words, ["Hi"]),
        (.nothing, []),
    ])
    func theEchoIsTheProfilesTypingFeedback(echo: Profile.Typing.Echo, heard: [String]) throws {
        var reader = try reader { $0.typing.echo = echo }
        reader.touch("Search")
        reader.doubleTap()
        reader.type("Hi to")
        #expect(reader.spoken == heard, "\(echo)")
        #expect(reader.steps.last?.written == "type: Hi to")
    }

    @Test(arguments: Platform.allCases)
    func everyProfileSaysWhatItEchoes(platform: Platform) throws {
        let profile = try Profile.bundled(platform)
        // TalkBack's echo is assumed to be characters alone (its word echo is not quoted yet).
        #expect(profile.typing.echo == (platform.reader == .voiceOver ? .charactersAndWords : .characters))
        #expect(!profile.typing.source.isEmpty && !profile.firstResponder.source.isEmpty)
        #expect(profile.secureEntry?.typed == nil, "no public evidence of an echo word for a secure field")
    }

    // MARK: The insertion point

    /// While a text entry is editing, VoiceOver says where its insertion point is: at the start
    /// of an empty text, else at its end (kickstarter/ios-oss PR 545, "is editing ... insertion
    /// point at end"; magentaA11y's Messages recording, "to text field is editing insertion point
    /// at start"). Where a language's words are not in the public record, nothing.
    /// Holds: words.insertionPointStart, words.insertionPointEnd.
    @Test func anEditingTextEntrySaysWhereItsInsertionPointIs() throws {
        let yaml = "scene: N\nlanguage: LANGUAGE\nroot:\n  - textField: Name\n    id: name\n    editing: true\n"
        var reader = ScreenReader(scene: try loadScene(yaml.replacingOccurrences(of: "LANGUAGE", with: "en")))
        reader.touch("name")
        #expect(reader.lastDescription == "Name. Text Field. Is editing. Insertion point at start.")
        reader.type("Ann")
        reader.touch("name")
        #expect(reader.lastDescription == "Name: Ann. Text Field. Is editing. Insertion point at end.")
        var german = ScreenReader(scene: try loadScene(yaml.replacingOccurrences(of: "LANGUAGE", with: "de")))
        german.touch("name")
        #expect(german.lastDescription?.contains("Insertion") == false)
        #expect(german.lastDescription?.hasPrefix("Name. Textfeld.") == true)
    }

    // MARK: The first responder as a presentation appears

    /// The cursor lands on the first responder as its sheet appears (magentaA11y's Messages
    /// recording: "to text field is editing").
    /// Holds: firstResponder.cursorFollows.
    @Test func aTextEntryEditingAsItsSheetAppearsTakesTypingAndTheCursor() throws {
        var reader = try reader()
        reader.touch("New Note")
        reader.doubleTap()
        #expect(reader.focused?.id == "title")
        #expect(reader.lastDescription == "Title. Text Field. Is editing. Insertion point at start.")
        reader.type("Groceries")                         // no double tap: the keyboard is up
        #expect(reader.spoken == ["G, r, o, c, e, r, i, e, s"])
        reader.touch("title")
        #expect(reader.lastDescription == "Title: Groceries. Text Field. Is editing. Insertion point at end.")
        #expect(reader.state.topmost?.unsaved == true)
    }

    @Test func whereTheProfileSaysTheCursorDoesNotFollowItLandsAsAlways() throws {
        var reader = try reader { $0.firstResponder.cursorFollows = false }
        reader.touch("New Note")
        reader.doubleTap()
        #expect(reader.focused?.label == "Cancel")
        reader.type("Groceries")                         // typing still goes to the first responder
        reader.touch("title")
        #expect(reader.lastDescription == "Title: Groceries. Text Field. Is editing. Insertion point at end.")
    }

    @Test func showingTheSheetAgainStartsItsFirstResponderAgain() throws {
        var reader = try reader()
        reader.touch("New Note")
        reader.doubleTap()
        reader.touch("Body")
        reader.doubleTap()                               // editing moves to Body
        reader.touch("Cancel")
        reader.doubleTap()
        reader.touch("New Note")
        reader.doubleTap()
        reader.touch("title")
        #expect(reader.lastDescription == "Title. Text Field. Is editing. Insertion point at start.")
    }

    /// Holds: firstResponder.alertTextField.
    @Test func anAlertsFirstTextFieldIsEditingWhenItAppears() throws {
        var reader = try reader()
        reader.touch("Rename")
        reader.doubleTap()
        #expect(reader.spoken == ["Rename", "Alert"])                 // the title and the word; no message, and fields are not read
        #expect(reader.focused?.label == "Rename")
        reader.type("Work")
        reader.touch("name")
        #expect(reader.lastDescription == "Name: Work. Text Field. Is editing. Insertion point at end.")
    }

    @Test func aMacAlertsTextFieldIsNotEditingUntilItIsActivated() throws {
        var reader = try reader(platform: "macos")
        reader.touch("Rename")
        reader.doubleTap()
        reader.type("Work")
        #expect(reader.steps.last?.events.contains { if case .stepFailed = $0 { true } else { false } } == true)
    }

    @Test func aTextEntryInTheParentViewCanBeEditingWhenTheSceneOpens() throws {
        let yaml = Self.compose.replacingOccurrences(of: "  - searchField: Search\n", with: "  - searchField: Search\n    editing: true\n")
        var reader = try reader(yaml)
        reader.type("milk")
        #expect(reader.spoken == ["m, i, l, k"])
    }

    @Test func twoTextEntriesEditingInOneViewIsAnError() throws {
        let yaml = Self.compose.replacingOccurrences(of: "      - textArea: Body\n", with: "      - textArea: Body\n        editing: true\n")
        #expect(throws: (any Error).self) { try SceneLoader.load(yaml: yaml, file: "test.yaml") }
        do {
            _ = try SceneLoader.load(yaml: yaml, file: "test.yaml")
        } catch {
            #expect("\(error)".contains("test.yaml:19:18: error: two text entries are editing in one view"), "\(error)")
        }
        let onAButton = Self.compose.replacingOccurrences(of: "      - button: OK\n", with: "      - button: OK\n        editing: true\n")
        #expect(throws: (any Error).self) { try SceneLoader.load(yaml: onAButton, file: "test.yaml") }
    }
}
