@testable import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// idb `ui describe-all` JSON: the settings screen in idb's flat form (one line, as the companion
/// prints it) and in the nested form (as AXe's `describe-ui` prints it: pretty, keys sorted,
/// `traits` always empty) imports to the hand-written scene; each attribute maps as documented
/// in IDBReader; malformed JSON is bad input at its line and column.
@Suite("Reading idb describe-all JSON")
struct IDBReaderTests {
    static let settingsCaptures = ["settings.idb.json", "settings.idb-nested.json"]

    // That both forms import to the hand-written scene is ImportTests' `aSettingsCaptureReadsAsTheHandWrittenScene`.

    @Test(arguments: settingsCaptures)
    func bothFormsAreToldByTheContent(_ file: String) throws {
        #expect(CaptureFormat.detect(try CaptureFixtures.text(file)) == .idb)
        #expect(try CaptureFixtures.capture(file).format == .idb)
    }

    @Test func everyImportedElementSaysWhereItsObjectBegins() throws {
        let nested = try SceneImporter.scene(from: try CaptureFixtures.capture("settings.idb-nested.json"))
        #expect(nested.yaml.contains("- switch: \"Wi-Fi\" # 105:7 Switch"))
        #expect(nested.yaml.contains("(idb describe-all JSON)."))
        #expect(nested.elementCount == 11)   // the footer below the screen too
        #expect(nested.warnings.isEmpty)
        // The flat form is one line: the column tells the elements apart.
        let flat = try SceneImporter.scene(from: try CaptureFixtures.capture("settings.idb.json"))
        let text = try CaptureFixtures.text("settings.idb.json")
        let wifi = try #require(text.range(of: "{\"AXFrame\":\"{{16, 254}"))
        let column = text.unicodeScalars.distance(from: text.startIndex, to: wifi.lowerBound) + 1
        #expect(flat.yaml.contains("- switch: \"Wi-Fi\" # 1:\(column) Switch"))
        #expect(flat.elementCount == 11)
        #expect(flat.warnings.isEmpty)
    }

    @Test func theFlatFormIsPutBackInItsContainers() throws {
        let capture = try CaptureFixtures.capture("settings.idb.json")
        #expect(capture.roots.count == 1)
        let application = try #require(capture.roots.first)
        #expect(application.type == "Application" && application.accessible == false)
        let navigationBar = try #require(application.children.first)
        #expect(navigationBar.type == "NavigationBar" && navigationBar.children.map(\.label) == ["Settings"])
        let tabBar = try #require(application.children.last)
        #expect(tabBar.type == "TabBar" && tabBar.label == "Tab Bar" && tabBar.accessible == false)
        #expect(tabBar.children.map(\.label) == ["Settings", "Accounts", "About"])
        // The footer lies outside the table's frame, but not outside the application.
        #expect(application.children.contains { $0.label == "Hidden footer" })
        let nested = try CaptureFixtures.capture("settings.idb-nested.json")
        #expect(shape(capture.roots) == shape(nested.roots))
    }

    /// Types and labels, depth first, with the depth.
    private func shape(_ roots: [CaptureNode]) -> [String] {
        var lines: [String] = []
        func walk(_ node: CaptureNode, _ depth: Int) {
            lines.append("\(depth) \(node.type) \(node.label ?? "-") \(node.accessible.map(String.init) ?? "?")")
            for child in node.children { walk(child, depth + 1) }
        }
        for root in roots { walk(root, 0) }
        return lines
    }

    // MARK: - Each attribute

    /// The one element of a capture made of an application and that element.
    private func element(_ json: String) throws -> CaptureNode {
        let text = "[{\"type\": \"Application\", \"AXLabel\": \"A\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}},\n \(json)]"
        let capture = try Capture.read(text, file: "e.json")
        return try #require(capture.roots.first?.children.first)
    }

    /// The scene a one-element capture imports to.
    private func imported(_ json: String) throws -> String {
        let text = "[{\"type\": \"Application\", \"AXLabel\": \"A\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}},\n \(json)]"
        return try SceneImporter.scene(from: try Capture.read(text, file: "e.json")).yaml
    }

    private let box = "\"frame\": {\"x\": 16, \"y\": 210, \"width\": 361, \"height\": 44}"

    @Test func aSwitchIsACheckBoxThatSaysSoAndItsValueIsOneOrZero() throws {
        let on = try element("{\"type\": \"CheckBox\", \"role\": \"AXCheckBox\", \"subrole\": \"AXSwitch\", \"role_description\": \"switch\", \"AXLabel\": \"Wi-Fi\", \"AXValue\": 1, \(box)}")
        #expect(on.type == "Switch" && on.value == "1" && on.accessible == true)
        #expect(try element("{\"type\": \"CheckBox\", \"role_description\": \"switch\", \"AXValue\": \"0\", \(box)}").type == "Switch")
        #expect(try element("{\"type\": \"CheckBox\", \"role_description\": \"checkbox\", \(box)}").type == "CheckBox")
        #expect(try element("{\"type\": \"Switch\", \(box)}").type == "Switch")   // the in-simulator backend's names
        let yaml = try imported("{\"type\": \"CheckBox\", \"subrole\": \"AXSwitch\", \"AXLabel\": \"Wi-Fi\", \"AXValue\": 0, \(box)}")
        #expect(yaml.contains("- switch: \"Wi-Fi\"") && yaml.contains("value: off"))
        // A flag is read as 1 / 0.
        #expect(try element("{\"type\": \"CheckBox\", \"subrole\": \"AXSwitch\", \"AXValue\": true, \(box)}").value == "1")
    }

    @Test func aTabIsARadioButtonOrButtonCalledTabAndItsValueOneMeansSelected() throws {
        let tab = try element("{\"type\": \"RadioButton\", \"subrole\": \"AXTabButton\", \"role_description\": \"tab\", \"AXLabel\": \"Home\", \"AXValue\": 1, \(box)}")
        #expect(tab.type == "Tab" && tab.selected)
        #expect(try element("{\"type\": \"RadioButton\", \"role_description\": \"tab\", \"AXValue\": 0, \(box)}").selected == false)
        #expect(try element("{\"type\": \"Button\", \"role_description\": \"tab\", \"traits\": [\"Button\", \"Selected\"], \(box)}").selected)
        #expect(try element("{\"type\": \"RadioButton\", \"role_description\": \"radio button\", \(box)}").type == "RadioButton")
    }

    @Test func tabsThatNoTabBarHoldsStillImportAsOneTabBar() throws {
        // A flat list whose tab bar is not reported: the tabs follow the other elements.
        func tab(_ label: String, _ x: Int, _ value: Int) -> String {
            "{\"type\": \"RadioButton\", \"subrole\": \"AXTabButton\", \"AXLabel\": \"\(label)\", \"AXValue\": \(value), \"frame\": {\"x\": \(x), \"y\": 770, \"width\": 129, \"height\": 48}}"
        }
        let text = "[{\"type\": \"Application\", \"AXLabel\": \"A\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}},\n"
            + "{\"type\": \"Button\", \"AXLabel\": \"Edit\", \(box)},\n" + [tab("One", 2, 1), tab("Two", 133, 0), tab("Three", 264, 0)].joined(separator: ",\n") + "]"
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "t.json"))
        #expect(imported.yaml.contains("tabBar: true"))
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml)) == [
            "Edit. Button.", "Selected: One. Tab. 1 of 3.", "Two. Tab. 2 of 3.", "Three. Tab. 3 of 3.",
        ])
    }

    @Test func aHeadingIsAHeadingOrTextWithTheHeaderTrait() throws {
        #expect(try element("{\"type\": \"Heading\", \"role\": \"AXHeading\", \"AXLabel\": \"Inbox\", \(box)}").type == "Heading")
        #expect(try imported("{\"type\": \"Heading\", \"AXLabel\": \"Inbox\", \(box)}").contains("- heading: \"Inbox\""))
        #expect(try imported("{\"type\": \"StaticText\", \"AXLabel\": \"Inbox\", \"traits\": [\"Header\", \"StaticText\"], \(box)}")
            .contains("- heading: \"Inbox\""))
    }

    /// A heading keeps a value other than its title ("Inbox", "12 unread"); one that repeats it is not written.
    @Test func aHeadingsOwnValueIsKept() throws {
        #expect(try imported("{\"type\": \"Heading\", \"AXLabel\": \"Inbox\", \"AXValue\": \"12 unread\", \(box)}")
            .contains("value: \"12 unread\""))
        #expect(try !imported("{\"type\": \"Heading\", \"AXLabel\": \"Inbox\", \"AXValue\": \"Inbox\", \(box)}").contains("value:"))
    }

    @Test func fieldsAreToldBySubroleOrDescriptionAndAnEmptyOnesValueIsItsPlaceholder() throws {
        let search = try element("{\"type\": \"TextField\", \"subrole\": \"AXSearchField\", \"role_description\": \"search text field\", \"AXLabel\": null, \"AXValue\": \"Search\", \(box)}")
        #expect(search.type == "SearchField" && search.label == "Search" && search.placeholder == "Search")
        #expect(try element("{\"type\": \"TextField\", \"role_description\": \"search text field\", \(box)}").type == "SearchField")
        #expect(try element("{\"type\": \"TextField\", \"subrole\": \"AXSecureTextField\", \(box)}").type == "SecureTextField")
        let name = try element("{\"type\": \"TextField\", \"AXLabel\": \"Name\", \"AXValue\": \"Ada\", \(box)}")
        #expect(name.type == "TextField" && name.label == "Name" && name.value == "Ada" && name.placeholder == nil)
        #expect(try element("{\"type\": \"TextArea\", \(box)}").type == "TextView")
    }

    @Test func otherRolesMapToTheImportersTypesAndUnknownOnesAreKept() throws {
        for (type, expected) in [("StaticText", "StaticText"), ("Link", "Link"), ("Image", "Image"), ("Slider", "Slider"),
                                 ("Button", "Button"), ("Cell", "Cell"), ("Incrementor", "Stepper"), ("Text", "StaticText"),
                                 ("TextEntry", "TextField"), ("Gauge", "Gauge")] {
            #expect(try element("{\"type\": \"\(type)\", \"AXLabel\": \"x\", \(box)}").type == expected)
        }
        // Without a type, the role says it.
        #expect(try element("{\"role\": \"AXLink\", \"AXLabel\": \"x\", \(box)}").type == "Link")
        let imported = try SceneImporter.scene(from: try Capture.read(
            "[{\"type\": \"Application\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}}, {\"type\": \"Gauge\", \"AXLabel\": \"Battery\", \(box)}]",
            file: "g.json"))
        #expect(imported.warnings == ["g.json:1:83: warning: element type 'Gauge' is not one Earshot knows; imported as text"])
    }

    @Test func groupsAreContainersUnlessALabelledLeaf() throws {
        let text = """
            [{"type": "Application", "AXLabel": "A", "frame": {"x": 0, "y": 0, "width": 393, "height": 852}, "children": [
              {"type": "Group", "AXLabel": "Card", "frame": {"x": 0, "y": 100, "width": 393, "height": 200}, "children": [
                {"type": "Button", "AXLabel": "Open", "frame": {"x": 16, "y": 120, "width": 100, "height": 44}}]},
              {"type": "Group", "AXLabel": "Weather, sunny", "frame": {"x": 0, "y": 400, "width": 393, "height": 80}, "children": []},
              {"type": "Group", "frame": {"x": 0, "y": 500, "width": 393, "height": 80}, "children": []}]}]
            """
        let capture = try Capture.read(text, file: "g.json")
        let groups = try #require(capture.roots.first?.children)
        #expect(groups.map(\.type) == ["Other", "Other", "Other"])
        #expect(groups.map(\.accessible) == [false, true, false])
        let imported = try SceneImporter.scene(from: capture)
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml)) == ["Open. Button.", "Weather, sunny"])
    }

    @Test func labelIdentifierValueHintAndEnabled() throws {
        let node = try element("{\"type\": \"Button\", \"AXLabel\": \"Send\", \"title\": \"Ignored\", \"AXUniqueId\": \"send\", \"AXValue\": \"\", \"help\": \"Sends the message\", \"enabled\": false, \(box)}")
        #expect(node.label == "Send" && node.identifier == "send" && node.value == nil)
        #expect(node.hint == "Sends the message" && !node.enabled)
        #expect(try element("{\"type\": \"Button\", \"AXLabel\": null, \"title\": \"Done\", \(box)}").label == "Done")
        #expect(try element("{\"type\": \"Button\", \"AXIdentifier\": \"done\", \(box)}").identifier == "done")   // AXe
        #expect(try element("{\"type\": \"Button\", \"traits\": [\"Button\", \"NotEnabled\"], \(box)}").enabled == false)
        #expect(try element("{\"type\": \"Slider\", \"AXValue\": 0.25, \(box)}").value == "0.25")
        #expect(try element("{\"type\": \"Button\", \"hidden\": true, \(box)}").visible == false)
        let yaml = try imported("{\"type\": \"Button\", \"AXLabel\": \"Send\", \"help\": \"Sends the message\", \(box)}")
        #expect(yaml.contains("hint: \"Sends the message\""))
    }

    @Test func customActionsAreNamesOrObjectsWithAName() throws {
        let node = try element("{\"type\": \"Cell\", \"AXLabel\": \"Mail\", \"custom_actions\": [\"Delete\", {\"name\": \"Flag\"}], \(box)}")
        #expect(node.customActions == ["Delete", "Flag"])
        let yaml = try imported("{\"type\": \"Cell\", \"AXLabel\": \"Mail\", \"custom_actions\": [\"Delete\", \"Flag\"], \(box)}")
        #expect(yaml.contains("actions:\n") && yaml.contains("- name: \"Delete\"") && yaml.contains("- name: \"Flag\""))
    }

    @Test func theFrameIsTheFrameObjectElseTheAXFrameString() throws {
        #expect(try element("{\"type\": \"Button\", \"AXFrame\": \"{{20, 264}, {362, 44}}\"}").frame == Frame(x: 20, y: 264, width: 362, height: 44))
        #expect(try element("{\"type\": \"Button\", \"AXFrame\": \"{{24, 145.66666666666666}, {345, 1.5e-05}}\"}").frame
            == Frame(x: 24, y: 145.66666666666666, width: 345, height: 1.5e-05))
        #expect(try element("{\"type\": \"Button\", \"AXFrame\": \"{{0, 0}, {1, 1}}\", \(box)}").frame == Frame(x: 16, y: 210, width: 361, height: 44))
        #expect(try element("{\"type\": \"Button\", \"frame\": null, \"AXFrame\": \"{{1, 2}, {3, 4}}\"}").frame == Frame(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func aSingleObjectANullAndTheCompleteFormatsElementsAreRead() throws {
        let point = try Capture.read("{\"AXFrame\":\"{{20, 264}, {362, 44}}\",\"AXLabel\":\"General\",\"type\":\"Button\",\"role\":\"AXButton\"}", file: "p.json")
        #expect(point.roots.map(\.label) == ["General"])
        #expect(try IDBReader.read("null", file: "n.json").isEmpty)
        let complete = try Capture.read("{\"backend\": \"ax\", \"elements\": [{\"type\": \"Button\", \"label\": \"General\", \"identifier\": \"general\", \"role_description\": \"button\", \"frame\": {\"x\": 1, \"y\": 2, \"width\": 3, \"height\": 4}}]}", file: "c.json")
        #expect(complete.roots.map(\.label) == ["General"] && complete.roots.first?.identifier == "general")
    }

    /// idb lists no scroll view: a legal notice below the screen is still a swipe stop (VoiceOver
    /// swipes to it and scrolls), and so is what is listed with no size, read where its frame
    /// puts it (Flutter gives what it keeps ready off screen a zero frame).
    @Test func offScreenAndZeroSizeElementsAreReached() throws {
        func text(_ label: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int, type: String = "StaticText") -> String {
            "{\"type\": \"\(type)\", \"AXLabel\": \"\(label)\", \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(width), \"height\": \(height)}}"
        }
        let capture = "[" + [
            "{\"type\": \"Application\", \"AXLabel\": \"A\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}}",
            text("Terms", 16, 100, 361, 40), text("Accept", 16, 700, 361, 44, type: "Button"),
            text("Legal notice", 16, 1900, 361, 40), text("Cached row", 0, 0, 0, 0),
        ].joined(separator: ",\n") + "]"
        let imported = try SceneImporter.scene(from: try Capture.read(capture, file: "legal.json"))
        #expect(CaptureFixtures.descriptions(try SceneLoader.load(document: imported.document)) == [
            "Cached row", "Terms", "Accept. Button.", "Legal notice",
        ])
    }

    @Test func aByteOrderMarkIsTolerated() throws {
        let text = "\u{FEFF}" + (try CaptureFixtures.text("settings.idb.json"))
        #expect(CaptureFormat.detect(text) == .idb)
        let capture = try Capture.read(text, file: "bom.json")
        #expect(capture.roots.first?.location == SourceLocation(file: "bom.json", line: 1, column: 2))
        let scene = try SceneLoader.load(yaml: try SceneImporter.scene(from: capture).yaml)
        #expect(CaptureFixtures.descriptions(scene) == CaptureFixtures.descriptions(try CaptureFixtures.expected) + ["Hidden footer"])
    }

    // MARK: - Bad input

    @Test(arguments: [
        ("[{\"AXLabel\": \"OK", "bad.json:1:14", "the JSON ends inside a string"),
        ("[\n  {\"AXLabel\": \"OK,\n   \"type\": \"Button\"}\n]", "bad.json:2:15", "a string that is not closed on its line"),
        ("[{\"AXLabel\": \"OK\" \"type\": \"Button\"}]", "bad.json:1:19", "expected ',' or '}' after a value"),
        ("[{}\n {}]", "bad.json:2:2", "expected ',' or ']' after a value"),
        ("[{\"type\": \"Button\"}] x", "bad.json:1:22", "unexpected 'x' after the JSON value"),
        ("[{\"type\": \"Button\"},]", "bad.json:1:21", "a comma before ']'"),
        ("[{\"type\": \"Button\",}]", "bad.json:1:20", "a comma before '}'"),
        ("[{\"type\" \"Button\"}]", "bad.json:1:10", "expected ':' after the key \"type\""),
        ("[{\"type\": \"Butt\\on\"}]", "bad.json:1:16", "'\\o' is not a JSON escape"),
        ("[{\"type\": \"Button\"}", "bad.json:1:20", "the JSON ends before the array opened at 1:1 is closed"),
        ("[{\"type\": tru}]", "bad.json:1:11", "expected a value, found 't'"),
        ("[{\"AXValue\": 01}]", "bad.json:1:15", "a number with a leading zero"),
        ("[{\"type\": \"Button\", \"frame\": \"big\"}]", "bad.json:1:30", "frame is a string"),
        ("[{\"type\": \"Button\", \"frame\": {\"x\": 0, \"y\": 0,\n  \"width\": \"10\", \"height\": 5}}]", "bad.json:2:12", "the frame's width is a string"),
        ("[{\"type\": \"Button\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10}}]", "bad.json:1:30", "a frame without height"),
        ("[{\"type\": \"Button\", \"AXFrame\": \"{{1, 2}, {3}}\"}]", "bad.json:1:32", "an AXFrame that is not {{x, y}, {width, height}}"),
        ("[{\"type\": \"Button\", \"enabled\": \"yes\"}]", "bad.json:1:32", "enabled is a string"),
        ("[{\"type\": \"Button\", \"AXLabel\": 5}]", "bad.json:1:32", "AXLabel is a number"),
        ("[{\"type\": \"Button\", \"custom_actions\": [5]}]", "bad.json:1:40", "an item of custom_actions that is a number"),
        ("[{\"AXLabel\": \"A\"}, 5]", "bad.json:1:20", "an element that is a number"),
        ("[{\"type\": \"Application\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}},\n {\"type\": \"Button\", \"AXLabel\": \"OK\"}]",
         "bad.json:2:2", "a Button has no frame"),
    ])
    func malformedJSONIsBadInputAtItsLineAndColumn(_ text: String, _ place: String, _ message: String) {
        #expect {
            try SceneImporter.scene(from: Capture(format: .idb, file: "bad.json", roots: try IDBReader.read(text, file: "bad.json")))
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix(place + ":") && description.contains(message)
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let text = "[" + String(repeating: "[", count: 100_000)
        #expect {
            try LocatedJSON.parse(text, file: "deep.json")
        } throws: { error in
            "\(error)".hasPrefix("deep.json:1:514: error: the JSON nests deeper than 513 levels")
        }
        let objects = String(repeating: "{\"children\": [", count: 300)
        #expect(throws: CaptureError.self) { try Capture.read("[{\"AXLabel\": \"A\", \"children\": [" + objects, file: "deep.json") }
    }

    // MARK: - The JSON parser

    @Test func stringsDecodeEveryEscape() throws {
        let json = try LocatedJSON.parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4E2D", "\ud83d\ude00", "\ud83d!", "plain é 😀"]"#, file: "s.json")
        #expect(json.items?.compactMap(\.string) == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "é中", "😀", "\u{FFFD}!", "plain é 😀"])
    }

    @Test func numbersLiteralsAndLocations() throws {
        let json = try LocatedJSON.parse("{\n  \"é😀\": [-0.5e+2, 0, 17, true, false, null],\n\t\"k\" : {}\n}", file: "n.json")
        let array = try #require(json["é😀"])
        #expect(array.line == 2 && array.column == 9)   // columns count characters, not bytes
        let items = try #require(array.items)
        #expect(items.compactMap(\.number) == [-50, 0, 17])
        if case .number(_, let text) = items[0].content { #expect(text == "-0.5e+2") }
        #expect(items.map(\.kindName) == ["a number", "a number", "a number", "true", "false", "null"])
        #expect(items.map(\.column) == [10, 19, 22, 26, 32, 39])
        #expect(json["k"]?.line == 3 && json["k"]?.column == 8)
    }

    @Test func aLargeFlatCaptureReadsEveryElement() throws {
        // 5,000 elements in the flat form, as idb prints them (its speed is in `earshot bench`).
        let element = try CaptureFixtures.text("settings.idb.json").split(separator: "},{\"AXFrame\"")[4]
        let one = "{\"AXFrame\"" + element + "}"
        let text = "[" + Array(repeating: one, count: 5_000).joined(separator: ",") + "]"
        let capture = try Capture.read(text, file: "big.json")
        #expect(capture.roots.count == 5_000)
    }
}
