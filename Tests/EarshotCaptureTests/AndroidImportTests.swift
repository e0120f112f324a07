@testable import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// Android's hierarchy dumps (`uiautomator dump`, Appium UiAutomator2's page source) imported
/// as Android scenes and read in TalkBack's order, with the same located errors as the others.
@Suite("Android captures")
struct AndroidImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Android")

    /// A real Appium page source (Fixtures/Android/SOURCES.md): read in the order of its nodes as
    /// the framework sorts them, the row's texts before its switch, in TalkBack's words.
    @Test func aRealPageSourceReadsInTalkBacksOrder() throws {
        let scene = try SceneLoader.load(path: Self.folder.appendingPathComponent("appium-uiautomator2-server-page-source.xml").path)
        #expect(scene.platform == .android)
        let builder = DescriptionBuilder(scene: scene)
        let state = scene.openingState()
        let read = scene.scope(in: state).prefix(7).map { builder.description(of: $0, in: state) }
        #expect(read == [
            "Navigate up, Button",
            "OFFLINE MAPS",
            "Download settings",
            "Allow downloads over cell network",
            "If Wi-Fi isn't available, your maps will use your cell data to download updates.",
            "Off, offline_list_network_switch, Switch",
            "Region Cell 2, Button",
        ])
    }

    /// Written here from Material Components' dialog layout (no public capture has one): a
    /// uiautomator dump of two windows, the app's list and a BottomSheetDialog's (its
    /// coordinator, the sheet, the drag handle and the content; the scrim is not important for
    /// accessibility, so not dumped).
    static let bottomSheetDump = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0">
          <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
            <node index="0" text="Running shoes" resource-id="com.example.shop:id/title" class="android.widget.TextView" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[42,150][700,230]" />
            <node index="1" text="Filters" resource-id="com.example.shop:id/filters" class="android.widget.Button" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[800,150][1038,276]" />
          </node>
          <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
            <node index="0" text="" resource-id="com.example.shop:id/coordinator" class="android.widget.FrameLayout" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
              <node index="0" text="" resource-id="com.example.shop:id/design_bottom_sheet" class="android.widget.FrameLayout" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,1200][1080,2400]">
                <node index="0" text="" resource-id="com.example.shop:id/drag_handle" class="android.widget.ImageView" package="com.example.shop" content-desc="Drag handle" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[414,1200][666,1326]" />
                <node index="1" text="In stock" resource-id="com.example.shop:id/in_stock" class="com.google.android.material.materialswitch.MaterialSwitch" package="com.example.shop" content-desc="" checkable="true" checked="true" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[42,1360][1038,1486]" />
                <node index="2" text="Apply" resource-id="com.example.shop:id/apply" class="com.google.android.material.button.MaterialButton" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[42,1520][1038,1646]" />
              </node>
            </node>
          </node>
        </hierarchy>
        """

    @Test func aBottomSheetIsASheetWithItsDragHandle() throws {
        let capture = try Capture.read(Self.bottomSheetDump, file: "filters.xml")
        #expect(capture.format == .uiAutomator)
        let imported = try SceneImporter.scene(from: capture)
        #expect(imported.yaml.contains("platform: android"))
        #expect(imported.yaml.contains("grabber: true"))
        let scene = try SceneLoader.load(document: imported.document)
        let builder = DescriptionBuilder(scene: scene)
        let state = scene.openingState()
        #expect(state.topmost != nil)
        let read = scene.scope(in: state).map { builder.description(of: $0, in: state) }
        // The sheet is modal as its dialog window is: the list behind it is out of reach. A dump
        // says nothing of detents: the sheet rests at the one its height gives, which is expanded.
        #expect(read == ["Expanded. Drag handle, Button", "On, In stock, Switch", "Apply, Button"])
    }

    /// Written here from Compose Material 3's ModalBottomSheet (androidx ModalBottomSheet.kt; no
    /// public capture has one): a UiAutomator2 page source with its accessibility actions, the
    /// app's list and the sheet's dialog window, whose nodes Compose gives the class
    /// `android.view.View` where they have no role: the sheet, its drag handle (clickable, with
    /// Dismiss and Expand), its content, and the scrim, `Close sheet`.
    static let composeSheetSource = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">
          <android.widget.FrameLayout index="0" class="android.widget.FrameLayout" package="com.example.books" clickable="false" enabled="true" displayed="true" bounds="[0,0][1080,2400]">
            <android.widget.TextView index="0" class="android.widget.TextView" package="com.example.books" text="Reading list" heading="true" clickable="false" enabled="true" displayed="true" actions="ACTION_FOCUS" bounds="[42,150][700,230]" />
            <android.widget.Button index="1" class="android.widget.Button" package="com.example.books" text="Sort" clickable="true" enabled="true" displayed="true" actions="ACTION_FOCUS,ACTION_CLICK" bounds="[800,150][1038,276]" />
          </android.widget.FrameLayout>
          <android.widget.FrameLayout index="0" class="android.widget.FrameLayout" package="com.example.books" clickable="false" enabled="true" displayed="true" bounds="[0,0][1080,2400]">
            <android.view.View index="0" class="android.view.View" package="com.example.books" clickable="false" enabled="true" displayed="true" bounds="[0,0][1080,2400]">
              <android.view.View index="0" class="android.view.View" package="com.example.books" content-desc="Close sheet" clickable="true" enabled="true" displayed="true" actions="ACTION_FOCUS,ACTION_CLICK" bounds="[0,0][1080,2400]" />
              <android.view.View index="1" class="android.view.View" package="com.example.books" clickable="false" enabled="true" displayed="true" bounds="[0,1200][1080,2400]">
                <android.view.View index="0" class="android.view.View" package="com.example.books" content-desc="Drag handle" clickable="false" enabled="true" displayed="true" actions="ACTION_FOCUS,ACTION_CLICK,ACTION_DISMISS,ACTION_EXPAND" bounds="[414,1200][666,1332]" />
                <android.widget.TextView index="1" class="android.widget.TextView" package="com.example.books" text="Sort by" heading="true" clickable="false" enabled="true" displayed="true" actions="ACTION_FOCUS" bounds="[42,1360][1038,1440]" />
                <android.widget.Button index="2" class="android.widget.Button" package="com.example.books" text="Title" clickable="true" enabled="true" displayed="true" actions="ACTION_FOCUS,ACTION_CLICK" bounds="[42,1480][1038,1606]" />
              </android.view.View>
            </android.view.View>
          </android.widget.FrameLayout>
        </hierarchy>
        """

    /// A Compose sheet is told by its scrim and by its handle's class: it is imported as
    /// `toolkit: compose`, its handle and scrim the ones Earshot makes, and read as TalkBack
    /// reads Compose's (the handle clickable through its `actions` alone).
    @Test func aComposeSheetIsImportedWithItsToolkit() throws {
        let capture = try Capture.read(Self.composeSheetSource, file: "sort.xml")
        #expect(capture.format == .uiAutomator)
        let imported = try SceneImporter.scene(from: capture)
        #expect(imported.yaml.contains("toolkit: compose"))
        #expect(imported.yaml.contains("grabber: true"))
        #expect(!imported.yaml.contains("Close sheet"))
        let scene = try SceneLoader.load(document: imported.document)
        let builder = DescriptionBuilder(scene: scene)
        let state = scene.openingState()
        let read = scene.scope(in: state).map { builder.description(of: $0, in: state) }
        #expect(read == ["Drag handle", "Sort by, Heading", "Title, Button", "Close sheet"])

        // Without its scrim, the handle's class still tells.
        let bare = Self.composeSheetSource.split(separator: "\n").filter { !$0.contains("Close sheet") }.joined(separator: "\n")
        #expect(try SceneImporter.scene(from: Capture.read(bare, file: "sort.xml")).yaml.contains("toolkit: compose"))
        // Material Components' handle is an ImageView: no toolkit is written.
        #expect(try !SceneImporter.scene(from: Capture.read(Self.bottomSheetDump, file: "filters.xml")).yaml.contains("toolkit"))
    }

    /// A node whose `actions` hold a click is clickable, though its `clickable` says not
    /// (a Compose node with an onClick semantics action): a labelled one is a button.
    @Test func aClickAmongTheActionsMakesANodeClickable() throws {
        func imported(_ actions: String) throws -> String {
            try SceneImporter.scene(from: Capture.read("""
                <hierarchy rotation="0" width="1080" height="2400">
                  <android.widget.FrameLayout class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">
                    <android.view.View class="android.view.View" content-desc="Play" clickable="false" enabled="true" displayed="true" actions="\(actions)" bounds="[42,150][300,276]" />
                  </android.widget.FrameLayout>
                </hierarchy>
                """, file: "player.xml")).yaml
        }
        #expect(try imported("ACTION_FOCUS,ACTION_CLICK").contains("button: \"Play\""))
        #expect(try !imported("ACTION_FOCUS").contains("button: \"Play\""))
    }

    /// Material 1.14's handle says its state in its description: it is the handle all the same.
    @Test func aHandleThatSaysItsStateIsTheHandle() throws {
        let dump = Self.bottomSheetDump.replacingOccurrences(of: "content-desc=\"Drag handle\"", with: "content-desc=\"Half expanded. Drag handle\"")
        let imported = try SceneImporter.scene(from: try Capture.read(dump, file: "filters.xml"))
        #expect(imported.yaml.contains("grabber: true"))
        #expect(!imported.yaml.contains("Half expanded. Drag handle"))
    }

    @Test(arguments: [
        ("<hierarchy rotation=\"0\"><node text=\"x\" bounds=\"[0,0][10,10]\"></node></hierarchy>",
         "dump.xml:1:25: error: a <node> without a class (expected <node class=\"android.widget…\" …>)"),
        ("<hierarchy rotation=\"0\">\n  <node class=\"android.widget.Button\" text=\"OK\" bounds=\"[0,0][10,10]\">\n",
         nil),
        ("<hierarchy rotation=\"0\"></hierarchy>",
         "dump.xml:1:37: error: the hierarchy holds no node (expected a uiautomator dump's <node> elements)"),
    ])
    func badDumpsAreLocatedErrors(_ text: String, _ message: String?) throws {
        let error = try #require(throws: CaptureError.self) { try Capture.read(text, file: "dump.xml") }
        if let message { #expect(error.description == message) } else { #expect(error.description.hasPrefix("dump.xml:")) }
    }

    /// Class names become the types TalkBack reads them as (google/talkback Role.java: a
    /// clickable ImageView is an image button).
    @Test func classesBecomeTalkBacksRoles() {
        func type(_ name: String, clickable: Bool = false, checkable: Bool = false, password: Bool = false) -> String {
            UIAutomatorReader.type(className: name, clickable: clickable, checkable: checkable, password: password, labelled: true)
        }
        #expect(type("android.widget.ImageView", clickable: true) == "Button")
        #expect(type("android.widget.ImageView") == "Image")
        #expect(type("com.google.android.material.textfield.TextInputEditText") == "TextField")
        #expect(type("android.widget.EditText", password: true) == "SecureTextField")
        #expect(type("androidx.appcompat.widget.SwitchCompat") == "Switch")
        #expect(type("android.widget.CheckBox") == "CheckBox")
        #expect(type("android.widget.SeekBar") == "Slider")
        #expect(type("android.view.View", clickable: true) == "Button")
        #expect(type("android.widget.LinearLayout") == "Other")
    }
}
