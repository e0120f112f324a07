import Foundation
import Testing

/// `earshot calibrate`: the example recording of docs/calibration.md measured, corrected by the
/// overlay it suggests, and what a user gets wrong said as bad input.
@Suite("earshot calibrate")
struct CalibrateCLITests {
    static let example = EarshotProcess.packageRoot.appendingPathComponent("Examples/Calibration")

    /// A copy of Examples/Calibration in a fresh folder, with `files` beside it.
    static func folder(files: [String: String] = [:]) throws -> URL {
        let folder = try EarshotProcess.temporaryFolder()
        let copy = folder.appendingPathComponent("Calibration")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: example.path) {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func theExampleIsMeasuredAndItsDisagreementTraced() throws {
        let result = try EarshotProcess.run(["calibrate", "Calibration"], in: try Self.folder())
        #expect(result.status == 0)
        #expect(result.out.contains("✗ Calibration/settings-general.recording.yaml  Settings with its General sheet up (ios 27, en): 7 of 8 agree (87.5%)"))
        #expect(result.out.contains("  ✗ move 1 (general, appear) Calibration/settings-general.recording.yaml:14:9"))
        #expect(result.out.contains("      VoiceOver: \"Sheet Grabber, Half screen, button\""))
        #expect(result.out.contains("      Earshot:   \"Sheet Grabber: Collapsed. Button.\""))
        #expect(result.out.contains("from the profile fact grabber.values.medium = \"Collapsed\" (ios.en.json, from 18; evidence (docs/evidence.md, ios.en: from 18 (versioned[0])): microsoft/fluentui-apple PR 2101"))
        #expect(result.out.hasSuffix("agreement: 7 of 8 utterances (87.5%) in 1 recording\n"))
    }

    /// The done-when of the issue: one command measures, --suggest writes the overlay, and with
    /// it named in .earshot.yml Earshot agrees.
    @Test func theSuggestedOverlayNamedInTheConfigurationMakesEarshotAgree() throws {
        let folder = try Self.folder()
        let suggest = try EarshotProcess.run(["calibrate", "Calibration", "--suggest", "overlay.yaml"], in: folder)
        #expect(suggest.status == 0)
        #expect(suggest.out.contains("wrote overlay.yaml: 1 profile fact"))
        let overlay = try String(contentsOf: folder.appendingPathComponent("overlay.yaml"), encoding: .utf8)
        #expect(overlay.contains("  - path: grabber.values.medium\n    value: \"Half screen\"\n    platform: ios\n    language: en\n    from: \"27\"\n"))
        try "profiles: [overlay.yaml]\n".write(to: folder.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        let after = try EarshotProcess.run(["calibrate", "Calibration", "--threshold", "100"], in: folder)
        #expect(after.status == 0)
        #expect(after.out.contains("agreement: 8 of 8 utterances (100%)"))
        // The bundled profiles alone still disagree; run and tree use the overlay too.
        let bundled = try EarshotProcess.run(["calibrate", "Calibration", "--bundled-only", "--threshold", "90"], in: folder)
        #expect(bundled.status == 1)
        #expect(bundled.err.contains("earshot calibrate: 87.5% of utterances agree, below --threshold 90%"))
        // A second --suggest keeps the overlay's other facts.
        var edited = overlay + "  - path: words.button\n    value: Knob\n    platform: ios\n    source: \"our own\"\n"
        edited = edited.replacingOccurrences(of: "overlay: \"Suggested by earshot calibrate\"", with: "overlay: \"Ours\"")
        try edited.write(to: folder.appendingPathComponent("overlay.yaml"), atomically: true, encoding: .utf8)
        _ = try EarshotProcess.run(["calibrate", "Calibration", "--bundled-only", "--suggest", "overlay.yaml"], in: folder)
        let merged = try String(contentsOf: folder.appendingPathComponent("overlay.yaml"), encoding: .utf8)
        #expect(merged.contains("path: words.button"))
        #expect(merged.contains("overlay: \"Ours\""))
    }

    @Test func reportsAreWrittenInEachFormat() throws {
        let folder = try Self.folder()
        let result = try EarshotProcess.run(["calibrate", "Calibration", "--report", "json:out.json", "--report", "markdown:out.md",
                                             "--report", "html:html", "--report", "text:out.txt"], in: folder)
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.json"))) as? [String: Any]
        #expect(json?["agreed"] as? Int == 7)
        #expect(json?["total"] as? Int == 8)
        let markdown = try String(contentsOf: folder.appendingPathComponent("out.md"), encoding: .utf8)
        #expect(markdown.contains("**7 of 8 utterances agree (87.5%)**"))
        let html = try String(contentsOf: folder.appendingPathComponent("html/index.html"), encoding: .utf8)
        #expect(html.contains("<h1>Earshot against real VoiceOver</h1>"))
        let text = try String(contentsOf: folder.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(text == result.out)
        let junit = try EarshotProcess.run(["calibrate", "Calibration", "--report", "junit:out.xml"], in: folder)
        #expect(junit.status == 2)
        #expect(junit.err.contains("--report format 'junit' does not report on a calibration (expected text, json, html or markdown)"))
    }

    @Test func aBadRecordingIsBadInputAtItsLineAndNothingIsWritten() throws {
        let folder = try Self.folder(files: ["bad.recording.yaml": """
            recording: Bad
            platform: ios
            os: "27"
            source: s
            screens:
              - screen: a
                capture: Calibration/settings-general.debugdescription.txt
                moves:
                  - { gesture: swipe, utterance: x }
            """])
        let result = try EarshotProcess.run(["calibrate", "bad.recording.yaml", "--report", "json:out.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.err.contains("bad.recording.yaml:9:20: error: unknown gesture 'swipe'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
        let empty = try EarshotProcess.run(["calibrate", "."], in: try EarshotProcess.temporaryFolder())
        #expect(empty.status == 2)
        #expect(empty.err.contains("no *.recording.yaml"))
        let notOverlay = try EarshotProcess.run(["calibrate", "Calibration", "--suggest", "Calibration/settings-general.recording.yaml"], in: folder)
        #expect(notOverlay.status == 2)
        #expect(notOverlay.err.contains("is a file that is not a profile overlay"))
    }

    @Test func convertMakesARecordingFromGuidepupsLogAndCaptionLines() throws {
        let folder = try Self.folder(files: [
            "log.json": #"["Sheet Grabber, Collapsed, button", "Cancel, button", "General, heading"]"#,
            "panel.txt": "appear: Sheet Grabber, Collapsed, button\nCancel, button\n",
        ])
        let guidepup = try EarshotProcess.run(["convert", "guidepup", "log.json", "--os", "27", "--no-hints",
                                               "--capture", "Calibration/settings-general.debugdescription.txt", "-o", "log.recording.yaml"], in: folder)
        #expect(guidepup.status == 0, "\(guidepup.err)")
        #expect(guidepup.out == "wrote log.recording.yaml: 3 moves from log.json\n")
        let measured = try EarshotProcess.run(["calibrate", "log.recording.yaml"], in: folder)
        #expect(measured.out.contains("log.recording.yaml  log (ios 27, en, no hints): 3 of 3 agree (100%)"))
        let captions = try EarshotProcess.run(["convert", "captions", "panel.txt", "--os", "27", "--no-hints",
                                               "--capture", "Calibration/settings-general.debugdescription.txt", "-o", "panel.recording.yaml"], in: folder)
        #expect(captions.status == 0)
        #expect(try EarshotProcess.run(["calibrate", "panel.recording.yaml", "--threshold", "100"], in: folder).status == 0)
        // Never over a file already there.
        let again = try EarshotProcess.run(["convert", "captions", "panel.txt", "--os", "27",
                                            "--capture", "x.txt", "-o", "panel.recording.yaml"], in: folder)
        #expect(again.status == 2)
        #expect(again.err.contains("exists"))
        let typo = try EarshotProcess.run(["convert", "guidepop", "log.json", "--os", "27", "--capture", "x", "-o", "y.recording.yaml"], in: folder)
        #expect(typo.status == 2)
        #expect(typo.err.contains("did you mean 'guidepup'?"))
    }
}

/// The configuration's overlays reach `earshot run` and `earshot audit` too.
@Suite("Profile overlays in run and audit")
struct OverlayCLITests {
    @Test func aRunSpeaksTheOverlaysWordsAndFailsWithoutThem() throws {
        let folder = try EarshotProcess.temporaryFolder()
        let files = [
            "scene.yaml": """
                scene: Share
                platform: ios
                os: "27"
                root:
                  - button: Share
                    activate: { present: share }
                presentations:
                  share:
                    style: sheet
                    detents: [medium, large]
                    grabber: true
                    content:
                      - button: Close
                        activate: dismiss
                """,
            "open.yaml": """
                scenario: Open the share sheet
                scene: scene.yaml
                steps:
                  - touch: Share
                  - doubleTap
                  - expect: "Sheet Grabber: Half screen. Button."
                """,
            "overlay.yaml": """
                overlay: Ours
                platform: ios
                facts:
                  - { path: grabber.values.medium, value: Half screen, from: "27", source: "our recording" }
                """,
        ]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let without = try EarshotProcess.run(["run", "--headless", "open.yaml"], in: folder)
        #expect(without.status == 1)
        try "profiles: overlay.yaml\n".write(to: folder.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        let with = try EarshotProcess.run(["run", "--headless", "open.yaml"], in: folder)
        #expect(with.status == 0, "\(with.out)\(with.err)")
        // A broken overlay is bad input at its own line, for every command that reads the configuration.
        try "overlay: Ours\nplatform: ios\nfacts:\n  - { path: grabber.value, value: x, source: s }\n"
            .write(to: folder.appendingPathComponent("overlay.yaml"), atomically: true, encoding: .utf8)
        for command in [["run", "--headless", "open.yaml"], ["audit", "scene.yaml"], ["calibrate", "."]] {
            let broken = try EarshotProcess.run(command, in: folder)
            #expect(broken.status == 2, "earshot \(command[0])")
            #expect(broken.err.contains("overlay.yaml:4:13: error: no profile has the key path 'grabber.value'"), "earshot \(command[0])")
        }
        // A file named there that cannot be read is said at the configuration's line.
        try "profiles: [missing.yaml]\n".write(to: folder.appendingPathComponent(".earshot.yml"), atomically: true, encoding: .utf8)
        let missing = try EarshotProcess.run(["run", "--headless", "open.yaml"], in: folder)
        #expect(missing.err.contains(".earshot.yml:1:12: error: profile overlay 'missing.yaml' does not exist"))
    }
}
