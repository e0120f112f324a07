import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// Captures of one settings screen in each format import to the scene written by hand: the
/// same descriptions in the same reading order.
enum CaptureFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    static func capture(_ name: String) throws -> Capture {
        try Capture.read(try text(name), file: name)
    }

    /// The imported scene, loaded as any scene file is.
    static func scene(_ name: String) throws -> Scene {
        let imported = try SceneImporter.scene(from: try capture(name))
        return try SceneLoader.load(yaml: imported.yaml, file: name + ".yaml")
    }

    /// What VoiceOver says for each element in scope, in order.
    static func descriptions(_ scene: Scene) -> [String] {
        let builder = DescriptionBuilder(scene: scene)
        return scene.scope(in: scene.openingState()).map { builder.description(of: $0, in: scene.openingState()) }
    }

    static var expected: Scene {
        get throws { try SceneLoader.load(path: folder.appendingPathComponent("settings.expected.yaml").path) }
    }
}

@Suite("Importing captures")
struct ImportTests {
    /// The settings screen in every format (idb flat and nested).
    static let settingsCaptures = ["settings.wda.xml", "settings.debugdescription.txt", "settings.idb.json",
                                   "settings.idb-nested.json"]

    @Test(arguments: settingsCaptures)
    func aSettingsCaptureReadsAsTheHandWrittenScene(_ file: String) throws {
        let imported = try CaptureFixtures.scene(file)
        let expected = try CaptureFixtures.expected
        // The table's footer lies below the screen: VoiceOver swipes to it and scrolls. A page
        // source and a dump hold the table, so it is read within the table, before the tab bar;
        // idb lists no table, so it is read where it lies, after the tab bar.
        var read = CaptureFixtures.descriptions(expected)
        if file.contains("idb") { read.append("Hidden footer") } else { read.insert("Hidden footer", at: 7) }
        #expect(CaptureFixtures.descriptions(imported) == read)
        #expect(CaptureFixtures.descriptions(expected) == [
            "Settings. Heading.", "Search. Search Field.", "Airplane Mode. Switch Button. Off.",
            "Wi-Fi. Switch Button. On.", "Bluetooth. Dimmed. Switch Button. On.", "General. Button.",
            "Brightness: 50%. Adjustable.", "Selected: Settings. Tab. 1 of 3.", "Accounts. Tab. 2 of 3.",
            "About. Tab. 3 of 3.",
        ])
        #expect(imported.screen == expected.screen)
        #expect(imported.name == "Settings")
        #expect(imported.resolve("wifi") != nil && imported.resolve("airplane") != nil)
    }

    /// Off screen is kept, where VoiceOver swipes to it (in a scroll view, scrolling it in), though
    /// WebDriverAgent marks it invisible; on screen and invisible is hidden.
    @Test func scrolledAwayIsKeptAndReallyHiddenIsNot() throws {
        let xml = """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" label="A" x="0" y="0" width="393" height="852">
              <XCUIElementTypeTable type="XCUIElementTypeTable" x="0" y="100" width="393" height="600">
                <XCUIElementTypeButton type="XCUIElementTypeButton" label="First" visible="true" x="0" y="100" width="393" height="44"/>
                <XCUIElementTypeButton type="XCUIElementTypeButton" label="Below" visible="false" x="0" y="1000" width="393" height="44"/>
                <XCUIElementTypeButton type="XCUIElementTypeButton" label="Hidden" visible="false" x="0" y="200" width="393" height="44"/>
              </XCUIElementTypeTable>
              <XCUIElementTypeButton type="XCUIElementTypeButton" label="Away" visible="false" x="0" y="2000" width="393" height="44"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" label="Tab" visible="true" x="0" y="780" width="393" height="44"/>
            </XCUIElementTypeApplication>
            """
        let imported = try SceneImporter.scene(from: try Capture.read(xml, file: "t.xml"))
        let scene = try SceneLoader.load(yaml: imported.yaml, file: "t.yaml")
        #expect(CaptureFixtures.descriptions(scene) == ["First. Button.", "Below. Button.", "Tab. Button.", "Away. Button."])
    }

    @Test func theFormatIsToldByTheContent() throws {
        #expect(CaptureFormat.detect(try CaptureFixtures.text("settings.wda.xml")) == .webDriverAgent)
        #expect(CaptureFormat.detect("scene: Mail\nroot: []\n") == nil)
        #expect(CaptureFormat.detect("[{\"AXLabel\": \"OK\"}]") == .idb)
        #expect(CaptureFormat.detect("Attributes: Application, pid: 1\nElement subtree:\n") == .debugDescription)
    }

    @Test func everyImportedElementSaysWhichCaptureNodeItCameFrom() throws {
        let imported = try SceneImporter.scene(from: try CaptureFixtures.capture("settings.wda.xml"))
        #expect(imported.yaml.contains("- switch: \"Wi-Fi\" # 15:13 Switch"))
        #expect(imported.yaml.hasPrefix("# Imported by `earshot import` from settings.wda.xml (WebDriverAgent page source)."))
        #expect(imported.elementCount == 11)   // the footer scrolled below the screen too
        #expect(imported.warnings.isEmpty)
    }

    @Test func hiddenAndNonAccessibleNodesAreLeftOutButTheirAccessibleChildrenKept() throws {
        let scene = try CaptureFixtures.scene("settings.wda.xml")
        #expect(scene.resolve("Hidden footer") != nil)          // visible="false", but scrolled below the screen in its table
        #expect(scene.elements.filter { $0.label == "General" }.count == 1)   // the cell, not its text too
    }

    @Test func unknownTypesAreImportedAsTextAndListedOnce() throws {
        let xml = """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" label="A" x="0" y="0" width="393" height="852" accessible="false">
              <XCUIElementTypeGauge type="XCUIElementTypeGauge" label="Battery" x="0" y="100" width="100" height="44" accessible="true"/>
              <XCUIElementTypeGauge type="XCUIElementTypeGauge" label="Signal" x="0" y="200" width="100" height="44" accessible="true"/>
            </XCUIElementTypeApplication>
            """
        let imported = try SceneImporter.scene(from: try Capture.read(xml, file: "g.xml"))
        #expect(imported.warnings == ["g.xml:2:3: warning: element type 'Gauge' is not one Earshot knows; imported as text"])
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml)) == ["Battery", "Signal"])
    }

    @Test(arguments: [
        ("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"10\" height=\"10\">\n  <XCUIElementTypeButton",
         "bad.xml:2:", "the XML ends before <XCUIElementTypeButton> at 2:3 is closed"),
        ("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"10\" height=\"ten\"/>",
         "bad.xml:1:", "a frame value that is not a finite number ('ten')"),
        // Values no tool writes: `nan`, a number too large for a Double (read as infinity).
        ("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"nan\" height=\"10\"/>",
         "bad.xml:1:", "a frame value that is not a finite number ('nan')"),
        ("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"1e400\" y=\"0\" width=\"10\" height=\"10\"/>",
         "bad.xml:1:", "a frame value that is not a finite number ('1e400')"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{nan, 0}, {10, 10}}, label: 'OK'\n",
         "bad.xml:3:5", "a frame value that is not a finite number ('nan')"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{16.0, 426.0}, {1e4000, 44.0}}, label: 'OK'\n",
         "bad.xml:3:5", "a frame value that is not a finite number ('1e4000')"),
        ("scene: Not a capture\n", "bad.xml:1:1", "not a capture Earshot reads"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{1, 2}, {3}}, label: 'OK'\n",
         "bad.xml:3:5", "a frame that is not four numbers"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, label: 'OK'\n",
         "bad.xml:3:5", "the capture ends inside this element line (it has no frame)"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, label: 'OK'\n    Button, 0x3, {{0, 0}, {1, 1}}\n",
         "bad.xml:3:5", "a Button has no frame"),
    ])
    func aMalformedCaptureIsBadInputAtItsLine(_ text: String, _ place: String, _ message: String) {
        #expect {
            try SceneImporter.scene(from: try Capture.read(text, file: "bad.xml"))
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix(place) && description.contains(message)
        }
    }

    /// What tools write for a node with no place on screen (`inf`, XCTest's `CGRectNull`, and a
    /// negative size) leaves that node out and the rest of the capture as it is. (`nan` and a
    /// number too large for a Double are no tool's: bad input, above.)
    @Test(arguments: ["{{inf, inf}, {0, 0}}", "{{0, 0}, {-1, 10}}", "{inf, 0, 10, 10}", "{{-inf, 0}, {10, 10}}"])
    func hiddenNodesValuesLeaveTheNodeOut(_ frame: String) throws {
        let text = "Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, \(frame), label: 'Gone'\n"
            + "    Button, 0x3, {{0, 100}, {100, 44}}, label: 'OK'\n"
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "hidden.txt"))
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml)) == ["OK. Button."], "\(frame)")
    }

    /// The same in a page source: SpringBoard puts a hidden alert under `XCUIElementTypeAny`
    /// nodes at `x="inf"` (the corpus's Yamsafer capture).
    @Test(arguments: [#"x="inf" y="inf" width="0" height="0""#, #"x="0" y="0" width="-1" height="10""#])
    func aPageSourcesHiddenNodesValuesLeaveTheNodeOut(_ frame: String) throws {
        let text = """
            <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" x="0" y="0" width="393" height="852">
              <XCUIElementTypeAny type="XCUIElementTypeAny" enabled="true" \(frame)>
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="Gone" label="Gone" enabled="true" \(frame)/>
              </XCUIElementTypeAny>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="OK" label="OK" enabled="true" x="0" y="100" width="100" height="44"/>
            </XCUIElementTypeApplication></AppiumAUT>
            """
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "hidden.xml"))
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml)) == ["OK. Button."], "\(frame)")
    }

    /// A debugDescription cut off inside an element line imported the part before it (exit 0).
    /// Cut at every character of the subtree, it is refused, unless the cut falls where a line
    /// could end (a line's end, a frame's `}}`, a quoted value's closing quote) or inside an
    /// unquoted value (`value: 5` of `value: 50%`), which nothing tells apart.
    @Test func aDebugDescriptionCutInsideAnElementLineIsRefused() throws {
        let text = try CaptureFixtures.text("settings.debugdescription.txt")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let subtree = try #require(text.range(of: "Element subtree:\n")).upperBound
        let footer = try #require(text.range(of: "Path to element:")).lowerBound
        var accepted = 0
        for cut in text.indices where cut > subtree && cut < footer {
            let prefix = String(text[..<cut])
            guard (try? Capture.read(prefix, file: "cut.txt")) != nil else { continue }
            accepted += 1
            let last = prefix.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            let whole = last.allSatisfy { $0 == " " } || lines.contains(last) || last.hasSuffix("}}") || last.hasSuffix("'")
            let inValue = last.range(of: ", value: ").map { !last[$0.upperBound...].contains(",") && !last[$0.upperBound...].hasPrefix("'") } ?? false
            #expect(whole || inValue, "accepted a dump cut at \(prefix.distance(from: subtree, to: cut)): …\(last.suffix(40))")
        }
        #expect(accepted > 0)
    }

    @Test func debugDescriptionLinesGiveTypeFrameIdentifierLabelValueAndFlags() throws {
        let capture = try CaptureFixtures.capture("settings.debugdescription.txt")
        let nodes = capture.roots.flatMap(\.descendants)
        let bluetooth = try #require(nodes.first { $0.label == "Bluetooth" })
        #expect(bluetooth.type == "Switch" && bluetooth.value == "1" && !bluetooth.enabled)
        #expect(bluetooth.frame == Frame(x: 16, y: 298, width: 361, height: 44))
        #expect(bluetooth.location.line == 15)
        let tab = try #require(nodes.first { $0.label == "Settings" && $0.type == "Button" })
        #expect(tab.selected)
        #expect(nodes.first { $0.type == "Window" } != nil)       // "Window (Main)"
        #expect(nodes.first { $0.label == "Airplane Mode" }?.identifier == "airplane")
    }

    @Test func anyLabelTextSurvivesTheWrittenYAML() throws {
        let label = "Line\u{2028}separated \"quoted\" \\ tab\tend\u{85}"
        let text = "Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{0, 100}, {100, 44}}, label: '\(label)'\n"
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "l.txt"))
        let scene = try SceneLoader.load(yaml: imported.yaml)
        #expect(scene.elements.map(\.label) == [label])
    }

    @Test(arguments: [
        ("Application, 0x1, {{0, 0}, {393, 852}}", "", "platform: ios"),
        ("Application, 0x1, {{0, 0}, {1024, 1366}}", "", "platform: ipados"),
        ("Application, 0x1, {{0, 0}, {1180, 820}}", "", "platform: ipados"),
        ("Application, 0x1, {{0, 0}, {1440, 900}}", "    MenuBar, 0x3, {{0, 0}, {1440, 24}}\n", "platform: macos"),
    ])
    func thePlatformIsWhatTheCaptureSaysElseIOS(_ application: String, _ more: String, _ platform: String) throws {
        let text = "Element subtree:\n  \(application)\n\(more)    Button, 0x2, {{0, 100}, {100, 44}}, label: 'OK'\n"
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "p.txt"))
        #expect(imported.yaml.contains("\n\(platform)\n"))
        let chosen = try SceneImporter.scene(from: try Capture.read(text, file: "p.txt"), platform: .visionos)
        #expect(chosen.yaml.contains("\nplatform: visionos\n"))
    }

    @Test func anElementWithoutAFrameIsBadInput() {
        let xml = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" accessible=\"false\">\n  <XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"OK\" accessible=\"true\"/>\n</XCUIElementTypeApplication>"
        #expect(throws: CaptureError.self) { try SceneImporter.scene(from: try Capture.read(xml, file: "f.xml")) }
    }
}

/// Inputs the fuzzer found: a capture's element type with a control character or a line break
/// was written as is into the element's YAML comment, so the imported scene did not load, or
/// (a line break) the rest of the type was read as YAML: an element the capture does not have.
@Suite("Imported comments")
struct ImportedCommentTests {
    @Test(arguments: [
        ("d.txt", "Attributes: Application, pid: 1, label: 'A'\nElement subtree:\n →Application, 0x1, {{0.0, 0.0}, {393.0, 852.0}}, label: 'A'\n    Static\u{02}Text, 0x2, {{0.0, 0.0}, {10.0, 10.0}}, label: 'B'\n"),
        ("i.json", #"[{"AXFrame":"{{0, 0}, {393, 852}}","AXLabel":"A","type":"Application","role_description":"application","frame":{"x":0,"y":0,"width":393,"height":852},"children":[{"AXFrame":"{{0, 0}, {10, 10}}","AXLabel":"B","type":"Weird\n  - button: Injected","role_description":"weird","frame":{"x":0,"y":0,"width":10,"height":10}}]}]"#),
    ])
    func aTypeWithAControlCharacterOrLineBreakStaysInItsComment(_ file: String, _ text: String) throws {
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: file))
        #expect(!imported.yaml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let scene = try SceneLoader.load(yaml: imported.yaml, file: file + ".yaml")
        #expect(!imported.yaml.contains("\n  - button: Injected"))
        #expect(CaptureFixtures.descriptions(scene).contains { $0.hasPrefix("B") })
        #expect(!CaptureFixtures.descriptions(scene).contains { $0.contains("Injected") })
    }
}

/// An input the fuzzer found: a processing instruction with no data (`<?xml?>`, `<?foo?>`)
/// crashed Foundation's XMLParser on Linux (it reads the null data as a C string). The reader
/// blanks such instructions, so the capture reads as it would without them, and a mistake after
/// one is still reported at its own line and column.
@Suite("Processing instructions in page source")
struct ProcessingInstructionTests {
    static let application = #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Mail" label="Mail" enabled="true" visible="true" x="0" y="0" width="390" height="844">"#
        + #"<XCUIElementTypeButton type="XCUIElementTypeButton" name="Compose" label="Compose" enabled="true" visible="true" x="10" y="10" width="80" height="44"/>"#
        + "</XCUIElementTypeApplication>"

    @Test(arguments: ["<?xml?>\n", "<?xml version=\"1.0\"?>\n<?foo?>\n", "<?xml version=\"1.0\"?>\n<?é?><!-- <?x?> -->\n"])
    func anInstructionWithoutDataIsReadPast(_ prolog: String) throws {
        let plain = try SceneImporter.scene(from: try Capture.read(Self.application, file: "p.xml"))
        let withInstruction = try SceneImporter.scene(from: try Capture.read(prolog + Self.application, file: "p.xml"))
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(yaml: withInstruction.yaml))
                == CaptureFixtures.descriptions(try SceneLoader.load(yaml: plain.yaml)))
    }

    @Test func theFuzzersInputIsBadInputNotACrash() {
        // The fuzzer's input, without its first byte: `<?xml?>` and a tag cut off inside an attribute.
        let text = "<?xml?>\n<App\u{FF}Iiumett2n tr]2\" ee\" x name=\"\n"
        #expect(throws: CaptureError.self) { try Capture.read(text, file: "f.xml") }
    }

    @Test func aMistakeAfterAnInstructionKeepsItsPlace() {
        let text = "<?xml version=\"1.0\"?>\n<?foo?>\n<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"10\" height=\"ten\"/>"
        #expect {
            try SceneImporter.scene(from: try Capture.read(text, file: "bad.xml"))
        } throws: { error in
            "\(error)".hasPrefix("bad.xml:3:") && "\(error)".contains("a frame value that is not a finite number ('ten')")
        }
    }

    @Test func onlyInstructionsWithoutDataAreBlanked() {
        let bytes = Array("<?xml version=\"1.0\"?><?a?><?b c?><??><a/>".utf8)
        let blanked = String(decoding: WebDriverAgentReader.blankingEmptyProcessingInstructions(bytes), as: UTF8.self)
        #expect(blanked == "<?xml version=\"1.0\"?>     <?b c?><??><a/>")
    }
}
