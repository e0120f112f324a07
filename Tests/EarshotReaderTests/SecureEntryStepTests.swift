import EarshotCore
import EarshotReader
import Testing

/// Typing into a secure field: the step is written with a bullet for each character, nothing is
/// echoed (or the profile's mask word, where it has one), and re-reading the field speaks only
/// its length.
@Suite("Typing into a secure field")
struct SecureEntryStepTests {
    static let yaml = """
        scene: Sign In
        platform: PLATFORM
        root:
          - textField: Email
            id: email
          - secureField: Password
            id: password
        """

    /// A reader on `platform` that has typed `abc` into the password field.
    static func typedIntoPassword(on platform: String) throws -> ScreenReader {
        var reader = ScreenReader(scene: try loadScene(yaml.replacingOccurrences(of: "PLATFORM", with: platform)))
        reader.touch("password")
        reader.doubleTap()
        reader.type("abc")
        return reader
    }

    /// Holds: secureEntry.characters.
    @Test func theTextIsWrittenAsBulletsAndNothingIsEchoed() throws {
        var reader = try Self.typedIntoPassword(on: "ios")
        #expect(reader.steps.last?.written == "type: •••")
        #expect(reader.spoken.isEmpty)
        #expect(!reader.transcript.contains("abc"))
        reader.touch("email")
        reader.touch("password")
        #expect(reader.lastDescription == "Password. Secure Text Field. Is editing. 3 characters. Insertion point at end.")
        // A plain field echoes each character typed, and writes the text in its step.
        reader.touch("email")
        reader.doubleTap()
        reader.type("me@example.com")
        #expect(reader.steps.last?.written == "type: me@example.com")
        #expect(reader.spoken == ["m, e, @, e, x, a, m, p, l, e, ., c, o, m"])
    }

    /// A profile with a mask word for typed characters (none of the bundled ones has public
    /// evidence for one) echoes it once per character.
    @Test func aMaskWordIsEchoedOncePerCharacterWhereTheProfileHasOne() throws {
        var scene = try loadScene(Self.yaml.replacingOccurrences(of: "PLATFORM", with: "ios"))
        scene.profile.secureEntry?.typed = "bullet"
        var reader = ScreenReader(scene: scene)
        reader.touch("password")
        reader.doubleTap()
        reader.type("abc")
        #expect(reader.spoken == ["bullet bullet bullet"])
        #expect(!reader.transcript.contains("abc"))
    }

    /// Where the profile has no words for it (macOS), nothing is echoed and no length is spoken,
    /// and the typed text still appears nowhere.
    @Test func aProfileWithoutSecureEntryWordsSaysNothingOfTheText() throws {
        let reader = try Self.typedIntoPassword(on: "macos")
        #expect(reader.steps.last?.written == "type: •••")
        #expect(reader.spoken.isEmpty)
        #expect(!reader.transcript.contains("abc"))
    }
}
