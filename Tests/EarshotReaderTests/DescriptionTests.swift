import EarshotCore
import EarshotReader
import Testing

/// docs/decisions.md: what is spoken for an element.
@Suite("Descriptions")
struct DescriptionTests {
    func describe(_ elementYAML: String, state: (Scene) throws -> SceneState = { _ in SceneState() }) throws -> ElementSpeech {
        let scene = try loadScene("scene: T\nroot:\n" + elementYAML)
        let target = try #require(scene.root.first)
        return DescriptionBuilder(scene: scene).speech(for: target, in: try state(scene))
    }

    func text(_ elementYAML: String) throws -> String { try describe(elementYAML).description }

    // The examples of docs/decisions.md, one by one.
    @Test func cancelButton() throws { #expect(try text("  - button: Cancel") == "Cancel. Button.") }
    @Test func dimmedSend() throws { #expect(try text("  - button: Send\n    enabled: false") == "Send. Dimmed. Button.") }
    @Test func percentSlider() throws {
        #expect(try text("  - slider: Volume\n    value: 50\n    unit: percent") == "Volume: 50%. Adjustable.")
    }
    @Test func switchOn() throws { #expect(try text("  - switch: Wi-Fi\n    value: on") == "Wi-Fi. Switch Button. On.") }
    @Test func textField() throws { #expect(try text("  - textField: To") == "To. Text Field.") }
    @Test func heading() throws { #expect(try text("  - heading: Inbox") == "Inbox. Heading.") }
    @Test func staticTextIsSpokenAsItIs() throws {
        #expect(try text("  - text: Lunch with Anna") == "Lunch with Anna")
        #expect(try text("  - text: Delete this photo?") == "Delete this photo?")
    }
    /// Bidirectional controls and zero-width characters draw nothing and are not voiced: the
    /// label, value and hint are said without them; the joiners of an emoji sequence stay, and a
    /// text of nothing else is left as written (docs/decisions.md, "Invisible characters").
    @Test func invisibleCharactersAreNotSpoken() throws {
        #expect(try text("  - text: \"\u{2068}one dog\u{2069}, \u{2068}Wang Wei\u{2069}, (2)\"") == "one dog, Wang Wei, (2)")
        #expect(try text("  - button: \"\u{202D}400 186 6078\u{202C}\"\n    value: \"a\u{200B}b\u{2060}\"") == "400 186 6078: ab. Button.")
        #expect(try describe("  - button: Call\n    hint: \"Calls \u{2066}Anna\u{2069}\"").hint == "Calls Anna")
        #expect(try text("  - text: \"👨\u{200D}👩\u{200D}👦\"") == "👨\u{200D}👩\u{200D}👦")
        #expect(try text("  - textField: To\n    value: \"\u{200B}\"") == "To: \u{200B}. Text Field.")
        // A label an effect set is said the same way.
        let relabelled = try describe("  - button: Call") { scene in
            var state = SceneState()
            var override = SceneState.Override()
            override.label = "Call \u{2068}Anna\u{2069}"
            state.overrides[try #require(scene.root.first)] = override
            return state
        }
        #expect(relabelled.description == "Call Anna. Button.")
    }

    @Test func selectedTabInATabBar() throws {
        let scene = try loadScene("""
            scene: Tabs
            root:
              - group: Tab Bar
                tabBar: true
                children:
                  - tab: Home
                    selected: true
                  - tab: Search
                  - tab: Library
                  - tab: Settings
            """)
        let builder = DescriptionBuilder(scene: scene)
        #expect(builder.description(of: try scene.ref("Home"), in: SceneState()) == "Selected: Home. Tab. 1 of 4.")
        #expect(builder.description(of: try scene.ref("Settings"), in: SceneState()) == "Settings. Tab. 4 of 4.")
    }

    @Test func hiddenTabsAreNotCounted() throws {
        let scene = try loadScene("""
            scene: Tabs
            root:
              - group: Tab Bar
                tabBar: true
                children:
                  - tab: Home
                  - tab: Hidden
                    hidden: true
                  - tab: Search
            """)
        #expect(DescriptionBuilder(scene: scene).description(of: try scene.ref("Search"), in: SceneState())
            == "Search. Tab. 2 of 2.")
    }

    // Every trait word, in VoiceOver's order.
    @Test(arguments: [
        ("  - button: Go", "Go. Button."),
        ("  - link: Terms", "Terms. Link."),
        ("  - image: Logo", "Logo. Image."),
        ("  - secureField: Password", "Password. Secure Text Field."),
        ("  - textArea: Body", "Body. Text Field."),
        ("  - searchField: Search", "Search. Search Field."),
        ("  - stepper: Copies\n    value: 2\n    min: 1\n    max: 9", "Copies: 2. Adjustable."),
        ("  - switch: Airplane Mode\n    value: off", "Airplane Mode. Switch Button. Off."),
        ("  - switch: Bold\n    value: mixed", "Bold. Switch Button. Mixed."),
        ("  - tab: Home", "Home. Tab."),
        ("  - text: Title\n    traits: [header]", "Title. Heading."),
        ("  - button: Back\n    traits: [backButton]", "Back Button."),
        ("  - button: Inbox\n    traits: [backButton]", "Inbox. Back Button."),
        ("  - switch: Wi-Fi\n    value: on\n    enabled: false", "Wi-Fi. Dimmed. Switch Button. On."),
        ("  - link: Help\n    traits: [image]", "Help. Link. Image."),
        ("  - button: Add\n    traits: [notEnabled]", "Add. Dimmed. Button."),
        ("  - image: Play\n    traits: [button, adjustable]", "Play. Button. Adjustable. Image."),
    ])
    func traitWords(_ yaml: String, _ expected: String) throws {
        #expect(try text(yaml) == expected)
    }

    @Test func isEditingFollowsTheTextFieldWord() throws {
        let speech = try describe("  - textField: To\n    value: anna@example.com") { scene in
            var state = SceneState()
            state.editing = try scene.ref("To")
            return state
        }
        #expect(speech.description == "To: anna@example.com. Text Field. Is editing. Insertion point at end.")
        #expect(speech.hint == "Use the rotor to access Misspelled Words")
    }

    @Test func aValueWithoutALabelIsSpokenAlone() throws {
        #expect(try text("  - text: \"\"\n    value: 9:41") == "9:41")
    }

    @Test func selectedWithNothingElseIsSelectedDot() throws {
        #expect(try text("  - image: \"\"\n    selected: true") == "Selected. Image.")
    }

    @Test func aDescriptionEndingInAPeriodGetsNoSecondOne() throws {
        #expect(try text("  - button: Done.") == "Done. Button.")
    }

    @Test func theHintTakesAnEmptyDescriptionsPlace() throws {
        let speech = try describe("  - button: \"\"\n    hint: Closes the sheet")
        #expect(speech.description == "Closes the sheet. Button.")
        #expect(speech.hint == nil)
    }

    @Test func anEmptyLabelWithNoHintSpeaksOnlyTraits() throws {
        #expect(try text("  - button: \"\"") == "Button.")
        #expect(try text("  - text: \"\"") == "")
    }

    /// A secure field's text is never spoken: only how long it is, after its traits (iOS profile's
    /// `secureEntry`, from firefox-ios and kickstarter's quotes of VoiceOver).
    @Test func secureFieldsNeverSpeakTheirText() throws {
        #expect(try text("  - secureField: Password\n    value: hunter2") == "Password. Secure Text Field. 7 characters.")
        #expect(try text("  - secureField: PIN\n    value: \"7\"") == "PIN. Secure Text Field. 1 character.")
        #expect(try text("  - secureField: Password") == "Password. Secure Text Field.")
    }

    @Test func labelOverridesTheRoleValue() throws {
        #expect(try text("  - button: x\n    label: Close") == "Close. Button.")
    }

    // Hints.
    @Test func textEntriesHintDoubleTapToEdit() throws {
        #expect(try describe("  - textField: To").hint == "Double tap to edit.")
    }

    @Test func switchesHintToggle() throws {
        #expect(try describe("  - switch: Wi-Fi").hint == "Double tap to toggle setting.")
        #expect(try describe("  - switch: Wi-Fi\n    hint: Joins known networks").hint
            == "Joins known networks. Double tap to toggle setting.")
    }

    @Test func adjustableElementsHintSwipe() throws {
        #expect(try describe("  - slider: Volume").hint == "Swipe up or down with one finger to adjust the value.")
        #expect(try describe("  - slider: Volume\n    hint: Output level.").hint
            == "Output level. Swipe up or down with one finger to adjust the value.")
    }

    @Test func ownHintsAreSpokenAsWritten() throws {
        #expect(try describe("  - button: Send\n    hint: Sends the message").hint == "Sends the message")
        #expect(try describe("  - button: Go").hint == nil)
    }

    @Test func disabledElementsLoseSystemHintsButKeepTheirOwn() throws {
        #expect(try describe("  - textField: To\n    enabled: false").hint == nil)
        #expect(try describe("  - switch: Wi-Fi\n    enabled: false\n    hint: Needs a network").hint == "Needs a network")
    }

    @Test func customActionsAddActionsAvailable() throws {
        let speech = try describe("""
              - text: Anna, Lunch tomorrow?
                actions:
                  - name: Delete
                    do: { announce: Deleted }
            """)
        #expect(speech.actionsAvailable == "Actions Available")
        #expect(try describe("  - text: Anna").actionsAvailable == nil)
    }

    @Test func hintsOffLeavesHintsOut() throws {
        let scene = try loadScene("scene: T\nroot:\n  - textField: To")
        let speech = DescriptionBuilder(scene: scene).speech(for: try scene.ref("To"), in: SceneState(), hints: false)
        #expect(speech.hint == nil)
    }

    @Test func conditionsAreEvaluatedAgainstState() throws {
        let scene = try loadScene("""
            scene: T
            root:
              - textField: To
                id: to
              - button: Send
                enabled: { filled: to }
            """)
        let builder = DescriptionBuilder(scene: scene)
        var state = SceneState()
        #expect(builder.description(of: try scene.ref("Send"), in: state) == "Send. Dimmed. Button.")
        state.overrides[try scene.ref("to"), default: .init()].value = "anna@example.com"
        #expect(builder.description(of: try scene.ref("Send"), in: state) == "Send. Button.")
    }

    @Test func theGrabberSpeaksItsDetent() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              sheet:
                detents: [medium, large, { id: peek, fraction: 0.2 }]
                grabber: true
                content: [ { text: Hello } ]
            """)
        let builder = DescriptionBuilder(scene: scene)
        let grabber = try #require(scene.presentations["sheet"]?.grabberElement)
        #expect(builder.description(of: grabber, in: scene.state(presenting: "sheet", detent: "medium"))
            == "Sheet Grabber: Half screen. Button.")
        #expect(builder.description(of: grabber, in: scene.state(presenting: "sheet", detent: "large"))
            == "Sheet Grabber: Expanded. Button.")
        // A custom detent's identifier is never spoken: through iOS 18 it has no value.
        #expect(builder.description(of: grabber, in: scene.state(presenting: "sheet", detent: "peek"))
            == "Sheet Grabber. Button.")
        #expect(builder.speech(for: grabber, in: scene.state(presenting: "sheet")).hint == nil)
    }

    /// From iOS 26 a custom detent says the word of the band its sheet's on-screen height falls
    /// in: the large detent's from 0.7 of the screen, the medium's from 0.3, nothing below.
    /// Holds: ios:grabber.custom.*, ipados:grabber.custom.*
    @Test(arguments: ["ios", "ipados"])
    func aCustomDetentSaysTheWordOfItsHeightFrom26(_ platform: String) throws {
        let scene = try loadScene("""
            scene: Card
            platform: \(platform)
            os: "26"
            root: [ { button: Open } ]
            presentations:
              sheet:
                detents: [ { id: peek, fraction: 0.15 }, { id: half, fraction: 0.5 }, { id: tall, fraction: 0.9 }, medium, large ]
                grabber: true
                content: [ { text: Hello } ]
            """)
        let builder = DescriptionBuilder(scene: scene)
        let grabber = try #require(scene.presentations["sheet"]?.grabberElement)
        func said(_ detent: String) -> String { builder.description(of: grabber, in: scene.state(presenting: "sheet", detent: detent)) }
        #expect(said("peek") == "Sheet Grabber. Button.")
        #expect(said("half") == "Sheet Grabber: Collapsed. Button.")
        #expect(said("tall") == "Sheet Grabber: Expanded. Button.")
        #expect(said("medium") == "Sheet Grabber: Collapsed. Button.")
    }

    @Test func theBackButtonOfALaterPageDropsItsLabel() throws {
        let scene = try loadScene("""
            scene: T
            root: [ { button: Open } ]
            presentations:
              wizard:
                pages:
                  - id: one
                    content: [ { button: Next, activate: { navigate: two } } ]
                  - id: two
                    content: [ { text: Two } ]
            """)
        var state = scene.state(presenting: "wizard")
        state.stack[0].page = 1
        #expect(scene.scopeDescriptions(state) == ["Activate to dismiss pop-up window. Button.", "Back Button.", "Two"])
    }
}
