import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// One capture taken with a sheet up holds the parent and the sheet: the sheet is a
/// presentation shown when the scene opens, the parent's elements stay out of it.
@Suite("A sheet in front of the app, from one capture")
struct SheetInFrontTests {
    /// The labels of the app's elements in presentation `id` (nil: the parent view), groups aside.
    static func labels(_ scene: Scene, in id: String?) -> [String] {
        scene.elements.indices.map(ElementRef.init).filter { ref in
            scene.presentation(of: ref)?.id == id && scene[ref].role != .group && scene[ref].system == nil && !scene.isKeyboardKey(ref)
        }.map { scene[$0].label }
    }

    static func imported(_ text: String, file: String) throws -> (yaml: String, scene: Scene) {
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: file))
        return (imported.yaml, try SceneLoader.load(document: imported.document))
    }

    /// The same medium sheet over Settings, as each tool lists it (idb: one flat list).
    @Test(arguments: ["wda.xml", "debugdescription.txt", "idb.json"])
    func theGrabbersSheetIsShownAndTheParentKeepsItsOwn(_ format: String) throws {
        let name = "settings-general-medium.\(format)"
        let (yaml, scene) = try Self.imported(try CaptureFixtures.text(name), file: name)
        #expect(yaml.contains("presented: [\"sheet\"]"))
        #expect(yaml.contains("    style: sheet\n    detents: [medium]\n    grabber: true\n"))
        #expect(!yaml.contains("undimmed"), "the capture has the dimming view: the sheet is modal")
        let inSheet = Set(Self.labels(scene, in: "sheet"))
        #expect(inSheet.isSuperset(of: ["Cancel", "General", "Done", "Name", "Auto-Lock"]))
        #expect(inSheet.isDisjoint(with: ["Airplane Mode", "Wi-Fi", "Brightness", "Settings"]))
        // VoiceOver starts on the grabber; the parent is out of scope while the sheet is modal.
        var reader = ScreenReader(scene: scene)
        let said = Transcript.lines(of: reader.swipeRight() + reader.readAll())
        #expect(said.contains("speak: Sheet Grabber: Half screen. Button."))
        #expect(said.contains("speak: Name: iPhone. Text Field."))
        #expect(!said.contains { $0.contains("Wi-Fi") })
        // Dismissed, the parent reads as before.
        _ = reader.scrub()
        #expect(reader.presented == nil)
        #expect(Transcript.lines(of: reader.touch("Wi-Fi")).contains("speak: Wi-Fi. Switch Button. On."))
    }

    /// idb's flat list without a container for the sheet: what it lists from the dimming view
    /// on, from the grabber's top down, is the sheet's.
    @Test func aFlatListWithoutTheSheetsContainer() throws {
        var text = try CaptureFixtures.text("settings-general-medium.idb.json")
        let data = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [[String: Any]]
        let kept = data.filter { ($0["AXFrame"] as? String) != "{{0, 426}, {393, 426}}" || $0["type"] as? String != "Group" }
        #expect(kept.count == data.count - 1, "the fixture's sheet container (the Group at {{0, 426}, {393, 426}}) is gone")
        text = String(decoding: try JSONSerialization.data(withJSONObject: kept), as: UTF8.self)
        let (yaml, scene) = try Self.imported(text, file: "flat.json")
        #expect(yaml.contains("presented: [\"sheet\"]"))
        let labels = Self.labels(scene, in: "sheet")
        #expect(labels.contains("Done") && labels.contains("Name") && !labels.contains("Wi-Fi"))
    }

    /// A sheet at its large detent with no grabber: the tools mark everything it covers
    /// invisible. The covered elements are the parent's; the sheet is in front.
    @Test func aSheetThatCoversTheRestWhichTheToolMarksInvisible() throws {
        let capture = """
            <?xml version="1.0" encoding="UTF-8"?>
            <AppiumAUT>
              <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Calendar" label="Calendar" enabled="true" visible="true" x="0" y="0" width="393" height="852">
                <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">
                  <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="false" x="0" y="0" width="393" height="852">
                    <XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="Today" enabled="true" visible="false" x="0" y="59" width="393" height="44">
                      <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Today" name="Today" label="Today" enabled="true" visible="false" x="170" y="70" width="53" height="22"/>
                      <XCUIElementTypeButton type="XCUIElementTypeButton" name="Add" label="Add" enabled="true" visible="false" x="340" y="64" width="44" height="34"/>
                    </XCUIElementTypeNavigationBar>
                    <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="No Events" name="No Events" label="No Events" enabled="true" visible="false" x="140" y="400" width="113" height="22"/>
                  </XCUIElementTypeOther>
                  <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="69" width="393" height="783">
                    <XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="New Event" enabled="true" visible="true" x="0" y="69" width="393" height="56">
                      <XCUIElementTypeButton type="XCUIElementTypeButton" name="Cancel" label="Cancel" enabled="true" visible="true" x="16" y="75" width="60" height="44"/>
                      <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="New Event" name="New Event" label="New Event" enabled="true" visible="true" x="150" y="86" width="93" height="22"/>
                      <XCUIElementTypeButton type="XCUIElementTypeButton" name="Add" label="Add" enabled="false" visible="true" x="330" y="75" width="50" height="44"/>
                    </XCUIElementTypeNavigationBar>
                    <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Title" name="Title" label="" enabled="true" visible="true" x="16" y="140" width="361" height="44"/>
                  </XCUIElementTypeOther>
                </XCUIElementTypeWindow>
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        let (yaml, scene) = try Self.imported(capture, file: "new-event.xml")
        #expect(yaml.contains("presented: [\"sheet\"]"))
        #expect(yaml.contains("    detents: [large]\n"))
        #expect(Self.labels(scene, in: "sheet") == ["Cancel", "New Event", "Add", ""])
        #expect(Self.labels(scene, in: nil) == ["Today", "Add", "No Events"])
        // In scope: the dimming view the system adds (no grabber shows), then the sheet.
        #expect(CaptureFixtures.descriptions(scene) == [
            "Activate to dismiss pop-up window. Button.", "Cancel. Button.", "New Event. Heading.", "Add. Dimmed. Button.",
            "Title. Text Field.",
        ])
    }

    /// A sheet below its undimmed detent has no dimming view: the parent stays in scope.
    @Test func aSheetWithoutTheDimmingViewIsUndimmed() throws {
        var text = try CaptureFixtures.text("settings-general-medium.debugdescription.txt")
        text = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("dismiss popup") }.joined(separator: "\n")
        let (yaml, scene) = try Self.imported(text, file: "undimmed.txt")
        #expect(yaml.contains("    undimmed: medium\n"))
        let said = CaptureFixtures.descriptions(scene)
        #expect(said.contains("Wi-Fi. Switch Button. On.") && said.contains("Name: iPhone. Text Field."))
    }

    /// A capture with no sheet has no presentation.
    @Test func aScreenWithoutASheetPresentsNothing() throws {
        let (yaml, _) = try Self.imported(try CaptureFixtures.text("settings.wda.xml"), file: "settings.wda.xml")
        #expect(!yaml.contains("presented:"))
    }
}

/// A capture taken with the keyboard up: the keys are the system's keyboard, not the app's
/// elements, and the field it types into is editing (so Earshot shows its own keyboard).
@Suite("The keyboard in a capture")
struct KeyboardCaptureTests {
    static func signIn(focused: Bool, returnTitle: String = "Go") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" x="0" y="0" width="393" height="852">
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">
              <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="ada@example.com" name="email" label="Email" enabled="true" visible="true" x="16" y="120" width="361" height="44"/>
              <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" name="password" label="Password" enabled="true" visible="true" \(focused ? "focused=\"true\" " : "")x="16" y="180" width="361" height="44"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="Sign In" label="Sign In" enabled="true" visible="true" x="16" y="240" width="361" height="44"/>
            </XCUIElementTypeWindow>
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">
              <XCUIElementTypeKeyboard type="XCUIElementTypeKeyboard" enabled="true" visible="true" x="0" y="516" width="393" height="336">
                <XCUIElementTypeKey type="XCUIElementTypeKey" name="q" label="q" enabled="true" visible="true" x="3" y="527" width="33" height="42"/>
                <XCUIElementTypeKey type="XCUIElementTypeKey" name="w" label="w" enabled="true" visible="true" x="42" y="527" width="33" height="42"/>
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="shift" label="shift" enabled="true" visible="true" x="3" y="635" width="42" height="42"/>
                <XCUIElementTypeKey type="XCUIElementTypeKey" name="space" label="space" enabled="true" visible="true" x="100" y="689" width="190" height="42"/>
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="\(returnTitle)" label="\(returnTitle)" enabled="true" visible="true" x="296" y="689" width="94" height="42"/>
              </XCUIElementTypeKeyboard>
            </XCUIElementTypeWindow>
          </XCUIElementTypeApplication>
        </AppiumAUT>
        """
    }

    static func imported(_ text: String, file: String) throws -> (SceneImporter.Imported, Scene) {
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: file))
        return (imported, try SceneLoader.load(document: imported.document))
    }

    @Test func theFocusedFieldIsEditingAndTheKeysAreTheSystems() throws {
        let (imported, scene) = try Self.imported(Self.signIn(focused: true), file: "sign-in.xml")
        #expect(imported.yaml.contains("  - secureField: \"Password\" # 6:7 SecureTextField\n    id: \"password\"\n    editing: true\n    returnKey: go\n"))
        #expect(!imported.yaml.contains("\"shift\"") && !imported.yaml.contains("\"q\""))
        #expect(imported.warnings.isEmpty)
        let password = try #require(scene.resolve("password"))
        let said = CaptureFixtures.descriptions(scene)
        #expect(said.contains("Password. Secure Text Field. Is editing. Insertion point at start."), "\(said)")
        // Earshot's own keyboard is up, its Return key titled as the capture's.
        #expect(said.last == "Go", "\(said.suffix(3))")
        #expect(scene[password].editing)
    }

    @Test func withoutFocusTheOnlyFieldOrTheFirstWithAWarning() throws {
        let (imported, _) = try Self.imported(Self.signIn(focused: false, returnTitle: "return"), file: "sign-in.xml")
        #expect(imported.yaml.contains("  - textField: \"Email\" # 5:7 TextField\n    id: \"email\"\n    value: \"ada@example.com\"\n    editing: true\n"))
        #expect(!imported.yaml.contains("returnKey"), "return is the default key")
        #expect(imported.warnings == [
            "sign-in.xml:5:7: warning: the keyboard is up but the capture does not say which of its 2 text entries is editing; "
                + "took the first ('Email'): move `editing: true` to the one that is",
        ])
    }

    /// AXe lists the keyboard's keys after the app's elements, with no keyboard node: the run
    /// of keys with a system key's identifier is the keyboard (lycorp-jp/sim-use fixtures).
    @Test(arguments: [("qwerty", "Q"), ("kana", "あ"), ("hangul", "ㄱ"), ("emoji", "😂")])
    func anAXeListsKeysAreTheKeyboard(_ keyboard: String, _ key: String) throws {
        let path = "Corpus/idb-json/simuse-line-search-\(keyboard)-keyboard.json"
        let (imported, scene) = try Self.imported(try CaptureFixtures.text(path), file: path)
        #expect(!imported.yaml.contains("\"\(key)\""), "the \(keyboard) keyboard's keys are not the app's")
        #expect(!imported.yaml.contains("\"音声入力\"") && !imported.yaml.contains("次のキーボード"))
        let said = CaptureFixtures.descriptions(scene)
        #expect(said.contains("Search Field. Is editing. Insertion point at start."))
        #expect(Array(said.prefix(3)) == ["戻る. Button.", "Search Field. Is editing. Insertion point at start.", "閉じる. Button."])
        #expect(said.contains("自動保存をオフにする. Button."))
        // The Search key (English "search", or identifier "Search" under a local title).
        #expect(imported.yaml.contains("returnKey: search") == (keyboard != "emoji"))
    }

    @Test func aScreenWithoutTheKeyboardHasNoFieldEditing() throws {
        let path = "Corpus/idb-json/simuse-line-friends-no-keyboard.json"
        let (imported, _) = try Self.imported(try CaptureFixtures.text(path), file: path)
        #expect(!imported.yaml.contains("editing: true"))
    }
}

/// An iPad capture with a popover showing: the popover is in front, its content the app's,
/// the popover's dismiss region the system's.
@Suite("A popover in a capture")
struct PopoverCaptureTests {
    static let capture = """
        Element subtree:
         →Application, 0x1, {{0.0, 0.0}, {1024.0, 1366.0}}, label: 'Notes'
            Window (Main), 0x2, {{0.0, 0.0}, {1024.0, 1366.0}}
              NavigationBar, 0x3, {{0.0, 24.0}, {1024.0, 50.0}}, identifier: 'Notes'
                StaticText, 0x4, {{470.0, 37.0}, {84.0, 24.0}}, label: 'Notes'
                Button, 0x5, {{950.0, 29.0}, {50.0, 40.0}}, label: 'Share'
              Other, 0x6, {{0.0, 0.0}, {1024.0, 1366.0}}, identifier: 'PopoverDismissRegion', label: 'dismiss popup'
              Popover, 0x7, {{700.0, 80.0}, {320.0, 200.0}}
                Table, 0x8, {{700.0, 80.0}, {320.0, 200.0}}
                  Cell, 0x9, {{700.0, 80.0}, {320.0, 50.0}}, label: 'Copy Link'
                  Cell, 0xa, {{700.0, 130.0}, {320.0, 50.0}}, label: 'Export as PDF'
        """

    @Test func thePopoverIsInFrontAndItsButtonsKeepTheirBehaviour() throws {
        let imported = try SceneImporter.scene(from: try Capture.read(Self.capture, file: "ipad.txt"))
        #expect(imported.yaml.contains("platform: ipados"))
        #expect(imported.yaml.contains("presented: [\"popover\"]"))
        #expect(imported.yaml.contains("    style: popover\n"))
        #expect(!imported.yaml.contains("activate: dismiss"), "what a popover's button does is the app's to say")
        #expect(!imported.yaml.contains("- text: \"dismiss popup\""), "the dismiss region is not the app's")
        let scene = try SceneLoader.load(document: imported.document)
        let said = CaptureFixtures.descriptions(scene)
        #expect(said.contains("Copy Link. Button.") && said.contains("Export as PDF. Button."))
        #expect(!said.contains("Share. Button."), "the popover is modal: \(said)")
        // The system's dismiss region, as iPadOS labels it, after the content.
        #expect(said.last == "dismiss popup. Button.", "\(said)")
    }
}
