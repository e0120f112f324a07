import EarshotCore
import Testing

@Suite("Platform profiles")
struct ProfileTests {
    @Test(arguments: Platform.allCases)
    func everyPlatformHasAnEnglishProfile(_ platform: Platform) throws {
        let profile = try Profile.bundled(platform)
        #expect(profile.platform == platform)
        #expect(profile.language == "en")
        // macOS VoiceOver has words and hints of its own (lower case, keyboard hints); TalkBack has its own.
        #expect(profile.words.button == (platform == .macos ? "button" : "Button"))
        let textEntry = switch platform {
        case .macos: "You are currently on a text field. To enter text in this field, type."
        case .android: "Double-tap to edit text"
        default: "Double tap to edit."
        }
        #expect(profile.hints.textEntry == textEntry)
        #expect(!profile.geometry.rowThresholdSource.isEmpty)
        #expect(!profile.escape.source.isEmpty)
    }

    /// The bar words the audits and the keyboard go by are data, with their source, and are among
    /// the platform's bar actions.
    @Test(arguments: Platform.allCases)
    func barWordsAreTheProfilesOwn(_ platform: Platform) throws {
        let profile = try Profile.bundled(platform)
        let words = profile.bar
        #expect(!words.source.isEmpty)
        if let dismissing = words.dismissing {
            #expect(dismissing.contains(words.cancel))
            #expect(Set(words.done).isSubset(of: Set(dismissing)))
        }
        #expect((words.dismissing != nil) == (platform == .macos), "only macOS places every dismissing button together")
        for word in [words.cancel, words.save] + words.done where word != "Dismiss" {
            #expect(profile.barActions.contains(word), "\(platform): \(word) is not among the bar actions")
        }
        // watchOS places Cancel and Done top leading; Dismiss has no place of its own there, nor
        // on Android, whose bottom sheets have no bar.
        #expect(words.done == (platform == .watchos || platform == .android ? ["Done"] : ["Done", "Dismiss"]))
    }

    @Test func geometryMatchesTheSpecTable() throws {
        let expected: [Platform: ([Double], Double)] = [
            .ios: ([393, 852], 59), .ipados: ([1024, 1366], 24), .macos: ([800, 600], 28),
            .watchos: ([198, 242], 0), .visionos: ([1280, 720], 0),
        ]
        for (platform, (screen, safeTop)) in expected {
            let profile = try Profile.bundled(platform)
            #expect(profile.geometry.screen == screen, "\(platform)")
            #expect(profile.geometry.safeTop == safeTop, "\(platform)")
        }
        #expect(try Profile.bundled(.macos).geometry.barPlacement == .bottom)
        #expect(try Profile.bundled(.ios).geometry.barPlacement == .top)
    }

    @Test func onlyIOSAndIPadOSShowAGrabber() throws {
        let ios = try #require(try Profile.bundled(.ios).grabber)
        #expect(ios.label == "Sheet Grabber")
        #expect(ios.values == ["medium": "Half screen", "large": "Expanded"])
        #expect(try Profile.bundled(.ipados).grabber != nil)
        #expect(try Profile.bundled(.macos).grabber == nil)
        #expect(try Profile.bundled(.watchos).grabber == nil)
        #expect(try Profile.bundled(.visionos).grabber == nil)
    }

    @Test func anUnknownLanguageIsAnError() {
        #expect(throws: ProfileError.self) { try Profile.bundled(.ios, language: "xx") }
    }
}
