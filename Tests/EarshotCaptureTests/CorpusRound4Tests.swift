import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// The corpus's second batch (issue 49): real captures from public repositories, each named in
/// Fixtures/Corpus/SOURCES.md, that showed what Earshot misread in apps it had never seen. Each
/// test states what VoiceOver reads there.
@Suite("Real captures, round 4")
struct CorpusRound4Tests {
    static func said(_ path: String, language: String? = nil) throws -> [String] {
        try CorpusTests.read(path).descriptions
    }

    /// WeChat's tab bar: the Chats tab's badge (`value="2"`) and Discover's unread dot
    /// (`value="未读"`) are read after the tab's name.
    @Test func aTabsBadgeIsReadAfterItsName() throws {
        #expect(try Self.said("wda-xml/crifan-wechat-tabbar-badges.xml") == [
            "微信: 2. Tab. 1 of 4.", "通讯录. Tab. 2 of 4.", "发现: 未读. Tab. 3 of 4.", "我. Tab. 4 of 4.",
        ])
    }

    /// Settings' Wi-Fi list: the network's row, then its More Info button (更多信息), a stop of
    /// its own; the row does not swallow it.
    @Test func aRowsMoreInfoButtonIsAStopAfterTheRow() throws {
        #expect(try Self.said("wda-xml/crifan-settings-wifi-list-row-more-info-button.xml") == [
            "xxx_guest_5G, 安全网络, 信号强度 3 格，共 3 格. Button.", "更多信息. Button.",
        ])
    }

    /// From 26 the row's More Info is no stop but a custom action of the row (a device study of
    /// iOS 27.2 and iPadOS 26.6); the import writes it the same way for every version.
    @Test func fromTwentySixTheRowsMoreInfoIsAnActionOfTheRow() throws {
        let path = "wda-xml/crifan-settings-wifi-list-row-more-info-button.xml"
        let imported = try SceneImporter.scene(from: try Capture.read(try CaptureFixtures.text("Corpus/" + path), file: path))
        #expect(imported.yaml.contains("accessory: true"))
        let later = try SceneLoader.scene(try SceneLoader.load(document: imported.document), os: "26", language: nil)
        #expect(CaptureFixtures.descriptions(later) == ["xxx_guest_5G, 安全网络, 信号强度 3 格，共 3 格. Button."])
        let row = try #require(later.elements(labelled: "xxx_guest_5G, 安全网络, 信号强度 3 格，共 3 格").first)
        #expect(later[row].actions.map(\.name) == ["更多信息"])
    }

    /// A row's disclosure chevron and checkmark, listed as disabled 8 × 13 and 14 × 11 "More
    /// Info" buttons, are drawn, not stops.
    @Test func aRowsChevronAndCheckmarkAreNotStops() throws {
        #expect(try Self.said("wda-xml/crifan-settings-root-wifi-cell-value-disabled-more-info.xml") == ["无线局域网: xxx_guest_5G. Button."])
        let proxy = try Self.said("wda-xml/crifan-settings-wifi-http-proxy-manual-auth.xml")
        #expect(!proxy.contains { $0.contains("更多信息") })
        #expect(proxy.contains("鉴定. Switch Button. On."))
    }

    /// A consent popup's policy text: a text view holding three links (《用户注册协议》…) is not
    /// editable, so it is read as static text, with no "Text Field" and no "Double tap to edit".
    @Test func aTextViewWithLinksIsStaticText() throws {
        let said = try Self.said("wda-xml/crifan-banmaaike-privacy-textview-links.xml")
        #expect(said.count == 3 && said[0] == "个人信息保护政策" && said[2] == "同意. Button.")
        #expect(said[1].hasPrefix("感谢您信任并使用斑马AI课的产品和服务。") && said[1].hasSuffix("《儿童隐私政策》了解详尽条款内容。"))
        #expect(!said[1].contains("Text Field"))
    }

    /// A text view with nothing to say it is read only (Biyao's terms, no links, no traits)
    /// stays a text view VoiceOver offers to edit: the capture cannot tell.
    @Test func aTextViewWithoutLinksOrTraitsStaysEditable() throws {
        let said = try Self.said("wda-xml/crifan-biyao-terms-textview.xml")
        #expect(said.contains { $0.hasSuffix(". Text Field.") })
    }

    /// The call alert's number is wrapped in U+202D … U+202C (left-to-right override): VoiceOver
    /// says the number.
    @Test func aNumberInBidirectionalControlsIsSaidAsTheNumber() throws {
        #expect(try Self.said("wda-xml/crifan-call-phone-alert-bidi-lro.xml") == ["400 186 6078", "取消. Button.", "呼叫. Button."])
    }

    /// LINE wraps each name in U+2068 … U+2069 (first-strong isolate): the row says the names.
    @Test func namesInIsolatesAreSaidAsTheNames() throws {
        let said = try CorpusTests.read("idb-json/simuse-line-friends-no-keyboard.json").descriptions
        #expect(said.contains("one dog, Wang Wei, (2)"))
        #expect(!said.contains { $0.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) } })
    }

    /// Youzan's interstitial in WeChat's web view: two wrappers of no size that WebDriverAgent
    /// marks invisible hold the page, which is read.
    @Test func whatZeroSizeWrappersHoldIsRead() throws {
        let said = try Self.said("wda-xml/crifan-youzan-webview-zero-size-wrappers.xml")
        #expect(said.first == "将要访问" && said.contains("继续访问. Button.") && said.last == "有赞安全中心")
    }

    /// A React Native screen (alumnium's fixture): the Views that join their descendants' text
    /// into their label are not elements (`accessible="false"`), so each text is read once, in
    /// frame order, and the footer button by its label, not its testID; nothing marks it Flutter's.
    @Test func aReactNativeScreenReadsEachTextOnce() throws {
        let (said, warnings) = try CorpusTests.read("wda-xml/alumnium-react-native-foobar-onboarding.xml")
        #expect(said == [
            "Welcome to the new FooBar app!", "We're happy to have you!",
            "Reveal exclusive perks, save lots on stuff, and find gifts for everyone. Start acting today!", "Start Now. Button.",
        ])
        #expect(warnings.isEmpty)
    }

    /// A Chinese app's capture read in Chinese (`--language zh-Hans`): WeChat's tabs with their
    /// badges, the parts joined by the full-width comma.
    @Test func aChineseCaptureReadsInChinese() throws {
        let path = "wda-xml/crifan-wechat-tabbar-badges.xml"
        let imported = try SceneImporter.scene(from: try Capture.read(try CaptureFixtures.text("Corpus/" + path), file: path))
        let chinese = try SceneLoader.scene(try SceneLoader.load(document: imported.document), os: nil, language: "zh-Hans")
        #expect(CaptureFixtures.descriptions(chinese) == ["微信，2，标签，第1项，共4项", "通讯录，标签，第2项，共4项", "发现，未读，标签，第3项，共4项", "我，标签，第4项，共4项"])
    }

    /// An onboarding card over the app's list (alumnium's ToDoList): the tool lists the list too,
    /// marked invisible where the card covers it; only the card is read, nothing of the list
    /// joins it.
    @Test func aCardOverTheListReadsOnlyTheCard() throws {
        let (said, _) = try CorpusTests.read("wda-xml/alumnium-todolist-bulletin-over-hidden-list.xml")
        #expect(said == ["Welcome to ToDoList", "Start with a quick onboarding", "Continue. Button."])
    }

    /// Babylon's log-in screen, its dump starting at the window: the leading "Back" at the bar's
    /// edge is the back button, the title (an `Other`) plain text.
    @Test func theBackButtonOfADumpWithoutItsApplication() throws {
        let said = try Self.said("debug-description/babylon-login-table-window-root-elided-value.txt")
        #expect(Array(said.prefix(2)) == ["Back Button.", "Log in"])
    }

    /// LINE is a UIKit app with one two-line button ("おすすめ\nミニアプリ") and no bar the tool
    /// names: not enough to read it as Flutter's, so frames decide its order.
    @Test func aUIKitAppWithATwoLineButtonIsNotReadAsFlutters() throws {
        let (_, warnings) = try CorpusTests.read("idb-json/simuse-line-search-qwerty-keyboard.json")
        #expect(!warnings.contains { $0.contains("Flutter") }, "\(warnings)")
    }
}
