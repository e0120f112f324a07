import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// Presentations from captures taken with them showing: a sheet at two detents and an alert.
@Suite("Importing sheets and alerts from captures")
struct SheetImportTests {
    /// The settings screen and its General sheet and Reset alert, in one format.
    static func imported(_ format: String) throws -> SceneImporter.Imported {
        let parent = try CaptureFixtures.capture("settings.\(format)")
        let general = SceneImporter.PresentationCaptures(
            id: "general",
            captures: [try CaptureFixtures.capture("settings-general-medium.\(format)"),
                       try CaptureFixtures.capture("settings-general-large.\(format)")],
            presenter: "General")
        let reset = SceneImporter.PresentationCaptures(
            id: "reset", captures: [try CaptureFixtures.capture("settings-general-alert.\(format)")], presenter: "Reset")
        return try SceneImporter.scene(from: parent, presentations: [general, reset])
    }

    static func scene(_ format: String) throws -> Scene {
        let imported = try imported(format)
        return try SceneLoader.load(document: imported.document)
    }

    /// Presents the sheet, grows it through the grabber, reads it, opens the alert, reads it.
    static func walk(_ scene: Scene) -> [String] {
        var reader = ScreenReader(scene: scene)
        // Presented, the cursor is on the grabber; a double tap grows the sheet to large.
        var events = reader.touch("General") + reader.doubleTap() + reader.doubleTap() + reader.readAll()
        events += reader.touch("Reset") + reader.doubleTap() + reader.readAll()
        return Transcript.lines(of: events)
    }

    static let formats = ["wda.xml", "debugdescription.txt", "idb.json"]

    @Test(arguments: formats)
    func aSheetAtTwoDetentsAndAnAlertReadAsTheHandWrittenScene(_ format: String) throws {
        let expected = try SceneLoader.load(path: CaptureFixtures.folder.appendingPathComponent("settings-general.expected.yaml").path)
        let walked = Self.walk(try Self.scene(format))
        #expect(walked == Self.walk(expected))
        #expect(walked.contains("speak: Sheet Grabber: Half screen. Button."))
        #expect(walked.contains("speak: Sheet Grabber: Expanded"))
        #expect(walked.contains("speak: Reset. Button."))
        #expect(walked.contains("speak: Reset Settings?"))
        #expect(walked.contains("speak: This cannot be undone."))
    }

    @Test(arguments: formats)
    func eachCapturesSheetHeightGivesItsDetentAndTheGrabberIsTheSystems(_ format: String) throws {
        let yaml = try Self.imported(format).yaml
        #expect(yaml.contains("    detents: [medium, large]\n    selected: medium\n    grabber: true\n"))
        #expect(!yaml.contains("Sheet Grabber") && !yaml.contains("dismiss popup"))
        #expect(yaml.contains("    style: alert\n    title: \"Reset Settings?\""))
    }

    @Test func theTopBarsButtonsArePlacedAndThePresentersActivationAdded() throws {
        let scene = try Self.scene("wda.xml")
        let placements = scene.elements.compactMap { element in element.placement.map { "\(element.label) \($0)" } }
        #expect(placements == ["Cancel topLeading", "Done topTrailing"])
        let general = try #require(scene.resolve("general"))
        #expect(scene[general].behaviours[.activate]?.actions.map(\.kind) == [.present("general")])
        // The Reset element, scrolled below the medium sheet (and shown by the large one), is kept
        // where it is in the sheet.
        let reset = try #require(scene.resolve("reset"))
        #expect(scene[reset].frame == Frame(x: 16, y: 600, width: 361, height: 44))
        #expect(scene[reset].location.file == "settings-general-medium.wda.xml")
    }

    @Test func aSheetThatIsNeitherHalfNorFullHeightGetsACustomDetent() throws {
        let parent = "Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}, label: 'A'\n    Button, 0x2, {{0, 100}, {100, 44}}, label: 'Open'\n"
        let sheet = parent + "    Other, 0x3, {{0, 652}, {393, 200}}\n      Button, 0x4, {{16, 670}, {100, 44}}, label: 'Close'\n"
        let imported = try SceneImporter.scene(
            from: try Capture.read(parent, file: "p.txt"),
            presentations: [.init(id: "peek", captures: [try Capture.read(sheet, file: "s.txt")], presenter: "Open")])
        #expect(imported.yaml.contains("detents: [{ id: custom26, fraction: 0.26 }]"))
        #expect(imported.yaml.contains("frame: [16, 18, 100, 44]"))
        _ = try SceneLoader.load(document: imported.document)
    }

    /// Found by the fuzzer: a parent capture whose application has no frame, and a sheet capture
    /// whose application frame (then taken for the screen) ends above the sheet's top, gave a
    /// negative fraction (`-2.26`), and the imported scene did not load.
    @Test func aSheetWithNothingOnTheScreenIsBadInput() throws {
        let open = "    Button, 0x2, {{16, 210}, {100, 40}}, label: 'Open'\n"
        let parent = "Element subtree:\n  Application, 0x1, label: 'A'\n" + open
        let sheet = "Element subtree:\n  Application, 0x1, {{16, 209}, {361, 44}}, label: 'A'\n" + open
            + "    Other, 0x3, {{0, 600}, {393, 200}}\n      Button, 0x4, {{16, 669}, {100, 44}}, label: 'Close'\n"
        #expect {
            try SceneImporter.scene(from: try Capture.read(parent, file: "p.txt"),
                                    presentations: [.init(id: "peek", captures: [try Capture.read(sheet, file: "s.txt")], presenter: "Open")])
        } throws: { error in
            "\(error)".hasPrefix("s.txt:5:7:") && "\(error)".contains("the sheet's top edge (y = 669) is below the screen, which ends at y = 253")
        }
    }

    @Test(arguments: [
        ("Nowhere", "--presenter 'Nowhere' for 'peek' names no element of the capture"),
        ("Twice", "--presenter 'Twice' names 2 elements of the capture"),
    ])
    func aPresenterThatNamesNoOneElementIsBadInput(_ presenter: String, _ message: String) throws {
        let parent = "Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{0, 100}, {100, 44}}, label: 'Twice'\n    Button, 0x3, {{0, 200}, {100, 44}}, label: 'Twice'\n"
        let sheet = parent + "    Other, 0x4, {{0, 426}, {393, 426}}\n      Button, 0x5, {{16, 446}, {100, 44}}, label: 'Close'\n"
        #expect {
            try SceneImporter.scene(from: try Capture.read(parent, file: "p.txt"),
                                    presentations: [.init(id: "peek", captures: [try Capture.read(sheet, file: "s.txt")], presenter: presenter)])
        } throws: { "\($0)".contains(message) }
    }

    /// At its large detent a page sheet scales the parent back (iOS 15 on, iPhone), and idb lists
    /// the parent's elements again where they now are, under the sheet, without the sheet's
    /// containers: they are the parent's, moved as one, not the sheet's content.
    @Test func theParentScaledBackBehindTheSheetIsNotItsContent() throws {
        let text = try CaptureFixtures.text("settings-general-large.idb.json")
        var elements = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let grabber = try #require(elements.firstIndex { $0["AXLabel"] as? String == "dismiss popup" })
        for index in 1..<grabber {
            var frame = try #require(elements[index]["frame"] as? [String: Double])
            frame = ["x": frame["x"]! * 0.92 + 15.72, "y": frame["y"]! * 0.92 + 47, "width": frame["width"]! * 0.92,
                     "height": frame["height"]! * 0.92]
            elements[index]["frame"] = frame
        }
        let top = { (element: [String: Any]) in ((element["frame"] as? [String: Any])?["y"] as? NSNumber)?.doubleValue ?? 0 }
        elements.removeAll { $0["type"] as? String == "Group" && !($0["AXLabel"] is String) && top($0) > 60 }
        #expect(elements.count == 21)
        let scaled = String(decoding: try JSONSerialization.data(withJSONObject: elements), as: UTF8.self)
        let imported = try SceneImporter.scene(
            from: try CaptureFixtures.capture("settings.idb.json"),
            presentations: [.init(id: "general", captures: [try Capture.read(scaled, file: "scaled.json")], presenter: "General")])
        let scene = try SceneLoader.load(document: imported.document)
        let general = try #require(scene.presentations["general"])
        func leaves(_ refs: [ElementRef]) -> [String] {
            refs.flatMap { scene[$0].children.isEmpty ? [scene[$0].label] : leaves(scene[$0].children) }
        }
        #expect(leaves(general.pages.flatMap(\.content)) == ["Cancel", "General", "Done", "Name", "Auto-Lock", "Reset"])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// A sheet's element that the parent has too, elsewhere, is the sheet's where the sheet holds
    /// it, with a warning that says so.
    @Test func anElementThatIsTheParentsTooIsTakenWithAWarning() throws {
        let parent = "Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{300, 60}, {70, 44}}, label: 'Done'\n"
            + "    Button, 0x3, {{16, 200}, {100, 44}}, label: 'Open'\n"
        let sheet = parent + "    Other, 0x4, {{0, 426}, {393, 426}}\n      Button, 0x5, {{300, 446}, {70, 44}}, label: 'Done'\n"
            + "      StaticText, 0x6, {{16, 500}, {300, 20}}, label: 'Details'\n"
        let imported = try SceneImporter.scene(from: try Capture.read(parent, file: "p.txt"),
                                               presentations: [.init(id: "peek", captures: [try Capture.read(sheet, file: "s.txt")])])
        let scene = try SceneLoader.load(document: imported.document)
        #expect(scene.presentations["peek"]?.pages.flatMap(\.content).map { scene[$0].label } == ["Done", "Details"])
        #expect(imported.warnings == ["s.txt:6:7: warning: 'Done' (button) is in the parent capture too, at another place; taken as the "
                                      + "sheet's, for it lies in the sheet: if it is the parent's, the sheet capture moved it"])
    }

    /// A parent capture taken with the sheet up, given with --sheet captures of that sheet: the
    /// sheet's elements are not the parent's, and the import says what it did; a sheet no --sheet
    /// capture holds shows when the scene opens.
    @Test(arguments: ["idb.json", "wda.xml", "debugdescription.txt"])
    func aParentCaptureWithTheSheetUpKeepsItOutOfTheParent(_ format: String) throws {
        let shown = try CaptureFixtures.capture("settings-general-medium.\(format)")
        let large = try CaptureFixtures.capture("settings-general-large.\(format)")
        let same = try SceneImporter.scene(from: shown, presentations: [.init(id: "general", captures: [large], presenter: "General")])
        let scene = try SceneLoader.load(document: same.document)
        #expect(scene.root.allSatisfy { !["Cancel", "Done", "Name", "Reset"].contains(scene[$0].label) })
        #expect(scene.opening.isEmpty)
        #expect(same.warnings == ["settings-general-medium.\(format):1:1: warning: the capture shows sheet 'general' (--sheet) in front "
                                  + "of the app: its elements are left out of the parent, and the scene opens without it"])
        let alert = try CaptureFixtures.capture("settings-general-alert.\(format)")
        let other = try SceneImporter.scene(from: shown, presentations: [.init(id: "reset", captures: [alert])])
        #expect(try SceneLoader.load(document: other.document).opening == ["sheet"])
        #expect(other.warnings.last?.hasSuffix("that no --sheet capture holds: it is presentation 'sheet', showing when the scene opens") == true)
    }

    @Test func aCaptureWithNothingNewIsNotAPresentation() throws {
        let parent = try CaptureFixtures.capture("settings.wda.xml")
        #expect {
            try SceneImporter.scene(from: parent, presentations: [.init(id: "same", captures: [parent])])
        } throws: { "\($0)".contains("the capture holds nothing that the parent capture does not") }
    }

    @Test func importedNodesLeadBackToTheCaptureNodes() throws {
        let imported = try Self.imported("wda.xml")
        // Every value of the imported document is at a node of one of the captures it came from.
        func files(_ node: DocumentNode) -> Set<String> {
            switch node.content {
            case .scalar: [node.location.file]
            case .list(let items): items.reduce(into: [node.location.file]) { $0.formUnion(files($1)) }
            case .mapping(let entries):
                entries.reduce(into: [node.location.file]) { $0.formUnion(files($1.key)); $0.formUnion(files($1.value)) }
            }
        }
        let names = Set(files(imported.document).map { ($0 as NSString).lastPathComponent })
        #expect(names.contains("settings.wda.xml") && names.contains("settings-general-alert.wda.xml"))
        #expect(names.isSubset(of: ["settings.wda.xml", "settings-general-medium.wda.xml", "settings-general-large.wda.xml",
                                    "settings-general-alert.wda.xml"]))
        let scene = try SceneLoader.load(document: imported.document)
        let wifi = try #require(scene.resolve("wifi"))
        #expect(scene[wifi].location == SourceLocation(file: "settings.wda.xml", line: 15, column: 13))
    }
}

/// A scene file that starts from captures (`base:`) and adds behaviours by id or label.
@Suite("Scenes based on captures")
struct BasedSceneTests {
    /// A folder with the captures and a scene file laid over them.
    static func folder(scene: String, captures: [String: String] = [:]) throws -> URL {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-base-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["settings.wda.xml", "settings-general-medium.wda.xml", "settings-general-large.wda.xml"] {
            try (captures[name] ?? CaptureFixtures.text(name)).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try scene.write(to: folder.appendingPathComponent("settings.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static let written = """
        base:
          capture: settings.wda.xml
          sheets:
            general:
              captures: [settings-general-medium.wda.xml, settings-general-large.wda.xml]
              presenter: General
        overrides:
          Cancel: { activate: cancel }
          done: { activate: dismiss }
          Wi-Fi: { hint: Turns Wi-Fi on or off }
          Name:
            id: deviceName
        presentations:
          general:
            escape: sheet
        """

    @Test func theWrittenBehavioursApplyToTheImportedElements() throws {
        let folder = try Self.folder(scene: Self.written)
        let scene = try SceneLoader.load(path: folder.appendingPathComponent("settings.yaml").path)
        var reader = ScreenReader(scene: scene)
        _ = reader.touch("General") + reader.doubleTap()
        #expect(reader.focused?.label == "Sheet Grabber")
        _ = reader.touch("done") + reader.doubleTap()
        #expect(reader.focused?.label == "General")     // dismissed, back on the presenter
        #expect(scene[try #require(scene.resolve("wifi"))].hint == "Turns Wi-Fi on or off")
        #expect(scene.resolve("deviceName") != nil)
        #expect(scene.presentations["general"]?.escape == .sheet)
        // Imported elements lead to the capture, written keys to the scene file.
        #expect(scene[try #require(scene.resolve("airplane"))].location.file.hasSuffix("settings.wda.xml"))
    }

    /// An imported trait the app does not have is cleared by `traits: []`: the leading bar button
    /// at the bar's edge is inferred to be Back, which a Mailboxes button that opens a list is not.
    @Test func emptyTraitsInAnOverrideClearTheImportedOnes() throws {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-traits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = """
            Element subtree:
             →Application, 0x1, {{0.0, 0.0}, {393.0, 852.0}}, label: 'Mail'
                NavigationBar, 0x2, {{0.0, 47.0}, {393.0, 44.0}}, identifier: 'Inbox'
                  Button, 0x3, {{0.0, 47.0}, {100.0, 44.0}}, label: 'Mailboxes'
                  StaticText, 0x4, {{150.0, 58.0}, {93.0, 22.0}}, label: 'Inbox'
            """
        try capture.write(to: folder.appendingPathComponent("inbox.txt"), atomically: true, encoding: .utf8)
        func said(_ scene: String) throws -> [String] {
            try scene.write(to: folder.appendingPathComponent("inbox.yaml"), atomically: true, encoding: .utf8)
            return CaptureFixtures.descriptions(try SceneLoader.load(path: folder.appendingPathComponent("inbox.yaml").path))
        }
        #expect(try said("base: inbox.txt\n") == ["Mailboxes. Back Button.", "Inbox. Heading."])
        #expect(try said("base: inbox.txt\noverrides:\n  Mailboxes: { traits: [] }\n") == ["Mailboxes. Button.", "Inbox. Heading."])
    }

    @Test func overridesNameImportedElementsWhereverTheyAreWritten() throws {
        // The file's own action sheet has a Cancel too; the override still names the sheet's one.
        let text = """
            base:
              capture: settings.wda.xml
              sheets:
                general: { captures: [settings-general-medium.wda.xml], presenter: General }
            presentations:
              confirmReset:
                style: actionSheet
                content:
                  - button: Cancel
                    role: cancel
            overrides:
              Cancel: { id: cancelGeneral }
            """
        let folder = try Self.folder(scene: text)
        let scene = try SceneLoader.load(path: folder.appendingPathComponent("settings.yaml").path)
        let cancel = try #require(scene.resolve("cancelGeneral"))
        #expect(scene[cancel].placement == .topLeading)
    }

    @Test func aReimportKeepsTheWrittenBehaviours() throws {
        // The newer capture: Wi-Fi moved down a row, and a Cellular switch came in above it.
        var newer = try CaptureFixtures.text("settings.wda.xml")
        let wifiLine = try #require(newer.split(separator: "\n").first { $0.contains("name=\"wifi\"") })
        let cellular = wifiLine.replacingOccurrences(of: "name=\"wifi\" label=\"Wi-Fi\"", with: "name=\"cellular\" label=\"Cellular\"")
        newer = newer.replacingOccurrences(of: String(wifiLine), with: cellular + "\n" + wifiLine.replacingOccurrences(of: "y=\"254\"", with: "y=\"320\""))
        let folder = try Self.folder(scene: Self.written, captures: ["settings.wda.xml": newer])
        let scene = try SceneLoader.load(path: folder.appendingPathComponent("settings.yaml").path)
        #expect(scene.resolve("cellular") != nil)
        let wifi = try #require(scene.resolve("wifi"))
        #expect(scene[wifi].hint == "Turns Wi-Fi on or off")
        #expect(scene[wifi].frame?.y == 320)
        var reader = ScreenReader(scene: scene)
        _ = reader.touch("General") + reader.doubleTap() + reader.touch("done") + reader.doubleTap()
        #expect(reader.focused?.label == "General")
    }

    @Test(arguments: [
        ("base: settings.wda.xml\noverrides:\n  Wi-Fl: { hint: x }\n", "settings.yaml:3:3", "no imported element has the id or label 'Wi-Fl'"),
        ("base: settings.wda.xml\nroot: []\n", "settings.yaml:2:1", "a scene with 'base' takes its root from the capture"),
        ("base: missing.xml\n", "settings.yaml:1:7", "capture 'missing.xml' does not exist"),
        ("base: { capture: settings.wda.xml, sheet: {} }\n", "settings.yaml:1:36", "unknown key 'sheet' in 'base'"),
        ("base: settings.wda.xml\noverrides:\n  wifi: { hnit: x }\n", "settings.yaml:3:11", "unknown key 'hnit'"),
    ])
    func aMistakeInTheWrittenPartIsReportedWhereItWasWritten(_ text: String, _ place: String, _ message: String) throws {
        let folder = try Self.folder(scene: text)
        #expect {
            try SceneLoader.load(path: folder.appendingPathComponent("settings.yaml").path)
        } throws: { error in
            let description = "\(error)"
            return description.contains(place) && description.contains(message)
        }
    }

    @Test func aScenarioNamesACaptureAsItsScene() throws {
        let folder = try Self.folder(scene: Self.written)
        let path = folder.appendingPathComponent("wifi.yaml").path
        try "scenario: Wi-Fi\nscene: settings.wda.xml\nsteps:\n  - touch: Wi-Fi\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: path)
        #expect(scene.name == "Settings" && scene.resolve("wifi") != nil)
    }
}
