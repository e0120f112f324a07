import EarshotAudit
import EarshotCalibration
import EarshotCore
import EarshotScenario
import Foundation
import Testing

/// A team's overlay corrects the bundled profile where its recording shows Earshot wrong, and
/// only there; a fact that does not fit the profile is bad input at its line.
@Suite("Profile overlays")
struct OverlayTests {
    static let collapsed = """
        overlay: Our app
        platform: ios
        facts:
          - path: grabber.values.medium
            value: Collapsed
            from: "17"
            source: "mail.recording.yaml:9"
        """

    @Test func aFactSetsTheProfileFromItsVersionOn() throws {
        let overlay = try ProfileOverlay.load(yaml: Self.collapsed, file: "overlay.yaml")
        #expect(overlay.facts.map(\.dottedPath) == ["grabber.values.medium"])
        #expect(try Profile.bundled(.ios, os: "17").overlaid(by: [overlay]).grabber?.values["medium"] == "Collapsed")
        #expect(try Profile.bundled(.ios, os: "16").overlaid(by: [overlay]).grabber?.values["medium"] == "Half screen")
        // Another platform's or language's profile is not touched.
        #expect(try Profile.bundled(.ios, language: "de", os: "17").overlaid(by: [overlay]).grabber?.values["medium"] == "Halber Bildschirm")
    }

    @Test func aSceneMadeWithAnOverlaySpeaksItsWords() throws {
        let overlay = try ProfileOverlay.load(yaml: Self.collapsed, file: "overlay.yaml")
        let scene = try SceneLoader.load(yaml: CalibrationFixtures.scene).applying(overlays: [overlay])
        #expect(scene.profile.grabber?.values["medium"] == "Collapsed")
        #expect(try SceneLoader.load(yaml: CalibrationFixtures.scene).profile.grabber?.values["medium"] == "Half screen")
    }

    /// The whole loop: a disagreement, its suggested overlay, and with it Earshot agrees.
    @Test func theSuggestedOverlayMakesEarshotAgree() throws {
        let before = try CalibrationFixtures.calibrate(TracingTests.grabber, os: "17")
        #expect(before.agreed == 1)
        let suggestion = Suggestion(CalibrationRun([before]))
        #expect(suggestion.overlay.facts.map(\.dottedPath) == ["grabber.values.medium"])
        #expect(suggestion.overlay.facts.first?.value == .text("Collapsed"))
        #expect(suggestion.overlay.facts.first?.from == "17")
        // Written and read back as a team would keep it.
        let written = try ProfileOverlay.load(yaml: suggestion.overlay.yaml(), file: "suggested.yaml")
        let after = try CalibrationFixtures.calibrate(TracingTests.grabber, os: "17", overlays: [written])
        #expect(after.agreed == 2)
        // The trace then names the overlay as the origin of a word it set.
        let again = try CalibrationFixtures.calibrate("""
            - { gesture: touch, element: compose, utterance: "Compose, button" }
            - { gesture: activate, utterance: "Sheet grabber, half, button" }
            """, os: "17", overlays: [written])
        guard case .profile(let fact)? = again.moves[1].differences.first?.origins.first else {
            Issue.record("not traced: \(again.moves[1].differences)")
            return
        }
        #expect(fact.isOverlay)
        #expect(fact.origin == "suggested.yaml:3")
    }

    @Test(arguments: [
        ("overlay: A\nplatform: ios\nfacts:\n  - { path: grabber.values.medum, value: x, source: s }\n",
         "o.yaml:4:13: error: no profile has the key path 'grabber.values.medum' (expected a key path of a profile, as in words.button or grabber.values.medium); did you mean 'grabber.values.medium'?"),
        ("overlay: A\nplatform: ios\nfacts:\n  - { path: words.button, value: [a, b], source: s }\n",
         "o.yaml:4:34: error: the overlay's fact 'words.button' does not fit the ios profile: expected text at 'words.button'"),
        ("overlay: A\nplatform: ios\nfacts:\n  - { path: words.button, value: Knob, from: \"72\", source: s }\n",
         "o.yaml:4:46: error: unknown ios version '72' (expected one of: 15, 16, 17, 18, 26, 27); did you mean '27'?"),
        ("overlay: A\nfacts:\n  - { path: words.button, value: Knob, source: s }\n",
         "o.yaml:3:5: error: a fact names no platform, and the overlay gives none (expected platform: ios (on the fact or the overlay))"),
        ("overlay: A\nplatform: ios\nfacts:\n  - { path: words.button, value: Knob }\n",
         "o.yaml:4:5: error: a fact has no 'source' (expected source: the recording or other evidence that shows it)"),
        ("rules: {}\n", "o.yaml:1:1: error: this is not a profile overlay: it is a mapping without an 'overlay' key"),
    ])
    func aBadOverlayIsBadInputAtItsLine(_ yaml: String, _ message: String) throws {
        do {
            _ = try ProfileOverlay.load(yaml: yaml, file: "o.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func theConfigurationNamesOverlaysRelativeToItself() throws {
        let folder = try CalibrationFixtures.folder(["overlay.yaml": Self.collapsed, ".earshot.yml": "profiles: [overlay.yaml]\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try AuditConfiguration.load(path: folder.appendingPathComponent(".earshot.yml").path)
        #expect(configuration.overlays.map(\.name) == ["Our app"])
        let broken = try CalibrationFixtures.folder([".earshot.yml": "profiles: missing.yaml\n"])
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect(throws: LoadError.self) { try AuditConfiguration.load(path: broken.appendingPathComponent(".earshot.yml").path) }
    }
}
