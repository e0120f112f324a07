import EarshotCore
import EarshotReader
import Testing

/// Each platform's words, spoken where they belong: one scene read on every platform, each
/// description checked against that platform's own words.
@Suite("Words per platform")
struct PlatformWordTests {
    static let scene = """
        scene: Words
        platform: PLATFORM
        root:
          - switch: Wi-Fi
            value: on
          - switch: Bluetooth
            value: mixed
          - slider: Volume
            value: 50
            unit: percent
          - link: Help
          - image: Logo
          - button: Send
            enabled: false
          - button: Back
            traits: [backButton]
          - secureField: Password
          - group: Tabs
            tabBar: true
            children:
              - tab: Home
                selected: true
              - tab: Search
          - button: Archive
            actions:
              - { name: Delete, do: { announce: Deleted } }
        """

    /// Holds: words.on, words.mixed, words.percent, words.link, words.image, words.dimmed,
    /// Holds: words.backButton, words.secureTextField, words.selected, words.tab, words.position.
    /// (TalkBack's order is its own: `TalkBackSpeechTests`.)
    @Test(arguments: Platform.voiceOverPlatforms)
    func everyPlatformSpeaksItsOwnWords(platform: Platform) throws {
        let scene = try loadScene(Self.scene.replacingOccurrences(of: "PLATFORM", with: platform.rawValue))
        let w = scene.profile.words
        let switchWord = w.switchButton
        // macOS says a checkbox's state before its role word (switchStateFirst).
        func toggle(_ state: String) -> String { w.switchStateFirst == true ? "\(state). \(switchWord)" : "\(switchWord). \(state)" }
        #expect(scene.scopeDescriptions() == [
            "Wi-Fi. \(toggle(w.on)).",
            "Bluetooth. \(toggle(w.mixed)).",
            "Volume: \(w.percent.replacingOccurrences(of: "{value}", with: "50")). \(w.adjustable).",
            "Help. \(w.link).",
            "Logo. \(w.image).",
            "Send. \(w.dimmed). \(w.button).",
            "\(w.backButton).",                          // the label "Back" is the trait word's own
            "Password. \(w.secureTextField).",
            "\(w.selected): Home. \(w.tab). \(w.position.replacingOccurrences(of: "{index}", with: "1").replacingOccurrences(of: "{count}", with: "2")).",
            "Search. \(w.tab). \(w.position.replacingOccurrences(of: "{index}", with: "2").replacingOccurrences(of: "{count}", with: "2")).",
            "Archive. \(w.button).",
        ], "\(platform)")
        if platform == .macos {
            // macOS VoiceOver's words are its own, in lower case; a toggle is a checkbox.
            // Holds: macos:words.switchStateFirst
            #expect(scene.scopeDescriptions().first == "Wi-Fi. checked. checkbox.")
            #expect(scene.scopeDescriptions()[5] == "Send. dimmed. button.")
        } else {
            #expect(scene.scopeDescriptions().first == "Wi-Fi. Switch Button. On.")
        }
    }

    /// Holds: hints.actionsAvailable.
    @Test(arguments: Platform.allCases)
    func customActionsAreAnnouncedInThePlatformsWords(platform: Platform) throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene.replacingOccurrences(of: "PLATFORM", with: platform.rawValue)))
        reader.touch("Archive")
        let available = reader.scene.profile.hints.actionsAvailable
        #expect(reader.steps.last.map { Transcript.block($0) }?.contains(available) == true, "\(platform)")
        let expected = switch platform {
        case .macos: "actions available"
        case .android: "Actions available, use Tap with 3 fingers to view"
        default: "Actions Available"
        }
        #expect(available == expected)
    }

    /// Holds: os.default, os.versions.
    @Test(arguments: Platform.allCases)
    func aSceneGetsItsPlatformsDefaultVersionAndOnlyAKnownOne(platform: Platform) throws {
        let profile = try Profile.bundled(platform)
        let scene = try loadScene(Self.scene.replacingOccurrences(of: "PLATFORM", with: platform.rawValue))
        #expect(scene.profile.version == profile.os.default)
        for version in profile.os.versions {
            #expect(try Profile.bundled(platform, os: version).version == version)
        }
        #expect(throws: ProfileError.self) { try Profile.bundled(platform, os: "99") }
        let defaults: [Platform: String] = [.ios: "17", .ipados: "17", .macos: "14", .watchos: "10", .visionos: "1", .android: "15"]
        #expect(profile.os.default == defaults[platform])
    }
}
