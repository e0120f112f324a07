import EarshotCapture
import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// Real captures from public repositories, written by tools and people who never heard of
/// Earshot (Fixtures/Corpus, each with its origin and licence in SOURCES.md). Each test states
/// what VoiceOver reads on that screen: the order, the roles and the states.
@Suite("A corpus of real captures")
struct CorpusTests {
    static func read(_ path: String) throws -> (descriptions: [String], warnings: [String]) {
        let text = try CaptureFixtures.text("Corpus/" + path)
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: path))
        let scene = try SceneLoader.load(yaml: imported.yaml, file: path + ".yaml")
        return (CaptureFixtures.descriptions(scene), imported.warnings)
    }

    static func statusBarWords(_ descriptions: [String]) -> [String] {
        descriptions.filter { $0.contains("Wi-Fi") || $0.contains("battery") || $0.contains("バッテリー") || $0.contains("Dynamic Island") }
    }

    // MARK: WebDriverAgent page sources (ldi-github/shirates-core, Apache-2.0)

    @Test func settingsReadsItsHeadingThenItsCellsAsButtons() throws {
        let (said, warnings) = try Self.read("wda-xml/shirates-settings-top-iphone.xml")
        #expect(Array(said.prefix(4)) == [
            "Settings. Heading.",
            "Sign in to your iPhone: Set up iCloud, the App Store, and more. Button.",
            "General. Button.", "Accessibility. Button.",
        ])
        // The cells below the screen are kept: VoiceOver scrolls to them.
        #expect(Array(said.suffix(2)) == ["Developer. Button.", "app.st. Button."])
        #expect(warnings.isEmpty)
    }

    /// A cell holding a switch is the switch: "Auto-Correction, Switch Button, Off".
    @Test func keyboardSettingsReadsItsSwitchCellsAsSwitches() throws {
        let (said, _) = try Self.read("wda-xml/shirates-settings-keyboard.xml")
        #expect(said.contains("Keyboards. Heading."))
        #expect(said.contains("Auto-Correction. Switch Button. Off."))
        #expect(said.contains("Smart Punctuation. Switch Button. On."))
        #expect(said.contains("About Dictation and Privacy…. Link."))
        #expect(!said.contains { $0.hasPrefix("Auto-Correction: 0") })
        // A grouped table's section headers are headings; the back button says so.
        #expect(Array(said.prefix(2)) == ["General. Back Button.", "Keyboards. Heading."])
        let header = try #require(said.firstIndex(of: "ALL KEYBOARDS. Heading."))
        #expect(said[header + 1] == "Auto-Correction. Switch Button. Off.")
        #expect(said.contains("ENGLISH. Heading."))
    }

    @Test func accessibilitySettingsReadsSectionsInOrder() throws {
        let (said, _) = try Self.read("wda-xml/shirates-settings-accessibility-iphone8.xml")
        #expect(Array(said.prefix(3)) == [
            "Settings. Back Button.", "Accessibility. Heading.",
            "Accessibility features help you customize your iPhone for your individual needs.",   // the table's header text: no heading
        ])
        let vision = try #require(said.firstIndex(of: "VISION. Heading."))
        let motor = try #require(said.firstIndex(of: "PHYSICAL AND MOTOR. Heading."))
        #expect(vision < said.firstIndex(of: "Display & Text Size. Button.")! && said.firstIndex(of: "Spoken Content. Button.")! < motor)
    }

    /// The status bar is not among the app's swipe stops; secure fields never speak their text.
    @Test func aSignUpFormLeavesTheStatusBarOutAndReadsItsFields() throws {
        let (said, _) = try Self.read("wda-xml/shirates-appdev-signup-form-iphone8.xml")
        #expect(Self.statusBarWords(said).isEmpty, "\(said)")
        // The navigation bar: its unlabelled back button (at the bar's edge), its title, Skip.
        #expect(Array(said.prefix(3)) == ["Back Button.", "Text2", "Skip. Button."])
        #expect(said.contains("hoge@example.com. Text Field."))
        #expect(said.contains("First Name. Text Field."))
        let mail = try #require(said.firstIndex(of: "Mail Address"))
        #expect(said[mail + 1] == "(Mandatory)")
        // The secure fields' placeholders are their names; their text is never read.
        #expect(said.filter { $0.hasSuffix("Secure Text Field.") }.count == 2)
        // The Register button lies below the screen in its scroll view (visible="false"): VoiceOver scrolls to it.
        #expect(said.contains("Register. Dimmed. Button."))
    }

    @Test func aJapaneseCalendarDayReadsItsWeekAndHours() throws {
        let (said, _) = try Self.read("wda-xml/shirates-calendar-date-time-ja.xml")
        #expect(Array(said.prefix(5)) == ["12月. Back Button.", "リスト. Button.", "検索. Button.", "追加. Button.", "12月10日 日曜日. Button."])
        #expect(said.contains("今日, 12月15日 金曜日"))
        #expect(said.contains("14:00, 進行中"))
        // The hours scrolled above the screen are in the day's list, before the ones shown.
        #expect(said.firstIndex(of: "0:00")! < said.firstIndex(of: "12:00")!)
        #expect(said.firstIndex(of: "12月16日 土曜日. Button.")! < said.firstIndex(of: "0:00")!)
        #expect(Array(said.suffix(3)) == ["今日. Button.", "カレンダー. Button.", "出席依頼. Button."])   // the toolbar, last
    }

    // MARK: Alerts in page sources (Yamsafer/reflow, MIT; crifan/iOSAutomation, no licence stated)

    /// SpringBoard over the app: the alert showing is in front (Read All gives its title, its
    /// message, then its buttons); the one SpringBoard keeps hidden (at x="inf") is not read.
    @Test func aSpringBoardLocationAlertIsInFrontAndTheHiddenOneIsNot() throws {
        let path = "wda-xml/yamsafer-springboard-two-alerts.xml"
        let imported = try SceneImporter.scene(from: try Capture.read(try CaptureFixtures.text("Corpus/" + path), file: path))
        #expect(imported.yaml.contains("scene: \"yamsafer-springboard-two-alerts\""), "SpringBoard's blank label names nothing")
        #expect(imported.yaml.contains("presented: [\"alert\"]"))
        let scene = try SceneLoader.load(document: imported.document)
        var reader = ScreenReader(scene: scene)
        let said = Transcript.lines(of: reader.readAll()).filter { $0.hasPrefix("speak: ") }.map { String($0.dropFirst(7)) }
        #expect(said == [
            "Allow “Yamsafer” to access your location?", "To show nearby hotels",
            "Only While Using the App. Button.", "Always Allow. Button.", "Don’t Allow. Button.",
        ])
        #expect(!imported.yaml.contains("Send You Notifications"))
        // Each button dismisses it, leaving nothing of SpringBoard's in scope.
        _ = reader.touch("Always Allow") + reader.doubleTap()
        #expect(reader.presented == nil)
    }

    /// An alert's subtree pasted alone: its title, message and buttons, whatever the language
    /// (three stacked, or two side by side in the order given).
    @Test(arguments: [
        ("crifan-hengyidai-wireless-data-alert", ["允许“恒易贷”使用无线数据？", "关闭无线数据时，部分功能可能无法使用。",
                                                   "无线局域网与蜂窝移动网络. Button.", "仅限无线局域网. Button.", "不允许. Button."]),
        ("crifan-jdfinance-giveup-register-alert", ["是否放弃注册？", "放弃. Button.", "继续注册. Button."]),
        ("crifan-hengyidai-contacts-alert", ["“恒易贷”想访问您的通讯录", "恒易贷需要获取您的通讯录信息，以提供更精准的服务", "不允许. Button.", "好. Button."]),
    ])
    func anAlertPastedAloneReadsAsTheAlert(_ name: String, _ expected: [String]) throws {
        let path = "wda-xml/\(name).xml"
        let imported = try SceneImporter.scene(from: try Capture.read(try CaptureFixtures.text("Corpus/" + path), file: path))
        #expect(!imported.yaml.contains("screen:"), "a fragment says nothing of the screen")
        let scene = try SceneLoader.load(document: imported.document)
        var reader = ScreenReader(scene: scene)
        let said = Transcript.lines(of: reader.readAll()).filter { $0.hasPrefix("speak: ") }.map { String($0.dropFirst(7)) }
        #expect(said == expected)
    }

    // MARK: AXe / idb describe-ui JSON (lycorp-jp/sim-use, Apache-2.0)

    @Test func lineFriendsReadsItsTabsWithTheirPositionsAndSelection() throws {
        let (said, _) = try Self.read("idb-json/simuse-line-friends-no-keyboard.json")
        // AXe lists the status bar's items last under the application; they are not swipe stops.
        #expect(Self.statusBarWords(said).isEmpty && !said.contains { $0.hasPrefix("15:34") || $0.hasPrefix("モバイル通信") })
        let app = said
        #expect(Array(app.prefix(8)) == [
            "戻る. Button.", "友だちリスト. Heading.", "検索. Search Field.",
            "Selected: お気に入り. Tab. 1 of 4.", "友だち. Tab. 2 of 4.", "グループ. Tab. 3 of 4.", "公式アカウント. Tab. 4 of 4.",
            "お気に入り 1. Heading.",
        ])
        #expect(Array(app.suffix(2)) == ["ニュース. Tab. 4 of 5.", "MINI. Tab. 5 of 5."])
    }

    @Test func lineAccountSettingsReadsItsHeadingsAndRows() throws {
        let (said, warnings) = try Self.read("idb-json/simuse-line-account-settings.json")
        #expect(said.first == "戻る. Button.", "the status bar's items are not stops: \(said.prefix(3))")
        #expect(said.contains("アカウント. Heading.") && said.contains("ログイン・セキュリティ. Heading."))
        #expect(said.contains("他の端末と連携. Button."))
        #expect(said.contains("ログイン許可, オン"))
        #expect(said.last == "アカウント削除. Button.")
        #expect(warnings.isEmpty, "AXe's GenericElement is a known kind: \(warnings)")
    }

    /// sim-use wraps AXe's array in its own envelope ({"data": {"entries", "outline", "raw"}}):
    /// AXe's elements are read, not the tool's simpler list.
    @Test(arguments: ["qwerty", "kana", "hangul", "emoji"])
    func lineSearchWithTheKeyboardUpReadsTheScreenThenTheKeys(_ keyboard: String) throws {
        let (said, _) = try Self.read("idb-json/simuse-line-search-\(keyboard)-keyboard.json")
        #expect(said.contains("戻る. Button.") && said.contains("閉じる. Button."))
        #expect(said.firstIndex(of: "戻る. Button.")! < said.firstIndex(of: "人気スタンプ. Button.")!)
        // The keyboard is up: the search field is editing, and the keys are the system keyboard's.
        #expect(said.contains("Search Field. Is editing. Insertion point at start."))
        #expect(said.count > 30, "\(keyboard): the keyboard's keys are in scope")
    }

    // MARK: XCUITest debugDescription, as people paste it

    @Test func aDumpInACodeCommentWithoutItsHeader() throws {
        let (said, _) = try Self.read("debug-description/rjchatfield-ax-hello-world-no-header-indented.txt")
        #expect(said == ["Hello, world!", "Tap me!. Button."])
    }

    /// p's escaped one-line string after XCTest's activity lines; an unlabelled image with an
    /// identifier is not a stop (UIImageView is not an accessibility element by default).
    @Test func anEscapedDumpAfterActivityLines() throws {
        let (said, _) = try Self.read("debug-description/xcuitest-study-enroll-po-escaped.txt")
        #expect(said == ["Welcome to XCUITest Course ", "Enter Your City ", "Text Field.", "Enroll. Button."])
    }

    @Test func aTabBarWithItsSelectedTab() throws {
        let (said, _) = try Self.read("debug-description/testpilot-tabbar-explore-selected.txt")
        #expect(said.first == "Menu. Button.")
        #expect(Array(said.suffix(5)) == ["News. Tab. 1 of 5.", "Selected: Explore. Tab. 2 of 5.", "Leaderboard. Tab. 3 of 5.",
                                          "Watch. Tab. 4 of 5.", "Profile. Tab. 5 of 5."])
    }

    @Test func anIncomingCallWhoseRootHasNoArrow() throws {
        let (said, _) = try Self.read("debug-description/incallservice-incoming-call-no-arrow.txt")
        #expect(said.contains("Xiamen, Fujian"))
        #expect(Array(said.suffix(4)) == ["Remind Me. Button.", "Message. Button.", "Decline. Button.", "Answer call. Button."])
    }

    @Test func aDumpWithItsAuthorsElisions() throws {
        let (said, _) = try Self.read("debug-description/tvos-focusswiftui-focused-elided.txt")
        #expect(said == ["Button 1. Button.", "Button 2. Button.", "Button 3. Button."])
    }

    /// `po app.buttons` prints a query's matches, not the tree: nothing VoiceOver reads, said.
    @Test func aQuerysOutputIsNotAScreen() throws {
        let (said, warnings) = try Self.read("debug-description/xcuitest-study-buttons-query-keyboard-up.txt")
        #expect(said.isEmpty)
        #expect(warnings.first?.contains("the capture holds no element VoiceOver can reach") == true)
    }

    /// The corpus is what SOURCES.md lists: every file has its entry.
    @Test func everyCaptureHasItsSource() throws {
        let folder = CaptureFixtures.folder.appendingPathComponent("Corpus")
        let sources = try String(contentsOf: folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        var files: [String] = []
        for format in ["wda-xml", "idb-json", "debug-description"] {
            files += try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(format).path)
        }
        #expect(files.count >= 15)
        for file in files { #expect(sources.contains("`\(file)`"), "\(file) has no entry in SOURCES.md") }
    }
}
