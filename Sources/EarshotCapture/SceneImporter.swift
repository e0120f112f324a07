import EarshotCore

/// Turns a capture into an ordinary scene: a document tree the scene loader decodes, each value
/// at the capture node it came from, and the scene file (YAML) a person can read and edit.
///
/// ```swift
/// let capture = try Capture.read(text, file: "settings.xml")
/// let imported = try SceneImporter.scene(from: capture)
/// print(imported.yaml)        // scene: "Settings" … root: - button: "Wi-Fi" …
/// imported.warnings           // element types Earshot does not know, once each
/// ```
///
/// What becomes what (the table is in docs/import.md):
/// - the application, windows and plain containers (`Other`, `Table`, `ScrollView`, a `Cell`
///   that is not itself an accessibility element, …) are flattened: their elements are kept;
/// - elements the capture says are not visible are left out, and so are those that are not
///   accessibility elements, but not their accessible children;
/// - an accessibility element is one element: VoiceOver does not look inside it;
/// - a tab bar becomes a `group` with `tabBar: true` whose buttons are `tab`s, and so does a
///   run of sibling `Tab`s that no tab bar holds (idb's flat list, say);
/// - a static text in a navigation bar, or anything with the `Header` trait, is a `heading`;
/// - the system's own elements (the sheet grabber, the dimming view, a popover's dismiss
///   region) are Earshot's system elements, never copied as the app's.
///
/// Captures taken with a presentation up add that presentation (``PresentationCaptures``).
public enum SceneImporter {
    /// The imported scene and what could not be mapped.
    public struct Imported: Hashable, Sendable {
        /// The scene, each value at the capture node it describes: give it to
        /// `SceneLoader.load(document:)` and locations lead to the capture.
        public var document: DocumentNode
        /// The comment lines the scene file starts with: where it was imported from.
        public var header: [String]
        /// The scene file, for people to read and edit (`earshot import -o`).
        public var yaml: String { YAMLWriter.write(document, header: header) }
        /// One line per unknown element type, with where it was first seen.
        public var warnings: [String]
        /// Elements written.
        public var elementCount: Int
    }

    /// A presentation captured with it showing: one capture per detent for a sheet (the first
    /// is the detent it is presented at), one capture for an alert or action sheet.
    ///
    /// ```swift
    /// let compose = SceneImporter.PresentationCaptures(id: "compose", captures: [medium, large],
    ///                                                  presenter: "Compose")
    /// let imported = try SceneImporter.scene(from: inbox, presentations: [compose])
    /// ```
    public struct PresentationCaptures: Hashable, Sendable {
        public var id: String
        public var captures: [Capture]
        /// The parent element (id or label) whose activation presents it.
        public var presenter: String?

        public init(id: String, captures: [Capture], presenter: String? = nil) {
            self.id = id
            self.captures = captures
            self.presenter = presenter
        }
    }

    /// The scene of a capture, with the presentations captured over it. `name` defaults to the
    /// application's label; `platform` to what the capture says (a menu bar: macOS; a screen
    /// whose shorter side is 744 points or more: iPadOS), else iOS.
    public static func scene(from capture: Capture, presentations: [PresentationCaptures] = [], name: String? = nil,
                             platform: Platform? = nil) throws(CaptureError) -> Imported {
        let application = capture.roots.first { $0.type == "Application" } ?? capture.roots.first
        // The screen is the application's frame, else (a dump whose application line has none,
        // or an empty one) its first window's; a capture of a part of the screen (an alert's
        // subtree pasted alone) says nothing of the screen.
        let sized = { (frame: Frame?) in frame.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } }
        let whole = ["Application", "Window"].contains(application?.type ?? "")
        let screen = whole ? sized(application?.frame) ?? sized(application?.children.first { $0.type == "Window" }?.frame) : nil
        let platform = platform ?? platformSaid(by: capture, screen: screen)
        let profile = try? Profile.bundled(platform)
        // The keyboard, when it is up, is the system's: its keys leave the capture, and the field
        // it types into is editing.
        var capture = capture
        let keyboard = Self.keyboardUp(in: capture, screen: screen, returnKeys: profile?.onScreenKeyboard?.returnKeys ?? [:])
        if let keyboard {
            capture.roots = capture.roots.map { $0.filtered { !keyboard.keys.contains($0.location) } }
        }
        var collector = Collector(screen: screen, profile: profile)
        // The bottom of the navigation bars on screen: content scrolled under them (a translucent
        // bar) is reached after the bar.
        collector.barBottom = capture.roots.flatMap(\.descendants)
            .filter { $0.type == "NavigationBar" && $0.visible != false }
            .compactMap { $0.frame.map(\.maxY) }.max()
        // The parent view keeps each scroll view's elements together, as VoiceOver reads them.
        collector.groupsScrollers = true
        var parent = try collector.items(of: capture)
        collector.groupsScrollers = false
        // An alert, action sheet or popover the capture holds is in front of the app: a
        // presentation showing when the scene opens, its elements out of the parent (unless
        // presentations were captured apart, which say what is shown).
        var opening: [BuiltPresentation] = []
        if presentations.isEmpty, let dialog = Self.dialogShowing(in: capture) {
            let inside = Set(dialog.descendants.map(\.location))
            parent = parent.without(inside)
            let id = dialog.type == "Alert" ? "alert" : dialog.type == "Popover" ? "popover" : "dialog"
            opening.append(try collector.presentation(PresentationCaptures(id: id, captures: [capture]), over: parent))
        } else if let sheet = Self.sheetInFront(of: capture, screen: screen, grabberLabels: collector.grabberLabels,
                                                dimmingLabels: collector.dimmingLabels) {
            // A sheet over the parent: the parent is what lies outside it (what the sheet covers
            // included), the sheet is shown when the scene opens.
            collector.groupsScrollers = true
            parent = try collector.items(of: sheet.capture).without(sheet.members)
            collector.groupsScrollers = false
            var built = try collector.presentation(PresentationCaptures(id: "sheet", captures: [sheet.capture]), over: parent)
            // No dimming view below the large detent: the parent stays in scope (undimmed).
            if !sheet.dimmed, let detent = built.selected, detent != "large" { built.undimmed = detent }
            opening.append(built)
        }

        var writer = Writer(file: capture.file)
        writer.editing = keyboard?.editing
        writer.returnKey = keyboard?.returnKey
        let origin = SourceLocation(file: capture.file, line: 1, column: 1)
        // SpringBoard's application is labelled " ": a blank label names nothing.
        let label = application?.label.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let sceneName = name ?? label ?? baseName(capture.file)
        let header = ["Imported by `earshot import` from \(capture.file) (\(capture.format.title)).",
                      "Each element's comment says which capture node it came from."]
        var scene: [(String, DocumentNode)] = [
            ("scene", .scalar(sceneName, .doubleQuoted, at: application?.location ?? origin)),
            ("platform", .scalar(platform.rawValue, at: origin)),
        ]
        if let frame = screen, frame.width > 0, frame.height > 0 {
            scene.append(("screen", Writer.numbers([frame.width, frame.height], at: application?.location ?? origin)))
        }

        var built: [BuiltPresentation] = []
        for presentation in presentations {
            built.append(try collector.presentation(presentation, over: parent))
        }
        // A sheet the parent capture shows as well as captures given for presentations: it is one
        // of them when most of its elements are that one's, else a sheet of its own, showing when
        // the scene opens. Either way its elements are not the parent's, and the import says so.
        if !presentations.isEmpty, let front = opening.first, front.style == "sheet" {
            let elements = Set(front.items.flattened.map(\.identity))
            let same = built.first { presentation in
                elements.intersection(presentation.items.flattened.map(\.identity)).count * 2 >= elements.count
            }
            if let same {
                opening = []
                collector.warnings.append("\(capture.file):1:1: warning: the capture shows sheet '\(same.id)' (--sheet) in front of "
                                          + "the app: its elements are left out of the parent, and the scene opens without it")
            } else {
                if built.contains(where: { $0.id == front.id }) { opening[0].id = "shown" }
                collector.warnings.append("\(capture.file):1:1: warning: the capture shows a sheet in front of the app that no --sheet "
                                          + "capture holds: it is presentation '\(opening[0].id)', showing when the scene opens")
            }
        }
        for (index, (presentation, captured)) in zip(presentations, built).enumerated() {
            guard let presenter = presentation.presenter else { continue }
            // The parent's elements, then those of the other presentations (a sheet's button presents an alert).
            let shown = parent.flattened + built.indices.filter { $0 != index }.flatMap { built[$0].items }
            let matches = shown.filter { $0.node.identifier == presenter || $0.label == presenter }
            guard let target = matches.first else {
                throw CaptureError("--presenter '\(presenter)' for '\(presentation.id)' names no element of the capture",
                                   at: origin, expected: "the id or label of an element of \(capture.file) or of a presentation before it")
            }
            guard matches.count == 1 else {
                throw CaptureError("--presenter '\(presenter)' names \(matches.count) elements of the capture",
                                   at: matches[1].node.location, expected: "an id, or a label no other element has")
            }
            guard writer.presents[target.node.location] == nil else {
                throw CaptureError("'\(presenter)' already presents '\(writer.presents[target.node.location]!)'",
                                   at: target.node.location, expected: "one presentation per presenter")
            }
            writer.presents[target.node.location] = captured.id
        }

        if !opening.isEmpty {
            scene.append(("presented", .list(opening.map { .scalar($0.id, .doubleQuoted, at: origin) }, at: origin, flow: true)))
        }
        // A Flutter app hands VoiceOver its own order, which the capture lists: it is kept.
        if let flutter = Self.flutterSign(in: capture) {
            var whole = Item(node: application ?? capture.roots[0], role: "group", label: "")
            whole.tabs = parent
            parent = [whole.keepingItsOrder()]
            collector.warnings.append("\(flutter.location): warning: read as a Flutter app's capture (\(flutter.why)): "
                                      + "its order is kept, as Flutter gives VoiceOver its own order; frames do not decide it")
        }
        scene.append(("root", .list(parent.map { writer.element($0) }, at: origin)))
        if !built.isEmpty || !opening.isEmpty {
            let presentations = (built + opening).map { ($0.id, writer.presentation($0)) }
            scene.append(("presentations", .mapping(presentations, at: origin, keyStyle: .doubleQuoted)))
        }
        var warnings = collector.unknownTypes.map { type, location in
            "\(location): warning: element type '\(type)' is not one Earshot knows; imported as text"
        }
        warnings += collector.warnings
        warnings += Self.captureWarnings(capture, imported: writer.count)
        if let warning = keyboard?.warning { warnings.append(warning) }
        return Imported(document: .mapping(scene, at: origin), header: header, warnings: warnings, elementCount: writer.count)
    }

    /// WebDriverAgent's `snapshotMaxDepth` setting: how deep its page source goes by default
    /// ("Changes the value of maximum depth for traversing elements source tree … A part of
    /// elements source tree might be lost if the value was too small. Defaults to `50`",
    /// appium/appium-xcuitest-driver, README, Settings).
    static let snapshotMaxDepth = 50

    /// What a capture that reads may still hide: no element VoiceOver can reach (and why), or a
    /// tree cut at WebDriverAgent's depth limit.
    static func captureWarnings(_ capture: Capture, imported: Int) -> [String] {
        var warnings: [String] = []
        let start = SourceLocation(file: capture.file, line: 1, column: 1)
        let nodes = capture.roots.flatMap(\.descendants)
        if imported == 0 {
            let hidden = nodes.filter { $0.visible == false }.count
            let notAccessible = nodes.filter { $0.accessible == false }.count
            let why = nodes.count <= capture.roots.count ? "it holds only \(nodes.count) node(s), no element under the application"
                : hidden == nodes.count - capture.roots.count ? "every node under the application is marked invisible"
                : "of its \(nodes.count) nodes, \(hidden) are invisible and \(notAccessible) not accessibility elements, and the rest are containers or off screen"
            warnings.append("\(start): warning: the capture holds no element VoiceOver can reach: \(why)")
        }
        if capture.format == .webDriverAgent {
            var deepest = 0
            var stack = capture.roots.map { ($0, 1) }
            while let (node, depth) = stack.popLast() {
                deepest = max(deepest, depth)
                stack += node.children.map { ($0, depth + 1) }
            }
            if deepest >= Self.snapshotMaxDepth {
                warnings.append("\(start): warning: the page source is \(deepest) levels deep, WebDriverAgent's snapshotMaxDepth "
                                + "(\(Self.snapshotMaxDepth) by default): elements below may be cut off; capture again with the "
                                + "setting raised (Appium: driver.update_settings({\"snapshotMaxDepth\": 100}))")
            }
        }
        return warnings
    }

    /// The top band the status bar takes. Its items in the corpus's AXe captures of an iPhone
    /// with a Dynamic Island (lycorp-jp/sim-use fixtures, 402 × 874) end by y = 51 and the app's
    /// first element starts at 63; an iPhone 8's status bar is 20 points (its page sources in
    /// ldi-github/shirates-core). Assumed from those captures, not from Apple's documentation.
    static let statusBarBand = 54.0

    /// An application's children without the status bar's items, where the capture has no
    /// status bar node to say so (idb and AXe list them as the application's last children):
    /// leaves wholly inside the top band, listed after the app's own content. VoiceOver does not
    /// stop on them when swiping.
    static func withoutStatusBar(_ children: [CaptureNode]) -> [CaptureNode] {
        guard let content = children.firstIndex(where: { ($0.frame?.y ?? 0) >= statusBarBand }) else { return children }
        return children.enumerated().filter { index, node in
            guard index > content, node.children.isEmpty, let frame = node.frame, frame.width > 0, frame.height > 0 else { return true }
            return !(frame.y >= 0 && frame.maxY <= statusBarBand)
        }.map(\.element)
    }

    /// The platform a capture says it is from, else iOS.
    static func platformSaid(by capture: Capture, screen: Frame?) -> Platform {
        if capture.roots.contains(where: { root in root.descendants.contains { $0.type == "MenuBar" } }) { return .macos }
        if let screen, min(screen.width, screen.height) >= 744 { return .ipados }
        return .ios
    }

    /// Element types and the role key each becomes (XCUIElement.ElementType's names).
    static let roles: [String: String] = [
        "Button": "button", "StaticText": "text", "Switch": "switch", "Toggle": "switch", "Slider": "slider",
        "Stepper": "stepper", "TextField": "textField", "SecureTextField": "secureField", "SearchField": "searchField",
        "TextView": "textArea", "Link": "link", "Image": "image", "Icon": "image", "Cell": "button", "Tab": "tab",
        "Heading": "heading", "MenuItem": "button", "SegmentedControl": "button", "PopUpButton": "button",
        "MenuButton": "button", "CheckBox": "switch", "RadioButton": "button", "ProgressIndicator": "text",
        "ActivityIndicator": "text", "PageIndicator": "text", "PickerWheel": "text", "Key": "button", "DisclosureTriangle": "button",
    ]

    /// The switch a table row is read as: the cell's one switch, with the cell's label (else its
    /// texts') and frame, where the rest of the cell is text (UIKit's cell with a switch as its
    /// accessory reads "Wi-Fi, Switch Button, On").
    static func switchOfRow(_ cell: CaptureNode) -> CaptureNode? {
        let inside = cell.descendants.dropFirst().filter { $0.visible != false }
        let switches = inside.filter { $0.type == "Switch" || $0.type == "Toggle" }
        guard let control = switches.first, switches.count == 1 || switches.dropFirst().allSatisfy({ control.descendants.contains($0) }) else {
            return nil
        }
        let texts = inside.filter { $0.type == "StaticText" && !control.descendants.contains($0) }
        guard cell.label != nil || inside.allSatisfy({ control.descendants.contains($0) || texts.contains($0) || $0.type == "Image" || $0.type == "Other" && $0.label == nil }) else {
            return nil
        }
        var row = control
        row.label = control.label ?? cell.label ?? texts.compactMap { $0.label ?? $0.value }.joined(separator: ", ")
        row.frame = cell.frame ?? control.frame
        if row.identifier == nil { row.identifier = cell.identifier }
        return row
    }

    /// A text view that cannot be edited, read as static text: one holding links (UIKit makes
    /// them elements of a text view that is not editable; google/EarlGrey issue 506: "the whole
    /// string is still accessible as static text"), or one the capture gives the `StaticText` or
    /// `Link` trait, unless it shows it is being edited (focused) or offers a placeholder.
    /// XCUITest types every UITextView `TextView`, editable or not; only a text view that
    /// believes it is editable says "Text Field" (RoverPlatform/rover-ios PR 531).
    static func isReadOnly(_ textView: CaptureNode) -> Bool {
        guard !textView.focused, textView.placeholder == nil else { return false }
        let traits = Set(textView.traits.map { $0.lowercased() })
        return textView.children.contains { $0.type == "Link" } || traits.contains("statictext") || traits.contains("link")
    }

    /// A cell's accessory buttons: its own enabled, visible buttons in its trailing half (UIKit's
    /// detail button, "More Info", which VoiceOver reaches with the row: Settings' Wi-Fi list in
    /// crifan/ios_automation_facebook_wda's page sources).
    static func accessoryButtons(of cell: CaptureNode) -> [CaptureNode] {
        guard let row = cell.frame else { return [] }
        return cell.children.filter { child in
            guard child.type == "Button", child.enabled, child.visible != false, let frame = child.frame else { return false }
            return frame.x + frame.width / 2 > row.x + row.width / 2
        }
    }

    /// A row's disclosure chevron or checkmark, which XCUITest lists as a disabled button a few
    /// points wide ("More Info", 8 × 13 and 14 × 11 in Settings' page sources): drawn, not an
    /// element VoiceOver stops on.
    static func isIndicator(_ node: CaptureNode) -> Bool {
        guard node.type == "Button", !node.enabled, node.children.isEmpty, let frame = node.frame else { return false }
        return frame.width <= 16 && frame.height <= 16
    }

    /// The alert, action sheet or popover showing in a capture: the first one visible (SpringBoard
    /// keeps an alert it has not shown yet, invisible), an action sheet before the popover that
    /// holds it (iOS 26's confirmation dialog).
    static func dialogShowing(in capture: Capture) -> CaptureNode? {
        let nodes = capture.roots.flatMap(\.descendants).filter { $0.visible != false }
        return nodes.first { $0.type == "Alert" || $0.type == "Sheet" } ?? nodes.first { $0.type == "Popover" }
    }

    /// Controls whose parts are the elements when the capture lists them (buttons inside).
    static let partsHolders: Set<String> = ["Stepper", "SegmentedControl"]

    /// A labelled `Other` whose children are only texts and images, each text's label part of its
    /// own: SwiftUI's `.accessibilityElement(children: .combine)` joins its children's labels
    /// with ", " into one element ("John Doe, Online").
    static func isCombined(_ node: CaptureNode) -> Bool {
        guard let label = node.label, !node.children.isEmpty else { return false }
        let inner = node.descendants.dropFirst()
        let texts = inner.filter { $0.type == "StaticText" }
        return !texts.isEmpty
            && inner.allSatisfy { ["StaticText", "Image", "Icon", "Other"].contains($0.type) && ($0.type != "Other" || $0.children.isEmpty && $0.label == nil) }
            && texts.allSatisfy { text in (text.label ?? text.value).map { label.contains($0) } ?? true }
    }

    /// The elements of a presentation's capture that are the parent's, moved as one: each has
    /// an element of the parent with its role, label and id, and the largest set of them whose
    /// frames are the parent ones scaled and shifted alike (within a point or two) is the parent,
    /// scaled back behind the sheet. One element alone is the parent's when it is scaled, not
    /// only shifted (a shift alone could be the sheet's own element placed elsewhere).
    static func movedParentElements(_ candidates: [Item], parent: [Item]) -> Set<SourceLocation> {
        let byIdentity = Dictionary(grouping: parent, by: \.identity)
        struct Move { var location: SourceLocation; var scale, dx, dy: Double }
        let moves: [Move] = candidates.compactMap { item in
            guard let same = byIdentity[item.identity], same.count == 1, let from = same.first?.frame,
                  from.width > 0, from.height > 0, item.frame.width > 0, item.frame.height > 0 else { return nil }
            let scale = item.frame.width / from.width
            guard abs(item.frame.height / from.height - scale) < 0.02, scale > 0.5, scale < 1.02 else { return nil }
            return Move(location: item.node.location, scale: scale, dx: item.frame.x - scale * from.x, dy: item.frame.y - scale * from.y)
        }
        // The most common move, by buckets of a hundredth of scale and two points of shift (linear
        // in the elements: a capture can hold thousands), then every move near it.
        let key = { (move: Move) in [Int((move.scale * 100).rounded()), Int((move.dx / 2).rounded()), Int((move.dy / 2).rounded())] }
        let buckets = Dictionary(grouping: moves, by: key)
        guard let common = buckets.values.max(by: { $0.count < $1.count })?.first else { return [] }
        let best = moves.filter { abs($0.scale - common.scale) < 0.01 && abs($0.dx - common.dx) < 2 && abs($0.dy - common.dy) < 2 }
        guard best.count >= 2 || best.first.map({ $0.scale < 0.99 }) == true else { return [] }
        return Set(best.map(\.location))
    }

    /// Types only UIKit's own views give a capture: Flutter draws its bars, lists and cells
    /// itself and reports its semantics nodes as `Other`, texts, buttons, fields and images.
    static let uiKitOnlyTypes: Set<String> = ["NavigationBar", "TabBar", "Toolbar", "Table", "Cell", "CollectionView",
                                              "Keyboard", "StatusBar", "SegmentedControl", "Sheet", "Alert", "Popover"]

    /// Where a capture shows it is a Flutter app's, and why, or nil: a button, link, tab or
    /// image whose label holds a line break (Flutter joins the labels of the semantics nodes it
    /// merges with one: "Colour #0\n€ 0.50" in allioli/paella's page source, a tab's "6\nCart"
    /// in appium-flutter-driver issue 855, "Home\nTab 1 of 4"), where no node is of a type only
    /// UIKit's views give. A text's line break is not a sign: a UILabel of two lines has one
    /// (LINE's account settings, where AXe calls it a generic element). A heuristic (weak,
    /// docs/decisions.md): Flutter's engine names no class in any capture format.
    static func flutterSign(in capture: Capture) -> (location: SourceLocation, why: String)? {
        var joined: CaptureNode?
        var stack = capture.roots
        while let node = stack.popLast() {
            if uiKitOnlyTypes.contains(node.type) { return nil }
            if joined == nil, node.label?.contains("\n") == true, ["Button", "Link", "Tab", "RadioButton", "Image"].contains(node.type) {
                joined = node
            }
            stack += node.children
        }
        guard let joined else { return nil }
        return (joined.location, "a \(joined.type)'s label with a line break in it, as Flutter joins merged labels, and no UIKit bar, table or cell")
    }

    /// Letters, and none of them lower case: a grouped table's section title as shown.
    static func isCapitalised(_ text: String) -> Bool {
        text.contains { $0.isLetter && $0.isUppercase } && !text.contains { $0.isLowercase }
    }

    /// Containers that scroll: what they hold off screen, VoiceOver scrolls to.
    static let scrollers: Set<String> = ["Table", "CollectionView", "ScrollView"]

    /// Types that hold elements and are no element themselves unless the capture says they are.
    static let containers: Set<String> = [
        "Application", "Window", "Other", "Group", "Table", "CollectionView", "ScrollView", "NavigationBar",
        "Toolbar", "StatusBar", "Sheet", "Alert", "Popover", "Menu", "MenuBar", "Keyboard", "Map", "WebView",
        "LayoutArea", "LayoutItem", "Cell", "Any", "Unknown", "Dialog", "Drawer", "Matte", "Outline", "Browser",
        "SplitGroup", "Splitter", "TabGroup", "Grid", "TableRow", "TableColumn", "ScrollBar", "Ruler",
        "RulerMarker", "Picker", "DatePicker", "TouchBar", "StatusItem", "Handle", "ValueIndicator",
    ]

    /// The node with each run of sibling `Tab`s outside a tab bar put in one `TabBar` of its own.
    static func gatheringLooseTabs(_ node: CaptureNode) -> CaptureNode {
        guard node.type != "TabBar", !node.children.isEmpty else { return node }
        var node = node
        var children: [CaptureNode] = []
        var run: [CaptureNode] = []
        func endRun() {
            guard let first = run.first else { return }
            var bar = CaptureNode(type: "TabBar", location: first.location)
            bar.accessible = false
            bar.children = run
            children.append(bar)
            run = []
        }
        for child in node.children {
            if child.type == "Tab" {
                run.append(child)
            } else {
                endRun()
                children.append(gatheringLooseTabs(child))
            }
        }
        endRun()
        node.children = children
        return node
    }

    /// One element to write: a capture node with its role, or a tab bar with its tabs.
    struct Item {
        var node: CaptureNode
        var role: String
        var label: String
        /// The bar it sits in (`NavigationBar`, `Toolbar`), for placements in presentations.
        var bar: String?
        /// A group's elements: a tab bar's tabs, or a scroll view's elements.
        var tabs: [Item] = []
        /// Whether the group is a tab bar (its children are tabs, `N of M`).
        var isTabBar = false
        /// Whether the group's children are in the order VoiceOver reads them (`ordered: true`).
        var isOrdered = false
        /// Whether the group's children say `N of M` (`series: true`).
        var isSeries = false
        /// Traits beyond the role's (`adjustable` for a page indicator).
        var traits: [String] = []
        /// A group placed by its first element, not by its own frame (a cell read as a unit).
        var placedByMembers = false
        /// A row's accessory button (`accessory: true`).
        var isAccessory = false
        var frame: Frame { node.frame ?? Frame(x: 0, y: 0, width: 0, height: 0) }
        /// Role, label and identifier: the same element in two captures, whatever tool took each.
        var identity: String { "\(role)\u{1F}\(label)\u{1F}\(node.identifier ?? "")" }
        /// The identity and the frame (to the point): the same element at the same place.
        var placedIdentity: String {
            identity + "\u{1F}\(frame.x.rounded()),\(frame.y.rounded()),\(frame.width.rounded()),\(frame.height.rounded())"
        }
        /// This item with every group in it read in the order written (a tab bar keeps its own).
        func keepingItsOrder() -> Item {
            var item = self
            item.tabs = tabs.map { $0.keepingItsOrder() }
            if !tabs.isEmpty, !isTabBar { item.isOrdered = true }
            return item
        }
    }

    /// A presentation read from its captures, ready to write.
    struct BuiltPresentation {
        var id: String
        var style: String
        var detents: [(id: String, fraction: Double?)] = []
        var selected: String?
        var grabber = false
        /// `largestUndimmedDetentIdentifier`, where the capture shows no dimming view.
        var undimmed: String?
        var title: Item?
        var items: [Item]
        /// Each item's frame relative to the presentation, by placed identity; nil: no frames.
        var frames: [String: Frame]?
        var placements: [String: String] = [:]
        var location: SourceLocation
        /// The captures it was read from.
        var files: [String] = []
    }

    /// Walks capture nodes into items.
    struct Collector {
        let screen: Frame?
        let profile: Profile?
        var unknownTypes: [(String, SourceLocation)] = []
        /// What the walk was unsure of, one line each (`FILE:LINE:COLUMN: warning: …`).
        var warnings: [String] = []

        /// The items of a capture, with system elements kept apart.
        mutating func items(of capture: Capture) throws(CaptureError) -> [Item] {
            try itemsWithSystem(of: capture).filter { systemElement($0) == nil }
        }

        /// The labels and identifiers of the system's grabber in captures.
        var grabberLabels: Set<String> { Set(["Sheet Grabber"] + [profile?.grabber?.label].compactMap { $0 }) }
        /// Those of the dimming view and a popover's dismiss region.
        var dimmingLabels: Set<String> {
            Set(["dismiss popup", "PopoverDismissRegion"] + [profile?.dimming?.label, profile?.popoverDismiss?.label].compactMap { $0 })
        }

        /// What a system element is (`grabber`, `dimming`), nil for the app's own.
        func systemElement(_ item: Item) -> String? {
            let names = [item.node.label, item.node.identifier].compactMap { $0 }
            if names.contains(where: grabberLabels.contains) { return "grabber" }
            if names.contains(where: dimmingLabels.contains) { return "dimming" }
            return nil
        }

        mutating func visit(_ node: CaptureNode, bar: String?, into items: inout [Item]) throws(CaptureError) {
            if node.visible == false && !isScrolledAway(node) && !isOffScreen(node) {
                // Left out, but not its accessible children.
                for child in node.children { try visit(child, bar: bar, into: &items) }
                return
            }
            if node.type == "TabBar" { return try tabBar(node, into: &items) }
            // Inside a scroll view, table or collection view, what is scrolled off screen is kept
            // where it is (VoiceOver scrolls to it), and in the parent view the container's
            // elements stay together, read before what lies below the container (a tab bar).
            if SceneImporter.scrollers.contains(node.type), node.accessible != true {
                let outer = inScroller
                inScroller = true
                defer { inScroller = outer }
                var inner: [Item] = []
                for child in node.children { try visit(child, bar: bar, into: &inner) }
                guard groupsScrollers, inner.flattened.count > 1, let frame = node.frame, let screen else { return items += inner }
                // Placed where its content shows: from its first element on screen below the
                // navigation bar (a table runs under a translucent bar, and its rows scrolled
                // above the screen or under the bar come first in it, after the bar).
                var scrolled = node
                let onScreen = inner.flattened.map(\.frame).filter { screen.contains($0) && $0.width > 0 && $0.height > 0 }
                let belowBar = onScreen.filter { $0.y >= (barBottom ?? -Double.infinity) - 1 }
                let shown = belowBar.isEmpty ? onScreen : belowBar
                if let first = shown.min(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
                    let bottom = min(frame.maxY, screen.maxY)
                    scrolled.frame = Frame(x: frame.x, y: first.y, width: frame.width, height: max(bottom - first.y, first.height))
                }
                var group = Item(node: scrolled, role: "group", label: "")
                group.tabs = inner
                return items.append(group)
            }
            // The status bar is not among the app's swipe stops (VoiceOver reaches it by touch).
            if node.type == "StatusBar" { return }
            // An image without a label, where the capture does not say it is an accessibility
            // element: UIImageView is not one by default, so VoiceOver does not stop on it.
            if node.accessible == nil, node.type == "Image" || node.type == "Icon", (node.label ?? "").isEmpty,
               node.children.isEmpty { return }
            // A stepper's and a segmented control's parts are the elements: UIStepper's
            // "Decrement" and "Increment" buttons, each segment a button.
            let holdsParts = SceneImporter.partsHolders.contains(node.type) && node.children.contains { $0.type == "Button" }
            let isContainer = SceneImporter.containers.contains(node.type) || holdsParts
            // Where the capture does not say which nodes are accessibility elements: controls are,
            // a labelled cell is (UIKit's cells speak their content as one), a labelled leaf `Other`
            // is, and so is a labelled `Other` whose children are only its text (SwiftUI's
            // `.accessibilityElement(children: .combine)`).
            let isElement = node.accessible ?? (!isContainer || (node.type == "Cell" && node.label != nil)
                || (node.type == "Other" && node.label != nil && (node.children.isEmpty || SceneImporter.isCombined(node))))
            guard isElement else {
                if node.type == "NavigationBar" { return try navigationBar(node, into: &items) }
                if node.type == "SegmentedControl" && holdsParts { return try segmented(node, into: &items) }
                if node.type == "Cell", let control = SceneImporter.switchOfRow(node) { return items.append(try item(control, bar: bar)) }
                let inner = ["NavigationBar", "Toolbar"].contains(node.type) ? node.type : bar
                let outerCell = inCell
                inCell = inCell || node.type == "Cell"
                defer { inCell = outerCell }
                // A cell, and a labelled container (SwiftUI's `.accessibilityElement(children:
                // .contain)`), keep their elements together: VoiceOver reads them as a unit, placed
                // by their first element (AccessibilitySnapshot's ordering of containers).
                guard node.type == "Cell" || node.type == "Other" && node.label != nil else {
                    for child in node.children { try visit(child, bar: inner, into: &items) }
                    return
                }
                var members: [Item] = []
                for child in node.children where !(node.type == "Cell" && SceneImporter.isIndicator(child)) {
                    try visit(child, bar: inner, into: &members)
                }
                guard members.count > 1 else { return items += members }
                var unit = Item(node: node, role: "group", label: node.label ?? "")
                unit.tabs = members
                unit.placedByMembers = true
                return items.append(unit)
            }
            // A cell holding a switch is read as the switch, with the cell's label and place
            // (Settings' "Auto-Correction, Switch Button, Off").
            if node.type == "Cell", let control = SceneImporter.switchOfRow(node) { return items.append(try item(control, bar: bar)) }
            // A cell's accessory button (Wi-Fi's More Info) follows the cell, which reads its
            // content as one, marked `accessory: true`: the profile says whether VoiceOver stops on
            // it or offers it as an action of the row.
            let accessories = node.type == "Cell" ? SceneImporter.accessoryButtons(of: node) : []
            guard !accessories.isEmpty else { return items.append(try item(node, bar: bar)) }
            var unit = Item(node: node, role: "group", label: "")
            unit.tabs = [try item(node, bar: bar)]
            for accessory in accessories {
                var button = try item(accessory, bar: bar)
                button.isAccessory = true
                unit.tabs.append(button)
            }
            unit.placedByMembers = true
            items.append(unit)
        }

        /// Whether the walk is inside a scrolling container (and a cell of it), and whether scroll
        /// views become groups.
        var inScroller = false
        var inCell = false
        /// The lowest bottom edge of the capture's navigation bars.
        var barBottom: Double?
        var groupsScrollers = false

        /// An element of a scrolling container that lies (partly) off screen: the tools mark it
        /// invisible (WebDriverAgent's `visible="false"`) though VoiceOver reaches it by
        /// scrolling. One with no size, or on screen and still invisible, is really hidden.
        private func isScrolledAway(_ node: CaptureNode) -> Bool {
            guard inScroller, let screen, let frame = node.frame, frame.width > 0, frame.height > 0 else { return false }
            return !screen.contains(frame)
        }

        /// Wholly outside the application's frame, with a size: VoiceOver swipes to it (and
        /// scrolls it into view where it can), whatever the tool says of its visibility
        /// (WebDriverAgent's `visible="false"` is XCTest's own test, false off screen). What the
        /// capture lists with no size and says nothing of is kept too (Flutter gives what it
        /// keeps ready off screen a zero frame); with no size and marked invisible, it is hidden.
        private func isOffScreen(_ node: CaptureNode) -> Bool {
            guard let screen, let frame = node.frame else { return false }
            if frame.width <= 0 || frame.height <= 0 { return false }
            return frame.y >= screen.maxY || frame.maxY <= screen.y || frame.x >= screen.maxX || frame.maxX <= screen.x
        }

        /// A navigation bar reads its leading items, its title, then its trailing items (UIKit's
        /// navigation bar orders its elements itself), whatever their heights put first; what
        /// lies below that row (a large title, a search field) follows, top to bottom.
        private mutating func navigationBar(_ node: CaptureNode, into items: inout [Item]) throws(CaptureError) {
            var inner: [Item] = []
            for child in node.children { try visit(child, bar: "NavigationBar", into: &inner) }
            let buttons = inner.filter { ["button", "link"].contains($0.role) }
            guard inner.count > 1, let top = buttons.map(\.frame.y).min(), let bottom = buttons.map(\.frame.maxY).max(),
                  let bar = node.frame else { return items += inner }
            let inRow = { (item: Item) in item.frame.y + item.frame.height / 2 >= top && item.frame.y + item.frame.height / 2 <= bottom }
            let byX = { (a: Item, b: Item) in a.frame.x < b.frame.x }
            let row = inner.filter(inRow)
            let isLeading = { (item: Item) in item.frame.x + item.frame.width / 2 < bar.x + bar.width / 2 }
            let isButton = { (item: Item) in ["button", "link"].contains(item.role) }
            var leading = row.filter { isButton($0) && isLeading($0) }.sorted(by: byX)
            // UIKit's back button: the trait where the tool gives it, else the leading button whose
            // chevron reaches the bar's edge (x 0 in Settings and Calendar, 8 on an iPhone 8; an
            // app's own leading items sit 16 points in). A system Cancel (or Done) item can sit
            // there too and is not Back: a button with the bar's own words is not inferred.
            let barWords = Set(([profile?.bar.cancel] + (profile?.bar.done ?? []).map { Optional($0) }).compactMap { $0?.lowercased() })
            if let first = leading.first, first.role == "button",
               first.node.traits.contains(where: { $0.lowercased() == "backbutton" })
                || (first.frame.x - bar.x <= 8 && !barWords.contains(first.label.lowercased())) {
                leading[0].traits.append("backButton")
            }
            let trailing = row.filter { isButton($0) && !isLeading($0) }.sorted(by: byX)
            let titles = row.filter { !isButton($0) }.sorted(by: byX)
            let below = inner.filter { !inRow($0) }.sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
            var group = Item(node: node, role: "group", label: "")
            group.tabs = leading + titles + trailing + below
            group.isOrdered = true
            items.append(group)
        }

        /// A segmented control's segments: buttons that say `N of M` (a `series` group), the
        /// selected one `Selected`.
        private mutating func segmented(_ node: CaptureNode, into items: inout [Item]) throws(CaptureError) {
            var segments: [Item] = []
            for child in node.children where child.visible != false { try visit(child, bar: nil, into: &segments) }
            var group = Item(node: node, role: "group", label: "")
            group.tabs = segments
            group.isSeries = true
            items.append(group)
        }

        private mutating func tabBar(_ node: CaptureNode, into items: inout [Item]) throws(CaptureError) {
            let tabs = node.children.filter { $0.visible != false && (SceneImporter.roles[$0.type] == "button" || $0.type == "Tab") }
            guard !tabs.isEmpty else { return }
            var group = Item(node: node, role: "group", label: node.label ?? "")
            group.isTabBar = true
            for tab in tabs { group.tabs.append(try item(tab, bar: nil, role: "tab")) }
            items.append(group)
        }

        private mutating func item(_ node: CaptureNode, bar: String?, role forced: String? = nil) throws(CaptureError) -> Item {
            guard node.frame != nil else {
                throw CaptureError("a \(node.type) has no frame", at: node.location, expected: "a frame on every element")
            }
            var role = forced ?? SceneImporter.roles[node.type] ?? "text"
            if forced == nil, node.type == "TextView", SceneImporter.isReadOnly(node) { role = "text" }
            if forced == nil, SceneImporter.roles[node.type] == nil, node.type != "Other" {
                if !unknownTypes.contains(where: { $0.0 == node.type }) { unknownTypes.append((node.type, node.location)) }
            }
            let traits = Set(node.traits.map { $0.lowercased() })
            if role == "text" || role == "button", traits.contains("header") || (bar == "NavigationBar" && node.type == "StaticText") {
                role = "heading"
            }
            if role == "text", traits.contains("button") { role = "button" }
            if role == "text", traits.contains("link") { role = "link" }
            // A section header of a table or collection view: its title as the grouped style
            // shows it, in capitals ("ALL KEYBOARDS"), outside the cells. SwiftUI's list headers
            // have the Header trait; UIKit's default ones are taken to (docs/import.md).
            if forced == nil, role == "text", inScroller, !inCell, ["Other", "StaticText"].contains(node.type),
               let title = node.label, SceneImporter.isCapitalised(title) {
                role = "heading"
            }
            var label = node.label ?? (role == "text" ? node.value : nil) ?? ""
            // An empty field with no label is named by its placeholder, which VoiceOver reads.
            if label.isEmpty, ["textField", "secureField", "searchField", "textArea"].contains(role), let placeholder = node.placeholder {
                label = placeholder
            }
            var item = Item(node: node, role: role, label: label, bar: bar)
            // A page indicator ("page 2 of 3") and a picker wheel (its row) are adjustable; a
            // picker wheel's row is a picker item too ("November, picker item, adjustable").
            if node.type == "PageIndicator" { item.traits = ["adjustable"] }
            // A slider whose value is words ("Medium", "3 stars": an app's own accessibilityValue)
            // is no number Earshot can step: it is read as text that is adjustable, its value kept.
            if role == "slider" || role == "stepper", let value = node.value, !value.isEmpty,
               Double(value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "")).map({ !$0.isFinite }) ?? true {
                item.role = "text"
                item.traits = ["adjustable"]
            }
            if node.type == "PickerWheel" { item.traits = ["pickerItem", "adjustable"] }
            return item
        }

        /// A presentation from its captures: what they hold that the parent does not.
        mutating func presentation(_ captured: PresentationCaptures, over parent: [Item]) throws(CaptureError) -> BuiltPresentation {
            guard let first = captured.captures.first else {
                throw CaptureError("presentation '\(captured.id)' has no capture", at: SourceLocation(file: "<arguments>", line: 1, column: 1),
                                   expected: "ID=CAPTURE[,CAPTURE…]")
            }
            let location = SourceLocation(file: first.file, line: 1, column: 1)
            let parentPlaced = Set(parent.flattened.map(\.placedIdentity))
            let parentIdentities = Set(parent.flattened.map(\.identity))
            let screen = self.screen ?? first.roots.first?.frame ?? Frame(x: 0, y: 0, width: 393, height: 852)

            // An alert or an action sheet: its node says so (XCUIElementTypeAlert / Sheet).
            // A popover (not one holding an action sheet): its content, laid out by Earshot.
            if let popover = SceneImporter.dialogShowing(in: first), popover.type == "Popover" {
                var items: [Item] = []
                for child in popover.children { try visit(child, bar: nil, into: &items) }
                return BuiltPresentation(id: captured.id, style: "popover", items: items.filter { systemElement($0) == nil },
                                         frames: nil, location: popover.location, files: [first.file])
            }
            if let dialog = SceneImporter.dialogShowing(in: first) {
                var items: [Item] = []
                for child in dialog.children { try visit(child, bar: nil, into: &items) }
                items = items.filter { systemElement($0) == nil }
                let texts = items.filter { $0.role == "text" || $0.role == "heading" }
                let title = texts.first.map { text in
                    var title = text
                    title.label = dialog.label ?? text.label
                    return title
                }
                let content = items.filter { $0.node.location != title?.node.location }
                // iOS 26 shows a confirmation dialog as a popover holding the sheet, its cancel action
                // replaced by the popover's dismiss region: a popover, kept one on iPhone.
                let inPopover = first.roots.contains { root in
                    root.descendants.contains { $0.type == "Popover" && $0.descendants.contains { $0.location == dialog.location } }
                        || root.descendants.contains { $0.identifier == "PopoverDismissRegion" }
                }
                let style = dialog.type == "Alert" ? "alert" : inPopover ? "popover" : "actionSheet"
                return BuiltPresentation(id: captured.id, style: style,
                                         title: title, items: content, frames: nil, location: dialog.location, files: [first.file])
            }

            var built = BuiltPresentation(id: captured.id, style: "sheet", items: [], frames: [:], location: location,
                                          files: captured.captures.map(\.file))
            var seen: Set<String> = []
            for capture in captured.captures {
                let all = try itemsWithSystem(of: capture)
                let grabber = all.first { systemElement($0) == "grabber" }
                var candidates = all.filter { systemElement($0) == nil && !parentPlaced.contains($0.placedIdentity) }
                // The parent's own elements, listed again where the sheet moved them: a page sheet
                // at its large detent scales the parent back (iOS 15 on), so they are not where the
                // parent capture has them, and they lie under the sheet.
                let moved = SceneImporter.movedParentElements(candidates.filter { parentIdentities.contains($0.identity) },
                                                              parent: parent.flattened)
                candidates = candidates.filter { !moved.contains($0.node.location) }
                let strong = candidates.filter { !parentIdentities.contains($0.identity) }
                guard !candidates.isEmpty || grabber != nil else {
                    throw CaptureError("the capture holds nothing that the parent capture does not", at: SourceLocation(file: capture.file, line: 1, column: 1),
                                       expected: "a capture taken with presentation '\(captured.id)' showing")
                }
                let (top, container) = sheetFrame(capture: capture, grabber: grabber, elements: strong.isEmpty ? candidates : strong,
                                                  screen: screen)
                // The sheet's elements: inside its captured container, else not the parent's and below its top.
                let members = container.map { Set($0.descendants.map(\.location)) }
                let left = max((container?.frame?.x ?? screen.x) - screen.x, 0)
                guard let detent = self.detent(top: top, screen: screen) else {
                    let topmost = (strong.isEmpty ? candidates : strong).min { $0.frame.y < $1.frame.y }
                    throw CaptureError("the sheet's top edge (y = \(NumberText.canonical(top))) is below the screen, which ends at y = \(NumberText.canonical(screen.maxY))",
                                       at: container?.location ?? grabber?.node.location ?? topmost?.node.location
                                           ?? SourceLocation(file: capture.file, line: 1, column: 1),
                                       expected: "a capture taken with presentation '\(captured.id)' showing")
                }
                if !built.detents.contains(where: { $0.id == detent.id }) { built.detents.append(detent) }
                if built.selected == nil { built.selected = detent.id }
                built.grabber = built.grabber || grabber != nil
                for item in candidates where (members?.contains(item.node.location) ?? (item.frame.y >= top - 1))
                    && seen.insert(item.identity).inserted {
                    if parentIdentities.contains(item.identity) {
                        // Unsure: the parent has it too, somewhere else, and the sheet's frame holds it.
                        warnings.append("\(item.node.location): warning: '\(item.label)' (\(item.role)) is in the parent capture too, "
                                        + "at another place; taken as the sheet's, for it lies in the sheet: if it is the parent's, "
                                        + "the sheet capture moved it")
                    }
                    built.items.append(item)
                    built.frames?[item.placedIdentity] = item.frame.offsetBy(dx: -left, dy: -top)
                    for tab in item.tabs.flattened { built.frames?[tab.placedIdentity] = tab.frame.offsetBy(dx: -left, dy: -top) }
                    for member in [item] + item.tabs.flattened {
                        guard let bar = member.bar, ["button", "link"].contains(member.role) else { continue }
                        let leading = member.frame.x + member.frame.width / 2 < left + (screen.width - 2 * max(left, 0)) / 2
                        built.placements[member.placedIdentity] = (bar == "Toolbar" ? "bottom" : "top") + (leading ? "Leading" : "Trailing")
                    }
                }
            }
            return built
        }

        /// Every item of a capture, system elements included.
        private mutating func itemsWithSystem(of capture: Capture) throws(CaptureError) -> [Item] {
            var items: [Item] = []
            for root in capture.roots {
                var root = SceneImporter.gatheringLooseTabs(root)
                if capture.format == .idb { root.children = SceneImporter.withoutStatusBar(root.children) }
                try visit(root, bar: nil, into: &items)
            }
            return items
        }

        /// The sheet's top edge and its captured container: the deepest node that holds all its
        /// elements and reaches the bottom of the screen; without one, the grabber's top, else the
        /// highest element's.
        private func sheetFrame(capture: Capture, grabber: Item?, elements: [Item], screen: Frame) -> (Double, CaptureNode?) {
            let locations = Set(elements.map(\.node.location))
            var best: CaptureNode?
            func search(_ node: CaptureNode) -> Int {
                var held = locations.contains(node.location) ? 1 : 0
                for child in node.children { held += search(child) }
                if held == locations.count, best == nil, let frame = node.frame, frame.y > screen.y + 1,
                   abs(frame.maxY - screen.maxY) < 2 {
                    best = node   // children are searched first: the first found is the deepest
                }
                return held
            }
            if !locations.isEmpty { for root in capture.roots { _ = search(root) } }
            if let best, let frame = best.frame { return (frame.y, best) }
            if let grabber { return (grabber.frame.y, nil) }
            return (elements.map(\.frame.y).min() ?? screen.y, nil)
        }

        /// The detent a sheet whose top edge is at `top` rests at: `medium` near half the screen,
        /// `large` near the large height (10 points below the safe top), else a custom fraction;
        /// nil when the sheet shows less than a hundredth of that height (its top at or below the
        /// screen's bottom: no detent rests there).
        private func detent(top: Double, screen: Frame) -> (id: String, fraction: Double?)? {
            let largeTop = (profile?.geometry.safeTop ?? 59) + 10
            let tolerance = screen.height * 0.04
            if abs(top - largeTop) <= tolerance || top < largeTop { return ("large", nil) }
            if abs(top - screen.height / 2) <= tolerance { return ("medium", nil) }
            let fraction = ((screen.maxY - top) / (screen.maxY - largeTop) * 100).rounded() / 100
            guard top < screen.maxY, fraction > 0, fraction <= 1 else { return nil }
            return ("custom\(Int(fraction * 100))", fraction)
        }
    }

    /// Builds the scene's nodes, each at the capture node it came from.
    struct Writer {
        let file: String
        var count = 0
        var ids: Set<String> = []
        /// Presentation ids by their presenter's capture location.
        var presents: [SourceLocation: String] = [:]
        /// The text entry the keyboard types into, and its Return key's type.
        var editing: SourceLocation?
        var returnKey: String?

        init(file: String) { self.file = file }

        /// An element's mapping. `frames`: each item's frame by placed identity (a presentation's,
        /// relative to it), its capture frame where absent; nil writes no frames (alerts, laid
        /// out by Earshot). `extra` is added last (an alert button's role and effect).
        mutating func element(_ item: Item, frames: [String: Frame]? = [:], placements: [String: String] = [:],
                              extra: [(String, String)] = []) -> DocumentNode {
            let node = item.node
            let at = node.location
            func word(_ text: String) -> DocumentNode { .scalar(text, at: at) }
            func text(_ text: String) -> DocumentNode { .scalar(text, .doubleQuoted, at: at) }
            var keys: [(String, DocumentNode)] = [(item.role, text(item.label))]
            if item.role == "group" {
                if item.isTabBar { keys.append(("tabBar", word("true"))) }
                if item.isOrdered { keys.append(("ordered", word("true"))) }
                if item.isSeries { keys.append(("series", word("true"))) }
                // A scroll view is read where it is on screen, not where its first element is
                // scrolled to.
                if !item.isTabBar, !item.placedByMembers, let frames {
                    keys.append(("frame", Self.frame(frames[item.placedIdentity] ?? item.frame, at: at)))
                }
                var children: [DocumentNode] = []
                for tab in item.tabs { children.append(element(tab, frames: frames, placements: placements)) }
                keys.append(("children", .list(children, at: at)))
                return .mapping(keys, at: at, comment: comment(node))
            }
            if let id = node.identifier, id != item.label, ids.insert(id).inserted { keys.append(("id", text(id))) }
            keys += valueKeys(node, role: item.role, label: item.label)
            if let hint = node.hint { keys.append(("hint", text(hint))) }
            if !item.traits.isEmpty { keys.append(("traits", .list(item.traits.map(word), at: at, flow: true))) }
            if node.location == editing, ["textField", "secureField", "textArea", "searchField"].contains(item.role) {
                keys.append(("editing", word("true")))
                if let returnKey, item.role != "textArea" { keys.append(("returnKey", word(returnKey))) }
            }
            if !node.enabled { keys.append(("enabled", word("false"))) }
            // Selected, whichever way the tool says it: an attribute, a trait, or a tab's value "1".
            if node.selected || node.traits.contains(where: { $0.lowercased() == "selected" })
                || item.role == "tab" && node.value == "1" {
                keys.append(("selected", word("true")))
            }
            if let placement = placements[item.placedIdentity] { keys.append(("placement", word(placement))) }
            if item.isAccessory, item.role == "button" { keys.append(("accessory", word("true"))) }
            if let presented = presents[node.location] {
                keys.append(("activate", .mapping([("present", text(presented))], at: at, flow: true)))
            }
            if !node.customActions.isEmpty {
                keys.append(("actions", .list(node.customActions.map { .mapping([("name", text($0))], at: at) }, at: at)))
            }
            if let frames { keys.append(("frame", Self.frame(frames[item.placedIdentity] ?? item.frame, at: at))) }
            keys += extra.map { ($0.0, word($0.1)) }
            count += 1
            return .mapping(keys, at: at, comment: comment(node))
        }

        mutating func presentation(_ built: BuiltPresentation) -> DocumentNode {
            let at = built.location
            func word(_ text: String) -> DocumentNode { .scalar(text, at: at) }
            var keys: [(String, DocumentNode)] = [("style", word(built.style))]
            if built.style == "popover" { keys.append(("adaptation", word("none"))) }
            if !built.detents.isEmpty {
                let detents = built.detents.map { detent in
                    detent.fraction.map { .mapping([("id", word(detent.id)), ("fraction", word(number($0)))], at: at, flow: true) }
                        ?? word(detent.id)
                }
                keys.append(("detents", .list(detents, at: at, flow: true)))
            }
            if let selected = built.selected, built.detents.count > 1 { keys.append(("selected", word(selected))) }
            if built.grabber { keys.append(("grabber", word("true"))) }
            if let undimmed = built.undimmed { keys.append(("undimmed", word(undimmed))) }
            if let title = built.title {
                keys.append(("title", .scalar(title.label, .doubleQuoted, at: title.node.location, comment: comment(title.node))))
            }
            var content: [DocumentNode] = []
            for item in built.items {
                if ["alert", "actionSheet"].contains(built.style), item.role == "button" {
                    // An alert's or action sheet's buttons dismiss it; the system's Cancel has the
                    // cancel role and cancels.
                    let cancels = item.label == "Cancel"
                    var extra: [(String, String)] = cancels ? [("role", "cancel")] : []
                    if presents[item.node.location] == nil { extra.append(("activate", cancels ? "cancel" : "dismiss")) }
                    content.append(element(item, frames: nil, extra: extra))
                    continue
                }
                content.append(element(item, frames: built.frames, placements: built.placements))
            }
            keys.append(("content", .list(content, at: at)))
            return .mapping(keys, at: at, comment: built.files.joined(separator: ", "))
        }

        /// The `value:` key (and `unit: percent` for a percent), if the node has a value to keep.
        private func valueKeys(_ node: CaptureNode, role: String, label: String) -> [(String, DocumentNode)] {
            guard var value = node.value, !value.isEmpty else { return [] }
            let at = node.location
            func word(_ text: String) -> DocumentNode { .scalar(text, at: at) }
            switch role {
            case "switch":
                // XCUITest reports a switch's value as "1" / "0".
                return [("value", word(["1", "on", "true"].contains(value.lowercased()) ? "on" : "off"))]
            case "slider", "stepper":
                let percent = value.hasSuffix("%")
                if percent { value.removeLast() }
                guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite else { return [] }
                var keys = [("value", word(SceneImporter.number(number)))]
                if percent { keys += [("min", word("0")), ("max", word("100")), ("unit", word("percent"))] }
                else { keys += [("min", word(SceneImporter.number(min(0, number)))), ("max", word(SceneImporter.number(max(100, number))))] }
                return keys
            case "text" where value == label, "heading" where value == label:
                return []   // a title's value is its label
            case "tab" where ["0", "1"].contains(value):
                return []   // a tab's "1" says it is selected (the trait does too); a badge ("2 unread") is its value
            case _ where node.type == "ActivityIndicator":
                return []   // its label says it ("In progress", "Progress halted"); its value is 1 or 0
            default:
                if value == node.placeholder { return [] }   // an empty field reports its placeholder
                return [("value", .scalar(value, .doubleQuoted, at: at))]
            }
        }

        /// `[x, y, width, height]` on one line.
        static func frame(_ frame: Frame, at location: SourceLocation) -> DocumentNode {
            numbers([frame.x, frame.y, frame.width, frame.height], at: location)
        }

        static func numbers(_ values: [Double], at location: SourceLocation) -> DocumentNode {
            .list(values.map { .scalar(number($0), at: location) }, at: location, flow: true)
        }

        /// `LINE:COLUMN Type`, with the capture file first when it is not the parent capture. The
        /// writer escapes what would end the comment (a line break let the rest be read as YAML).
        private func comment(_ node: CaptureNode) -> String {
            let file = node.location.file == self.file ? "" : "\(node.location.file):"
            return "\(file)\(node.location.line):\(node.location.column) \(node.type)"
        }
    }

    static func number(_ value: Double) -> String { NumberText.canonical(value) }

    static func baseName(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}

extension [SceneImporter.Item] {
    /// The items and, after each group, its members, at every depth.
    var flattened: [SceneImporter.Item] {
        flatMap { $0.tabs.isEmpty ? [$0] : [$0] + $0.tabs.flattened }
    }
}
