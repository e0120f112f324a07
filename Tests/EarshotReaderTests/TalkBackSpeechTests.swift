import EarshotCore
import EarshotReader
import Testing

/// An Android scene read as TalkBack reads it: its words (google/talkback's
/// strings_compositor.xml), in its default order "State, name, type" with `selected` first and
/// `disabled` last, joined with ", ", a part that repeats an earlier one said once, and its
/// usage hints after the description.
@Suite("TalkBack's speech")
struct TalkBackSpeechTests {
    static let scene = """
        scene: Settings
        platform: android
        OS
        root:
          - heading: Network
          - switch: Wi-Fi
            value: on
          - switch: Bluetooth
            value: off
          - button: Send
            enabled: false
          - button: Button
          - textField: Name
          - searchField: Search
          - image: Logo
          - slider: Volume
            value: 50
            unit: percent
          - group: Tabs
            tabBar: true
            children:
              - tab: Home
                selected: true
              - tab: Search
        """

    static func scene(os: String? = nil) throws -> Scene {
        try loadScene(scene.replacingOccurrences(of: "OS\n", with: os.map { "os: \"\($0)\"\n" } ?? ""))
    }

    /// Holds: android:words.parts.order, android:words.parts.separator, android:words.searchField.
    @Test func descriptionsAreStateNameRole() throws {
        #expect(try Self.scene().scopeDescriptions() == [
            "Network, Heading",
            "On, Wi-Fi, Switch",
            "Off, Bluetooth, Switch",
            "Send, Button, disabled",
            "Button",
            "Name, Edit box",
            "Search, Edit box",
            "Logo, Image",
            "50 percent, Volume, Slider",
            "selected, Home, Tab, 1 of 2",
            "Search, Tab, 2 of 2",
        ])
    }

    /// Before Android 11 a switch has no state description of the framework's, and TalkBack
    /// says its own lower-case words (the versioned patch from "11" gives "On" and "Off").
    @Test func beforeAndroid11ASwitchSaysTalkBacksOwnWords() throws {
        let descriptions = try Self.scene(os: "10").scopeDescriptions()
        #expect(descriptions[1] == "on, Wi-Fi, Switch")
        #expect(descriptions[2] == "off, Bluetooth, Switch")
        #expect(try Self.scene(os: "11").scopeDescriptions()[1] == "On, Wi-Fi, Switch")
    }

    /// The usage hint follows the description: to activate, to toggle, to edit text.
    @Test func usageHintsFollowTheDescription() throws {
        var reader = ScreenReader(scene: try Self.scene())
        reader.touch("Wi-Fi")
        #expect(reader.spoken.suffix(2) == ["On, Wi-Fi, Switch", "Double-tap to toggle"])
        reader.touch("Button")
        #expect(reader.spoken.suffix(2) == ["Button", "Double-tap to activate"])
        reader.touch("Name")
        #expect(reader.spoken.suffix(2) == ["Name, Edit box", "Double-tap to edit text"])
        // A disabled element has no usage hint (AccessibilityFocusHint: only an enabled node).
        reader.touch("Send")
        #expect(reader.spoken.last == "Send, Button, disabled")
    }

    /// Holds: android:rotors.adjust.
    @Test func readingControlsAreNamedInTalkBacksWords() throws {
        var reader = ScreenReader(scene: try Self.scene())
        reader.touch("Wi-Fi")
        reader.rotor(.adjust)
        #expect(reader.spoken.last == "Adjust slider")
        reader.rotor(.actions)
        #expect(reader.spoken.last == "Actions")
    }
}
