import EarshotCore
import EarshotReader
import Testing

/// What VoiceOver says on its own: alerts announcing themselves, text-entry hints, and the
/// macOS reader's words and hints.
@Suite("Platform speech")
struct PlatformSpeechTests {
    func reader(_ yaml: String) throws -> ScreenReader { ScreenReader(scene: try loadScene(yaml)) }

    // MARK: Alerts

    static let alert = """
        scene: Photos
        root:
          - button: Delete
            activate: { present: confirm }
        presentations:
          confirm:
            style: alert
            title: Delete this photo?
            content:
              - text: It will be deleted from all your devices.
              - button: Delete
                role: destructive
                activate: dismiss
              - button: Cancel
                role: cancel
                activate: dismiss
        """

    /// Holds: alerts.focus, alerts.announce.
    @Test func presentingAnAlertSpeaksItsTitleThenAlertThenItsMessage() throws {
        var reader = try reader(Self.alert)
        reader.touch("Delete")
        reader.doubleTap()
        #expect(reader.spoken == ["Delete this photo?", "Alert", "It will be deleted from all your devices."])
        #expect(reader.lastDescription == "Delete this photo?")     // the cursor is on the title
        #expect(reader.focused?.label == "Delete this photo?")
        reader.swipeRight()
        #expect(reader.spoken == ["It will be deleted from all your devices."])
    }

    @Test func whereAlertIsSpokenComesFromTheProfile() throws {
        for (announce, heard) in [(Profile.Alerts.Announce.beforeTitle, ["Alert", "Delete this photo?"]),
                                  (.none, ["Delete this photo?"])] {
            var scene = try loadScene(Self.alert)
            scene.profile.alerts.announce = announce
            var reader = ScreenReader(scene: scene)
            reader.touch("Delete")
            reader.doubleTap()
            #expect(Array(reader.spoken.prefix(heard.count)) == heard, "\(announce)")
            #expect(!reader.spoken.dropFirst(heard.count).contains("Alert"), "\(announce)")
        }
    }

    /// On a Mac the cursor lands on the alert's default button, the one Return presses, and
    /// nothing else is read: NSAlert's first button, shown trailing in a row.
    @Test func aMacAlertFocusesItsDefaultButtonAlone() throws {
        var reader = try reader(Self.alert.replacingOccurrences(of: "scene: Photos", with: "scene: Photos\nplatform: macos"))
        reader.touch("Delete")
        reader.doubleTap()
        #expect(reader.focused?.label == "Delete")
        #expect(reader.focused.map { reader.scene[$0.ref].surface.presentationID } == "confirm")
        #expect(reader.spoken.first == "Delete. button.")
        #expect(!reader.spoken.contains("Delete this photo?"))
        reader.key(.return)
        #expect(reader.presented == nil)
    }

    /// An alert's default button is the top, then trailing-most, action that does not cancel;
    /// a `role: default` button wins.
    @Test func anAlertsDefaultButtonIsTopThenTrailing() throws {
        let three = Self.alert.replacingOccurrences(of: "scene: Photos", with: "scene: Photos\nplatform: macos")
            .replacingOccurrences(of: "      - button: Cancel\n", with: "      - button: Keep Both\n        activate: dismiss\n      - button: Cancel\n")
        var reader = try reader(three)
        reader.touch("Delete")
        reader.doubleTap()
        #expect(reader.scene.presentations["confirm"]?.pages.first?.content.count == 5)
        #expect(reader.focused?.label == "Delete")                 // stacked: the top one
        let marked = three.replacingOccurrences(of: "      - button: Keep Both\n", with: "      - button: Keep Both\n        role: default\n")
        reader = try self.reader(marked)
        reader.touch("Delete")
        reader.doubleTap()
        #expect(reader.focused?.label == "Keep Both")
    }

    @Test func anActionSheetDoesNotSayAlert() throws {
        var reader = try reader(Self.alert.replacingOccurrences(of: "style: alert", with: "style: actionSheet"))
        reader.touch("Delete")
        reader.doubleTap()
        #expect(reader.spoken == ["Delete this photo?"])
    }

    // MARK: Text-entry hints

    static let fields = """
        scene: Form
        root:
          - textField: Name
            hint: Your full name
          - textArea: Notes
          - textField: Code
            hint: Sent by text message
            enabled: false
          - switch: Remember
            hint: Keeps you signed in
        """

    @Test func anEnabledTextEntrysSystemHintReplacesItsOwn() throws {
        var reader = try reader(Self.fields)
        reader.touch("Name")
        #expect(reader.hint == "Double tap to edit.")
        reader.doubleTap()
        #expect(reader.lastDescription == "Name. Text Field. Is editing. Insertion point at start.")
        #expect(reader.hint == "Use the rotor to access Misspelled Words")
    }

    /// Holds: ios:hints.textArea, ipados:hints.textArea.
    @Test(arguments: ["ios", "ipados"])
    func aTextAreaAddsTheMisspelledWordsRotorToItsHint(platform: String) throws {
        var reader = try reader(Self.fields.replacingOccurrences(of: "scene: Form\n", with: "scene: Form\nplatform: \(platform)\n"))
        reader.touch("Notes")
        #expect(reader.hint == "Double tap to edit., Use the rotor to access Misspelled Words")
        reader.doubleTap()
        #expect(reader.hint == "Use the rotor to access Misspelled Words")
    }

    @Test func aDisabledTextEntryKeepsItsOwnHintAndOtherElementsAddTheSystemsAfterIt() throws {
        var reader = try reader(Self.fields)
        reader.touch("Code")
        #expect(reader.hint == "Sent by text message")
        reader.touch("Remember")
        #expect(reader.hint == "Keeps you signed in. Double tap to toggle setting.")
    }

    // MARK: macOS VoiceOver

    static let mac = """
        scene: Export
        platform: macos
        root:
          - heading: Library
            level: 2
          - heading: Recent
          - button: Export
            activate: { present: export }
          - button: Format
            traits: [popUp]
          - switch: Notes
          - slider: Quality
        presentations:
          export:
            content:
              - textField: Save As
              - button: Cancel
                placement: bottomTrailing
                activate: dismiss
        """

    // MARK: Steppers

    /// A stepper is its Decrement and Increment buttons on iOS and iPadOS, each saying the
    /// stepper's new value ("Increment button 1.05.", magentaA11y's recording); the stepper itself
    /// is not reached. Where a profile has no words for them (German, watchOS), one adjustable element.
    /// Holds: stepper.decrement, stepper.increment.
    @Test func aStepperIsItsTwoButtonsOnIOS() throws {
        let yaml = "scene: S\nplatform: PLATFORM\nlanguage: LANGUAGE\nroot:\n  - stepper: Tip\n    id: tip\n    value: 1\n    min: 0\n    max: 2\n    step: 0.05\n    frame: [0, 100, 100, 44]\n"
        func scene(_ platform: String, _ language: String = "en") throws -> String {
            yaml.replacingOccurrences(of: "PLATFORM", with: platform).replacingOccurrences(of: "LANGUAGE", with: language)
        }
        var reader = try reader(try scene("ios"))
        #expect(reader.scene.scopeDescriptions() == ["Decrement. Button.", "Increment. Button."])
        #expect(!reader.isReachable("tip"))
        reader.touch("Increment")
        reader.doubleTap()
        #expect(reader.spoken == ["1.05"])
        #expect(reader.focused?.label == "Increment")
        reader.tap(x: 10, y: 120)                         // the left half is Decrement
        #expect(reader.lastDescription == "Decrement. Button.")
        reader.doubleTap()
        #expect(reader.spoken == ["1"])
        #expect(try self.reader(try scene("ipados")).scene.scopeDescriptions() == ["Decrement. Button.", "Increment. Button."])
        #expect(try self.reader(try scene("ios", "de")).scene.scopeDescriptions() == ["Tip: 1. Einstellbar."])
        #expect(try self.reader(try scene("watchos")).scene.scopeDescriptions() == ["Tip: 1. Adjustable."])
        // Another OS version made from the same scene is made of the written stepper, not twice.
        let later = try reader.scene.applying(os: "26")
        #expect(later.scopeDescriptions() == ["Decrement. Button.", "Increment. Button."])
    }

    // MARK: Pop-up buttons

    /// A button that opens a menu or picker (a `UIButton` with a menu, a SwiftUI `Menu`) is a
    /// "pop up button" with the picker's hint on iOS and iPadOS (magentaA11y's dropdown recording,
    /// CVS Health's techniques app); where a language's word is not in the public record, a button.
    /// Holds: words.popUpButton, hints.popUp.
    @Test(arguments: [
        ("ios", "en", ["Search by: record locator. Pop up button.", "Double tap to activate the picker."]),
        ("ipados", "en", ["Search by: record locator. Pop up button.", "Double tap to activate the picker."]),
        ("ios", "de", ["Search by: record locator. Taste."]),
        ("ipados", "ja", ["Search by、record locator、ボタン"]),
    ])
    func aPopUpButtonSaysSoAndHowToOpenIt(platform: String, language: String, said: [String]) throws {
        var reader = try reader("""
            scene: P
            platform: \(platform)
            language: \(language)
            root:
              - button: Search by
                value: record locator
                traits: [popUp]
            """)
        reader.swipeRight()
        #expect(reader.spoken == said)
    }

    /// Holds: words.heading, words.headingLevel, words.button, words.popUpButton, words.switchButton, words.off, words.adjustable, words.textField.
    @Test func macOSSpeaksItsOwnWordsAndHeadingLevels() throws {
        let scene = try loadScene(Self.mac)
        #expect(scene.scopeDescriptions() == [
            "Library. heading level 2.", "Recent. heading.", "Export. button.", "Format. pop up button.",
            "Notes. unchecked. checkbox.", "Quality: 0. adjustable.",
        ])
        #expect(scene.scopeDescriptions(scene.state(presenting: "export")) == ["Save As. edit text.", "Cancel. button."])
    }

    /// Holds: hints.button, hints.textEntry.
    @Test func macOSHintsAreKeyboardHintsNeverGestures() throws {
        var reader = try reader(Self.mac)
        reader.touch("Export")
        #expect(reader.hint == "You are currently on a button. To click this button, press Control-Option-Space.")
        reader.touch("Notes")
        #expect(reader.hint == nil)
        reader.touch("Quality")
        #expect(reader.hint == nil)
        reader.touch("Export")
        reader.doubleTap()
        #expect(reader.hint == "You are currently on a text field. To enter text in this field, type.")
        let everyHint = reader.scene.elements.indices.compactMap {
            DescriptionBuilder(scene: reader.scene).speech(for: ElementRef($0), in: reader.state).hint
        }
        #expect(!everyHint.contains { $0.contains("Double tap") || $0.contains("Swipe") })
    }

    @Test func iOSSpeaksHeadingAtEveryLevel() throws {
        let scene = try loadScene(Self.mac.replacingOccurrences(of: "platform: macos", with: "platform: ios"))
        #expect(scene.scopeDescriptions().prefix(4) == ["Library. Heading.", "Recent. Heading.", "Export. Button.", "Format. Pop up button."])
    }
}
