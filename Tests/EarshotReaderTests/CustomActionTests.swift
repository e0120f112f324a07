import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// What VoiceOver says of custom actions by OS version and language (the profiles' `hints` and
/// `rotors`).
struct CustomActionTests {
    static func scene(_ header: String) -> String {
        """
        scene: Inbox
        platform: ios
        \(header)
        root:
          - text: Anna, Lunch tomorrow?
            id: anna
            actions:
              - name: Flag
                do: { announce: Flagged }
        """
    }

    @Test func fromIOS26TheHintSaysHowToChooseAnAction() throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene("os: \"26\"")))
        reader.touch("anna")
        #expect(reader.spoken == ["Anna, Lunch tomorrow?", "Swipe up or down to select a custom action, then double tap to activate."])
        var older = ScreenReader(scene: try loadScene(Self.scene("os: \"18\"")))
        older.touch("anna")
        #expect(older.spoken == ["Anna, Lunch tomorrow?", "Actions Available"])
    }

    @Test(arguments: ["de", "ja", "ru"])
    func aLanguageWithoutTheWordsKeepsItsHintAndStopsAtTheBoundary(language: String) throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene("os: \"26\"\nlanguage: \(language)")))
        reader.touch("anna")
        #expect(reader.spoken.last == reader.scene.profile.hints.actionsAvailable)
        #expect(reader.scene.profile.hints.actionsAvailable == (try Profile.bundled(.ios, language: language)).hints.actionsAvailable)
        reader.rotor(.actions)
        reader.swipeDown()
        reader.swipeDown()
        #expect(reader.earcons == [.boundary])
    }

    // Holds: ipados:rotors.defaultAction, ipados:rotors.source
    @Test func onIPadTheRotorComesRoundToTheDefaultActionToo() throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene("").replacingOccurrences(of: "platform: ios", with: "platform: ipados")))
        reader.touch("anna")
        reader.rotor(.actions)
        reader.swipeDown()
        reader.swipeDown()
        #expect(reader.spoken == [reader.scene.profile.rotors.defaultAction])
        #expect(reader.scene.profile.rotors.defaultAction == "Activate, Default")
    }

    /// A row's accessory button (`accessory: true`): on iOS and iPadOS before 26 a stop after the
    /// row; from 26 a custom action of the row, named by the button's label, that does what the
    /// button does (the profiles' `cellAccessory`, docs/decisions.md).
    /// Holds: ios:cellAccessory.action, ipados:cellAccessory.action.
    @Test(arguments: ["ios", "ipados"])
    func aRowsAccessoryIsAStopBeforeTwentySixAndAnActionFrom(_ platform: String) throws {
        let yaml = """
            scene: Wi-Fi
            platform: \(platform)
            root:
              - group: ""
                children:
                  - button: Home Network
                  - button: More Info
                    accessory: true
                    activate: { announce: "Network details" }
              - button: Other
            """
        let before = try loadScene(yaml)
        #expect(before.scopeDescriptions() == ["Home Network. Button.", "More Info. Button.", "Other. Button."])
        let after = try loadScene(yaml.replacingOccurrences(of: "root:", with: "os: \"26\"\nroot:"))
        #expect(after.scopeDescriptions() == ["Home Network. Button.", "Other. Button."])
        var reader = ScreenReader(scene: after)
        reader.touch("Home Network")
        reader.rotor(.actions)
        reader.swipeDown()
        #expect(reader.spoken == ["More Info"])
        reader.doubleTap()
        #expect(reader.announcements.map(\.text) == ["Network details"])
        // Made from the written scene again, each version reads its own way.
        #expect(try before.applying(os: "26").scopeDescriptions() == after.scopeDescriptions())
    }
}
