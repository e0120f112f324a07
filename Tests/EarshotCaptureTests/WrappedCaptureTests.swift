import EarshotCapture
import EarshotCore
import EarshotScenario
import Foundation
import Testing

/// Captures that a tool returned inside JSON of its own (issue 30, item 1): read as the capture
/// inside, or refused with what the JSON holds.
@Suite("Captures wrapped in a tool's JSON")
struct WrappedCaptureTests {
    static func descriptions(_ text: String) throws -> [String] {
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "wrapped.json"))
        return CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml, file: "wrapped.yaml"))
    }

    /// A JSON string literal of `text`.
    static func quoted(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    @Test(arguments: ["settings.wda.xml", "settings.idb.json", "settings.debugdescription.txt"])
    func aCaptureInsideAToolsJSONStringIsTheCapture(_ name: String) throws {
        let original = try CaptureFixtures.text(name)
        let expected = try Self.descriptions(original)
        // WebDriverAgent's /source response, and an MCP server's tool result.
        let wda = "{\"value\": \(try Self.quoted(original)), \"sessionId\": \"8C1A\"}"
        let mcp = "{\"content\": [{\"type\": \"text\", \"text\": \(try Self.quoted(original))}], \"isError\": false}"
        #expect(try Self.descriptions(wda) == expected, "\(name)")
        #expect(try Self.descriptions(mcp) == expected, "\(name)")
    }

    @Test func idbElementsUnderAToolsKeyAreTheCapture() throws {
        let original = try CaptureFixtures.text("settings.idb-nested.json")
        let expected = try Self.descriptions(original)
        #expect(try Self.descriptions("{\"result\": \(original)}") == expected)
        #expect(try Self.descriptions("{\"data\": {\"hierarchy\": \(original)}, \"ok\": true}") == expected)
    }

    @Test func jsonThatHoldsNoCaptureIsBadInputSayingWhatItHolds() {
        #expect {
            try Capture.read("{\"status\": 0, \"value\": {\"message\": \"no such session\"}}", file: "w.json")
        } throws: { error in
            "\(error)".hasPrefix("w.json:1:1: error: a JSON object (keys: status, value, message) that holds no capture")
        }
    }

    @Test func anErrorInsideTheWrappedCaptureSaysWhereTheStringIs() throws {
        let broken = "{\n  \"value\": \(try Self.quoted("<?xml version=\"1.0\"?>\n<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"10\" height=\"ten\"/>"))\n}"
        #expect {
            try Capture.read(broken, file: "w.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("w.json:2:12: error: in the capture held in the JSON string at 2:12: a frame that is not four numbers")
                && text.contains("at its own line 2")
        }
    }
}

/// A capture that reads but may still hide what VoiceOver reads says so.
@Suite("Capture warnings")
struct CaptureWarningTests {
    @Test func aCaptureWithNoReachableElementIsAWarningThatSaysWhy() throws {
        let invisible = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" x="0" y="0" width="393" height="852">
              <XCUIElementTypeButton type="XCUIElementTypeButton" label="Buy" enabled="true" visible="false" x="0" y="100" width="100" height="44"/>
            </XCUIElementTypeApplication>
            """
        let imported = try SceneImporter.scene(from: try Capture.read(invisible, file: "shop.xml"))
        #expect(imported.elementCount == 0)
        #expect(imported.warnings == ["shop.xml:1:1: warning: the capture holds no element VoiceOver can reach: every node under the application is marked invisible"])
        let bare = try SceneImporter.scene(from: try Capture.read("Element subtree:\n →Application, {{0, 0}, {393, 852}}, label: 'Shop'\n", file: "bare.txt"))
        #expect(bare.warnings.first?.contains("it holds only 1 node(s)") == true)
    }

    @Test func aPageSourceCutAtWebDriverAgentsDepthLimitIsAWarningThatSaysWhatToRaise() throws {
        func source(depth: Int) -> String {
            var text = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" label=\"Deep\" x=\"0\" y=\"0\" width=\"393\" height=\"852\">"
            for _ in 0..<(depth - 2) { text += "<XCUIElementTypeOther type=\"XCUIElementTypeOther\" x=\"0\" y=\"0\" width=\"393\" height=\"852\">" }
            text += "<XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"OK\" x=\"0\" y=\"100\" width=\"100\" height=\"44\"/>"
            text += String(repeating: "</XCUIElementTypeOther>", count: depth - 2) + "</XCUIElementTypeApplication>"
            return text
        }
        let cut = try SceneImporter.scene(from: try Capture.read(source(depth: 50), file: "deep.xml"))
        #expect(cut.warnings.contains { $0.hasPrefix("deep.xml:1:1: warning: the page source is 50 levels deep") && $0.contains("snapshotMaxDepth") })
        let whole = try SceneImporter.scene(from: try Capture.read(source(depth: 49), file: "deep.xml"))
        #expect(whole.warnings.isEmpty)
    }
}
