import Foundation
import Testing

/// One scenario across OS versions and languages (docs/format.md, "Configurations"): a golden
/// transcript per configuration, `--configuration`, bad configurations, reports that say which.
@Suite("Configurations")
struct ConfigurationsCLITests {
    static let scene = """
        scene: Notes
        platform: ios
        root:
          - button: Format
            id: format
            activate: { present: format }
        presentations:
          format:
            style: sheet
            detents: [medium, large]
            grabber: true
            content:
              - button: Bold
        """

    static let scenario = """
        scenario: Resize the format sheet
        scene: scene.yaml
        configurations: [ {}, { language: de }, { os: "26", language: ja } ]
        steps:
          - touch: format
          - doubleTap
          - expect: { presented: format, focus: system.grabber, speech: "Sheet Grabber: Half screen. Button." }
          - doubleTap
          - expect: { detent: large }
        """

    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try EarshotProcess.temporaryFolder()
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func eachConfigurationRunsWithItsOwnGoldenAndTheWordsAreCheckedInTheScenariosLanguage() throws {
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": Self.scenario])
        let update = try EarshotProcess.run(["run", "--headless", "--update", "resize.yaml"], in: folder)
        #expect(update.status == 0, "\(update.err)")
        #expect(update.out.contains("3 passed, 0 failed"))
        for name in ["resize.transcript", "resize.de.transcript", "resize.os26-ja.transcript"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
        let german = try String(contentsOf: folder.appendingPathComponent("resize.de.transcript"), encoding: .utf8)
        #expect(german.contains("Sheet-Griff: Halber Bildschirm. Taste."))
        #expect(update.out.contains("✓ Resize the format sheet [os 26, ja]"))

        // A golden changed by hand fails its configuration alone.
        try german.replacingOccurrences(of: "Taste", with: "Knopf")
            .write(to: folder.appendingPathComponent("resize.de.transcript"), atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["run", "--headless", "resize.yaml", "--report", "json:out.json"], in: folder)
        #expect(run.status == 1)
        #expect(run.out.contains("2 passed, 1 failed"))
        #expect(run.out.contains("resize.de.transcript:2:1: the transcript differs from the golden transcript"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.json"))) as? [[String: Any]]
        let configurations = (json ?? []).compactMap { $0["configuration"] as? [String: String] }
        #expect(configurations == [
            ["name": "default", "platform": "ios", "os": "17", "language": "en"],
            ["name": "de", "platform": "ios", "os": "17", "language": "de"],
            ["name": "os26-ja", "platform": "ios", "os": "26", "language": "ja"],
        ])
    }

    @Test func configurationPicksSomeAndAnUnknownNameSaysTheNamesThereAre() throws {
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": Self.scenario])
        let one = try EarshotProcess.run(["run", "--headless", "resize.yaml", "--configuration", "de"], in: folder)
        #expect(one.status == 0, "\(one.err)")
        #expect(one.out.contains("1 passed, 0 failed"))
        let wrong = try EarshotProcess.run(["run", "--headless", "resize.yaml", "--configuration", "dee"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.err.contains("--configuration dee: no scenario here has that configuration (expected one of: de, default, os26-ja); did you mean 'de'?"))
    }

    @Test func neverRecordFailsEachConfigurationWhoseGoldenIsMissing() throws {
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": Self.scenario])
        _ = try EarshotProcess.run(["run", "--headless", "--update", "resize.yaml", "--configuration", "default"], in: folder)
        let ci = try EarshotProcess.run(["run", "--headless", "resize.yaml"], environment: ["CI": "true"], in: folder)
        #expect(ci.status == 1)
        #expect(ci.out.contains("1 passed, 2 failed"))
        #expect(ci.out.contains("earshot run --headless --update resize.yaml --configuration os26-ja"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("resize.de.transcript").path))
    }

    @Test func aConfigurationTheScenesPlatformDoesNotHaveIsBadInputAtIt() throws {
        let watch = Self.scene.replacingOccurrences(of: "platform: ios", with: "platform: watchos")
            .replacingOccurrences(of: "            detents: [medium, large]\n            grabber: true\n", with: "")
        let folder = try Self.folder(["scene.yaml": watch, "resize.yaml": """
            scenario: On the watch
            scene: scene.yaml
            configurations: [ {}, { language: de }, { language: de } ]
            steps:
              - touch: format
            """])
        let result = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(result.status == 2)
        #expect(result.err.contains("resize.yaml:3:41: error: configuration 'de' is listed twice"))
        let once = try Self.folder(["scene.yaml": watch, "resize.yaml": """
            scenario: On the watch
            scene: scene.yaml
            configurations: [ {}, { language: de }, { os: "99" } ]
            steps:
              - touch: format
            """])
        let bad = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: once)
        #expect(bad.status == 2)
        #expect(bad.err.contains("resize.yaml:3:47: error: unknown OS version '99'"))
        #expect(!bad.err.contains("listed twice"))
        let fixed = try Self.folder(["scene.yaml": watch, "resize.yaml": """
            scenario: On the watch
            scene: scene.yaml
            configurations: [ {}, { language: de } ]
            steps:
              - touch: format
            """])
        let platform = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: fixed)
        #expect(platform.status == 2)
        #expect(platform.err.contains("resize.yaml:3:23: error: language: de (the configuration's) for scene 'Notes'"))
        #expect(platform.err.contains("no 'de' profile for watchos"))
    }

    @Test func theConfigurationFileGivesTheConfigurationsOfScenariosWithoutTheirOwn() throws {
        let plain = Self.scenario.replacingOccurrences(of: "configurations: [ {}, { language: de }, { os: \"26\", language: ja } ]\n", with: "")
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": plain,
                                      ".earshot.yml": "configurations: [ {}, { os: \"18\" } ]\n"])
        let result = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        // The words are checked in every configuration of the scenario's language: at 18 the grabber says Collapsed.
        #expect(result.status == 1)
        #expect(result.out.contains("✗ Resize the format sheet [os 18]"))
        #expect(result.out.contains("actual:   \"Sheet Grabber: Collapsed. Button.\""))
    }

    /// `resize.yaml` in `de` and `resize.de.yaml` would share a golden transcript (and audio):
    /// refused, headless or spoken, before anything is written.
    @Test func aConfigurationsOutputsNamedAsAnotherFilesAreRefused() throws {
        let plain = Self.scenario.replacingOccurrences(of: "configurations: [ {}, { language: de }, { os: \"26\", language: ja } ]\n", with: "")
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": Self.scenario, "resize.de.yaml": plain])
        for arguments in [["run", "--headless", "--update", "resize.yaml", "resize.de.yaml"],
                          ["run", "resize.yaml", "resize.de.yaml", "--audio-dir", "out"]] {
            let result = try EarshotProcess.run(arguments, in: folder)
            #expect(result.status == 2)
            #expect(result.err.contains("resize.yaml:3:23: error: the golden transcript of 'resize.yaml' in configuration 'de'"))
            #expect(result.err.contains("the golden transcript of 'resize.de.yaml'"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("resize.transcript").path))
        }
    }

    /// A report written where a configuration's golden transcript goes is refused before anything is written.
    @Test func aReportOverAConfigurationsGoldenIsBadInput() throws {
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": Self.scenario])
        let result = try EarshotProcess.run(["run", "--headless", "resize.yaml", "--report", "junit:resize.de.transcript"], in: folder)
        #expect(result.status == 2)
        #expect(result.err.contains("resize.yaml:3:23: error:"))
        #expect(result.err.contains("configuration 'de'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("resize.de.transcript").path))
    }

    /// The bundled suite runs most scenarios in three configurations: English at the scene's
    /// version, German, and Japanese (at iOS 26 where the scenario's steps hold there), each
    /// page of the HTML report named for its configuration.
    @Test func theBundledSuiteRunsTwentyScenariosInThreeConfigurationsOrMore() throws {
        let folder = try EarshotProcess.temporaryFolder()
        let result = try EarshotProcess.run(["run", "--headless", "Scenarios", "--report", "json:" + folder.path + "/run.json",
                                             "--report", "html:" + folder.path + "/html"])
        #expect(result.status == 0, "\(result.err)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("run.json"))) as? [[String: Any]] ?? []
        var byFile: [String: Set<String>] = [:]
        for result in json {
            guard let file = result["file"] as? String, let configuration = result["configuration"] as? [String: String] else { continue }
            byFile[file, default: []].insert("\(configuration["os"] ?? "?") \(configuration["language"] ?? "?")")
        }
        #expect(byFile.values.filter { $0.count >= 3 }.count >= 20)
        #expect(byFile.values.contains { $0.contains("26 ja") && $0.contains("17 de") && $0.contains("17 en") })
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/html")
        #expect(pages.contains("mail-cancel-draft.de.html") && pages.contains("mail-cancel-draft.os26-ja.html"))
    }

    /// Words that differ by configuration are checked where the step says, whatever the language.
    @Test func aStepCheckedInSomeConfigurationsOnly() throws {
        let scenario = """
            scenario: Per configuration
            scene: scene.yaml
            configurations: [ {}, { os: "26" }, { language: de } ]
            steps:
              - touch: format
              - doubleTap
              - expect: { configuration: [default], speech: "Sheet Grabber: Half screen. Button." }
              - expect: { configuration: os26, speech: "Sheet Grabber: Collapsed. Button." }
              - expect: { configuration: de, speech: "Sheet-Griff: Halber Bildschirm. Taste." }
              - expect: { focus: system.grabber }
            """
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": scenario])
        let result = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("3 passed, 0 failed"))
        // The German check is made in German: a wrong word fails there.
        try scenario.replacingOccurrences(of: "Halber Bildschirm. Taste", with: "Halb. Taste")
            .write(to: folder.appendingPathComponent("resize.yaml"), atomically: true, encoding: .utf8)
        let wrong = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(wrong.out.contains("✗ Per configuration [de]") && wrong.out.contains("2 passed, 1 failed"))
        // A name the scenario does not run in is bad input at it.
        try scenario.replacingOccurrences(of: "configuration: os26,", with: "configuration: os25,")
            .write(to: folder.appendingPathComponent("resize.yaml"), atomically: true, encoding: .utf8)
        let unknown = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("resize.yaml:8:30: error: the step names configuration 'os25', which this scenario does not run in (expected one of: default, os26, de); did you mean 'os26'?"))
    }

    /// The same iPhone scene on iPad (`platform: ipados`): an action sheet is a popover there,
    /// its Cancel left out and its dismiss region last; the golden, the JSON and JUnit say so.
    @Test func aConfigurationRunsAnIPhoneSceneOnIPad() throws {
        let folder = try Self.folder(["confirm.yaml": """
            scenario: Clear the history
            scene:
              scene: History
              root:
                - button: Clear History
                  id: clear
                  activate: { present: confirm }
              presentations:
                confirm:
                  style: actionSheet
                  title: Clear your search history?
                  content:
                    - button: Clear
                      role: destructive
                      activate: dismiss
                    - button: Cancel
                      role: cancel
                      activate: [ { announce: Kept }, dismiss ]
            configurations: [ {}, { platform: ipados }, { platform: ipados, language: de } ]
            steps:
              - touch: clear
              - doubleTap
              - expect: { configuration: default, unreachable: "dismiss popup" }
              - expect: { configuration: [ipados, ipados-de], unreachable: Cancel }
              - last
              - scrub
              - expect: { presented: none, focus: clear, announced: Kept }
            """])
        let result = try EarshotProcess.run(["run", "--headless", "--update", "confirm.yaml", "--report", "json:run.json",
                                             "--report", "junit:run.xml"], in: folder)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("✓ Clear the history [ipados, de]"))
        let iPad = try String(contentsOf: folder.appendingPathComponent("confirm.ipados.transcript"), encoding: .utf8)
        let iPhone = try String(contentsOf: folder.appendingPathComponent("confirm.transcript"), encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("confirm.ipados-de.transcript").path))
        #expect(iPhone.contains("speak: Cancel. Button.") && !iPhone.contains("dismiss popup"))
        #expect(iPad.contains("speak: dismiss popup. Button.") && !iPad.contains("Cancel"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("run.json"))) as? [[String: Any]]
        let configurations = (json ?? []).compactMap { $0["configuration"] as? [String: String] }
        #expect(configurations.map { $0["platform"] } == ["ios", "ipados", "ipados"])
        #expect(configurations.map { $0["name"] } == ["default", "ipados", "ipados-de"])
        let junit = try String(contentsOf: folder.appendingPathComponent("run.xml"), encoding: .utf8)
        #expect(junit.contains("<property name=\"platform\" value=\"ipados\"/>"))

        // Without the configuration, the iPhone's check fails on iPad: the popover has no Cancel to reach.
        let unchecked = try String(contentsOf: folder.appendingPathComponent("confirm.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "configuration: default, unreachable", with: "unreachable")
        try unchecked.write(to: folder.appendingPathComponent("confirm.yaml"), atomically: true, encoding: .utf8)
        let failed = try EarshotProcess.run(["run", "--headless", "confirm.yaml"], in: folder)
        #expect(failed.out.contains("1 passed, 2 failed"))
    }

    /// A device is one of the scene's size classes: iPhone or iPad for an iPhone or iPad scene, the
    /// platform's own for the others; anything else is bad input at the configuration.
    @Test func aDeviceTheScenesPlatformDoesNotHaveIsBadInputAtIt() throws {
        let folder = try Self.folder(["scene.yaml": Self.scene, "resize.yaml": """
            scenario: On a Mac
            scene: scene.yaml
            configurations: [ {}, { platform: macos } ]
            steps:
              - touch: format
            """])
        let mac = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(mac.status == 2)
        #expect(mac.err.contains("resize.yaml:3:23: error: platform: macos (the configuration's) for scene 'Notes'"))
        #expect(mac.err.contains("ios scenes run on iPhone or iPad (ios, ipados), not macos (expected one of: ios, ipados)"))

        let watch = Self.scene.replacingOccurrences(of: "platform: ios", with: "platform: watchos")
            .replacingOccurrences(of: "    detents: [medium, large]\n    grabber: true\n", with: "")
        try watch.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        try "scenario: On the watch\nscene: scene.yaml\nconfigurations: [ { platform: ios } ]\nsteps:\n  - touch: format\n"
            .write(to: folder.appendingPathComponent("resize.yaml"), atomically: true, encoding: .utf8)
        let other = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(other.status == 2)
        #expect(other.err.contains("resize.yaml:3:19: error: platform: ios (the configuration's)"))
        #expect(other.err.contains("watchos scenes run on their own platform only (expected platform: watchos, or no platform)"))

        try "scenario: Nowhere\nscene: scene.yaml\nconfigurations: [ { platform: blackberry } ]\nsteps:\n  - touch: format\n"
            .write(to: folder.appendingPathComponent("resize.yaml"), atomically: true, encoding: .utf8)
        let unknown = try EarshotProcess.run(["run", "--headless", "resize.yaml"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("resize.yaml:3:31: error: unknown platform 'blackberry'"))
        #expect(unknown.err.contains("android"))
    }

    /// A run's SARIF says which configurations' `audit` steps found each finding.
    @Test func sarifSaysTheConfigurationsThatFoundAFinding() throws {
        let folder = try Self.folder(["scene.yaml": Self.scene.replacingOccurrences(of: "    grabber: true\n", with: ""),
                                      "audit.yaml": "scenario: Audit\nscene: scene.yaml\nconfigurations: [ {}, { language: de } ]\nsteps:\n  - audit\n"])
        let result = try EarshotProcess.run(["run", "--headless", "--update", "audit.yaml", "--report", "sarif:out.sarif"], in: folder)
        #expect(result.status == 0, "\(result.err)")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.sarif"))) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let grabber = results.first { $0["ruleId"] as? String == "sheet-grabber" }
        #expect((grabber?["properties"] as? [String: Any])?["configurations"] as? [String] == ["default", "de"])
        #expect(grabber?["occurrenceCount"] as? Int == 2)
    }
}
