import EarshotCapture
import EarshotCore
import EarshotReader
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
            return text.hasPrefix("w.json:2:12: error: in the capture held in the JSON string at 2:12: a frame value that is not a finite number ('ten')")
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

/// What is in front of the app, from one capture (issue 30, item 2): an alert or action sheet the
/// capture holds is a presentation showing when the scene opens.
@Suite("Dialogs in a capture")
struct DialogInCaptureTests {
    static let locationAlert = """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Maps" label="Maps" enabled="true" visible="true" x="0" y="0" width="393" height="852">
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="Directions" label="Directions" enabled="true" visible="true" x="16" y="700" width="120" height="44"/>
            </XCUIElementTypeWindow>
            <XCUIElementTypeAlert type="XCUIElementTypeAlert" name="Allow “Maps” to use your location?" label="Allow “Maps” to use your location?" enabled="true" visible="true" x="61" y="300" width="270" height="250">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Allow “Maps” to use your location?" enabled="true" visible="true" x="77" y="320" width="238" height="44"/>
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Your location is used to show directions." enabled="true" visible="true" x="77" y="370" width="238" height="36"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="Allow Once" label="Allow Once" enabled="true" visible="true" x="61" y="420" width="270" height="44"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="Don’t Allow" label="Don’t Allow" enabled="true" visible="true" x="61" y="464" width="270" height="44"/>
            </XCUIElementTypeAlert>
          </XCUIElementTypeApplication>
        </AppiumAUT>
        """

    @Test func anAlertInTheCaptureIsShowingWhenTheSceneOpensAndItsButtonsDismissIt() throws {
        let imported = try SceneImporter.scene(from: try Capture.read(Self.locationAlert, file: "maps.xml"))
        #expect(imported.yaml.contains("presented: [\"alert\"]"))
        let scene = try SceneLoader.load(yaml: imported.yaml, file: "maps.yaml")
        var reader = ScreenReader(scene: scene)
        #expect(reader.presented == "alert")
        // Modal: the app's Directions is out of reach while the alert shows.
        #expect(CaptureFixtures.descriptions(scene) == [
            "Allow “Maps” to use your location?", "Your location is used to show directions.",
            "Allow Once. Button.", "Don’t Allow. Button.",
        ])
        reader.touch("Don’t Allow")
        reader.doubleTap()
        #expect(reader.presented == nil)
        reader.touch("Directions")
        #expect(reader.lastDescription == "Directions. Button.")
    }

    @Test func anActionSheetsCancelCancels() throws {
        let sheet = Self.locationAlert.replacingOccurrences(of: "XCUIElementTypeAlert", with: "XCUIElementTypeSheet")
            .replacingOccurrences(of: "Don’t Allow", with: "Cancel")
        let imported = try SceneImporter.scene(from: try Capture.read(sheet, file: "maps.xml"))
        #expect(imported.yaml.contains("presented: [\"dialog\"]"))
        #expect(imported.yaml.contains("style: actionSheet"))
        #expect(imported.yaml.contains("role: cancel") && imported.yaml.contains("activate: cancel"))
        var reader = ScreenReader(scene: try SceneLoader.load(yaml: imported.yaml, file: "maps.yaml"))
        reader.scrub()                                             // escape runs the cancel action
        #expect(reader.presented == nil)
    }

    /// iOS 26 shows a confirmation dialog as a popover holding the sheet; its Cancel is replaced
    /// by the popover's dismiss region ("dismiss popup", PopoverDismissRegion).
    @Test func aConfirmationDialogInAPopoverIsAPopoverOnIPhoneToo() throws {
        let popover = Self.locationAlert
            .replacingOccurrences(of: "<XCUIElementTypeAlert type=\"XCUIElementTypeAlert\"", with: """
                <XCUIElementTypeOther type="XCUIElementTypeOther" name="PopoverDismissRegion" label="dismiss popup" enabled="true" visible="true" x="0" y="0" width="393" height="852"/>
                <XCUIElementTypePopover type="XCUIElementTypePopover" enabled="true" visible="true" x="61" y="300" width="270" height="250">
                <XCUIElementTypeSheet type="XCUIElementTypeSheet"
                """)
            .replacingOccurrences(of: "</XCUIElementTypeAlert>", with: "</XCUIElementTypeSheet></XCUIElementTypePopover>")
        let imported = try SceneImporter.scene(from: try Capture.read(popover, file: "dialog.xml"))
        #expect(imported.yaml.contains("style: popover\n    adaptation: none"), "\(imported.yaml)")
        var reader = ScreenReader(scene: try SceneLoader.load(yaml: imported.yaml, file: "dialog.yaml"))
        #expect(reader.presented == "dialog")
        #expect(reader.scope.last.map { reader.scene[$0].label } == "dismiss popup")   // the popover's own, last
        reader.scrub()
        #expect(reader.presented == nil)
    }
}

/// Roles and states as VoiceOver speaks them (issue 30, item 4).
@Suite("States in captures")
struct CaptureStateTests {
    /// A selected tab is selected whatever the capture says it with.
    @Test(arguments: ["value=\"1\"", "selected=\"true\"", "traits=\"Button, Selected\""])
    func aSelectedTabIsSelectedWhicheverWayTheToolSaysIt(_ selection: String) throws {
        let xml = """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" label="A" x="0" y="0" width="393" height="852">
              <XCUIElementTypeTabBar type="XCUIElementTypeTabBar" label="Tab Bar" x="0" y="769" width="393" height="83">
                <XCUIElementTypeButton type="XCUIElementTypeButton" label="Home" \(selection) x="0" y="770" width="196" height="48"/>
                <XCUIElementTypeButton type="XCUIElementTypeButton" label="Search" value="0" x="196" y="770" width="196" height="48"/>
              </XCUIElementTypeTabBar>
            </XCUIElementTypeApplication>
            """
        let imported = try SceneImporter.scene(from: try Capture.read(xml, file: "tabs.xml"))
        let scene = try SceneLoader.load(yaml: imported.yaml, file: "tabs.yaml")
        #expect(CaptureFixtures.descriptions(scene) == ["Selected: Home. Tab. 1 of 2.", "Search. Tab. 2 of 2."], "\(selection)")
    }
}
