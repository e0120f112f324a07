import EarshotCore

/// What each capture node is (docs/import.md, "What becomes what"): the role an element type
/// becomes, the shapes told apart (a row with a switch, a read-only text view, a row's accessory,
/// a Flutter capture, the parent moved behind a sheet), and the types that hold elements.
extension SceneImporter {
    /// Element types and the role key each becomes (XCUIElement.ElementType's names).
    static let roles: [String: Role] = [
        "Button": .button, "StaticText": .text, "Switch": .`switch`, "Toggle": .`switch`, "Slider": .slider,
        "Stepper": .stepper, "TextField": .textField, "SecureTextField": .secureField, "SearchField": .searchField,
        "TextView": .textArea, "Link": .link, "Image": .image, "Icon": .image, "Cell": .button, "Tab": .tab,
        "Heading": .heading, "MenuItem": .button, "SegmentedControl": .button, "PopUpButton": .button,
        "MenuButton": .button, "CheckBox": .`switch`, "RadioButton": .button, "ProgressIndicator": .text,
        "ActivityIndicator": .text, "PageIndicator": .text, "PickerWheel": .text, "Key": .button, "DisclosureTriangle": .button,
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

    /// Where a capture shows it is a Flutter app's, and why, or nil. Flutter joins the labels of
    /// the semantics nodes it merges with a line break ("Colour #0\n€ 0.50" in allioli/paella's
    /// page source, a tab's "6\nCart" in appium-flutter-driver issue 855, "Home\nTab 1 of 4"),
    /// so on a Flutter screen many labels hold one, a control's among them; a UIKit app has a
    /// few at most (a UILabel of two lines; LINE's two-line "おすすめ\nミニアプリ" button). The
    /// sign: no node of a type only UIKit's views give, a button, link, tab or image whose label
    /// holds a line break, and at least a fifth of the labelled leaves with one. A heuristic
    /// (weak, docs/decisions.md): Flutter's engine names no class in any capture format.
    static func flutterSign(in capture: Capture) -> (location: SourceLocation, why: String)? {
        var joined: CaptureNode?
        var leaves = 0, broken = 0
        var stack = capture.roots
        while let node = stack.popLast() {
            if uiKitOnlyTypes.contains(node.type) { return nil }
            if node.children.isEmpty, let label = node.label, !label.isEmpty {
                leaves += 1
                if label.contains("\n") { broken += 1 }
            }
            if joined == nil, node.label?.contains("\n") == true, ["Button", "Link", "Tab", "RadioButton", "Image"].contains(node.type) {
                joined = node
            }
            stack += node.children
        }
        guard let joined, broken * 5 >= leaves else { return nil }
        return (joined.location, "\(broken) of its \(leaves) labels with a line break in them, a \(joined.type)'s among them, as Flutter "
                + "joins merged labels, and no UIKit bar, table or cell")
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
}
