import EarshotCore

/// Turns a capture into an ordinary scene file (YAML) that a person can read and edit.
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
/// - a tab bar becomes a `group` with `tabBar: true` whose buttons are `tab`s;
/// - a static text in a navigation bar, or anything with the `Header` trait, is a `heading`.
public enum SceneImporter {
    /// The imported scene and what could not be mapped.
    public struct Imported: Hashable, Sendable {
        public var yaml: String
        /// One line per unknown element type, with where it was first seen.
        public var warnings: [String]
        /// Elements written.
        public var elementCount: Int
    }

    /// The scene of a capture. `name` defaults to the application's label, `platform` to iOS.
    public static func scene(from capture: Capture, name: String? = nil, platform: Platform? = nil) throws(CaptureError) -> Imported {
        let application = capture.roots.first { $0.type == "Application" } ?? capture.roots.first
        var writer = Writer(file: capture.file)
        writer.screen = application?.frame
        for root in capture.roots { try writer.visit(root, inNavigationBar: false) }
        let sceneName = name ?? application?.label ?? baseName(capture.file)
        var lines = ["# Imported by `earshot import` from \(capture.file) (\(capture.format.title)).",
                     "# Each element's comment says which capture node it came from.",
                     "scene: \(quoted(sceneName))",
                     "platform: \((platform ?? .ios).rawValue)"]
        if let frame = application?.frame, frame.width > 0, frame.height > 0 {
            lines.append("screen: [\(number(frame.width)), \(number(frame.height))]")
        }
        lines.append(writer.lines.isEmpty ? "root: []" : "root:")
        lines += writer.lines
        let warnings = writer.unknownTypes.map { type, location in
            "\(location): warning: element type '\(type)' is not one Earshot knows; imported as text"
        }
        return Imported(yaml: lines.joined(separator: "\n") + "\n", warnings: warnings, elementCount: writer.count)
    }

    /// Element types and the role key each becomes (XCUIElement.ElementType's names).
    static let roles: [String: String] = [
        "Button": "button", "StaticText": "text", "Switch": "switch", "Toggle": "switch", "Slider": "slider",
        "Stepper": "stepper", "TextField": "textField", "SecureTextField": "secureField", "SearchField": "searchField",
        "TextView": "textArea", "Link": "link", "Image": "image", "Icon": "image", "Cell": "button", "Tab": "tab",
        "Heading": "heading", "MenuItem": "button", "SegmentedControl": "button", "PopUpButton": "button",
        "MenuButton": "button", "CheckBox": "switch", "RadioButton": "button", "ProgressIndicator": "text",
        "ActivityIndicator": "text", "PageIndicator": "text", "Key": "button", "DisclosureTriangle": "button",
    ]

    /// Types that hold elements and are no element themselves unless the capture says they are.
    static let containers: Set<String> = [
        "Application", "Window", "Other", "Group", "Table", "CollectionView", "ScrollView", "NavigationBar",
        "Toolbar", "StatusBar", "Sheet", "Alert", "Popover", "Menu", "MenuBar", "Keyboard", "Map", "WebView",
        "LayoutArea", "LayoutItem", "Cell", "Any", "Unknown", "Dialog", "Drawer", "Matte", "Outline", "Browser",
        "SplitGroup", "Splitter", "TabGroup", "Grid", "TableRow", "TableColumn", "ScrollBar", "Ruler",
        "RulerMarker", "Picker", "DatePicker", "PickerWheel", "TouchBar", "StatusItem", "Handle", "ValueIndicator",
    ]

    private struct Writer {
        let file: String
        /// The application's frame.
        var screen: Frame?
        var lines: [String] = []
        var count = 0
        var ids: Set<String> = []
        var unknownTypes: [(String, SourceLocation)] = []

        init(file: String) { self.file = file }

        mutating func visit(_ node: CaptureNode, inNavigationBar: Bool, indent: String = "  ") throws(CaptureError) {
            if node.visible == false || isOffScreen(node) {
                // Left out, but not its accessible children.
                for child in node.children { try visit(child, inNavigationBar: inNavigationBar, indent: indent) }
                return
            }
            if node.type == "TabBar" { return try tabBar(node, indent: indent) }
            let isContainer = SceneImporter.containers.contains(node.type)
            // Where the capture does not say which nodes are accessibility elements: controls are,
            // a labelled cell is (UIKit's cells speak their content as one), a labelled leaf `Other` is.
            let isElement = node.accessible ?? (!isContainer || (node.type == "Cell" && node.label != nil)
                || (node.type == "Other" && node.label != nil && node.children.isEmpty))
            guard isElement else {
                for child in node.children { try visit(child, inNavigationBar: inNavigationBar || node.type == "NavigationBar", indent: indent) }
                return
            }
            try element(node, inNavigationBar: inNavigationBar, indent: indent)
        }

        /// Wholly outside the application's frame (where the capture does not say what is visible).
        private func isOffScreen(_ node: CaptureNode) -> Bool {
            guard node.visible == nil, let screen, let frame = node.frame else { return false }
            return frame.y >= screen.maxY || frame.maxY <= screen.y || frame.x >= screen.maxX || frame.maxX <= screen.x
        }

        private mutating func tabBar(_ node: CaptureNode, indent: String) throws(CaptureError) {
            let tabs = node.children.filter { $0.visible != false && (SceneImporter.roles[$0.type] == "button" || $0.type == "Tab") }
            guard !tabs.isEmpty else { return }
            lines.append("\(indent)- group: \(quoted(node.label ?? "")) \(comment(node))")
            lines.append("\(indent)  tabBar: true")
            lines.append("\(indent)  children:")
            for tab in tabs { try element(tab, inNavigationBar: false, indent: indent + "    ", role: "tab") }
        }

        private mutating func element(_ node: CaptureNode, inNavigationBar: Bool, indent: String, role forced: String? = nil) throws(CaptureError) {
            guard let frame = node.frame else {
                throw CaptureError("a \(node.type) has no frame", at: node.location, expected: "a frame on every element")
            }
            var role = forced ?? SceneImporter.roles[node.type] ?? "text"
            if forced == nil, SceneImporter.roles[node.type] == nil, node.type != "Other" {
                if !unknownTypes.contains(where: { $0.0 == node.type }) { unknownTypes.append((node.type, node.location)) }
            }
            let traits = Set(node.traits.map { $0.lowercased() })
            if role == "text" || role == "button", traits.contains("header") || (inNavigationBar && node.type == "StaticText") {
                role = "heading"
            }
            if role == "text", traits.contains("button") { role = "button" }
            if role == "text", traits.contains("link") { role = "link" }
            let label = node.label ?? (role == "text" ? node.value : nil) ?? ""
            lines.append("\(indent)- \(role): \(quoted(label)) \(comment(node))")
            let more = indent + "  "
            if let id = node.identifier, id != label, ids.insert(id).inserted { lines.append("\(more)id: \(quoted(id))") }
            for line in valueLines(node, role: role, label: label) { lines.append(more + line) }
            if let hint = node.hint { lines.append("\(more)hint: \(quoted(hint))") }
            if !node.enabled { lines.append("\(more)enabled: false") }
            if node.selected || traits.contains("selected") { lines.append("\(more)selected: true") }
            if !node.customActions.isEmpty {
                lines.append("\(more)actions:")
                for action in node.customActions { lines.append("\(more)  - name: \(quoted(action))") }
            }
            lines.append("\(more)frame: [\(number(frame.x)), \(number(frame.y)), \(number(frame.width)), \(number(frame.height))]")
            count += 1
        }

        /// The `value:` line (and `unit: percent` for a percent), if the node has a value to keep.
        private func valueLines(_ node: CaptureNode, role: String, label: String) -> [String] {
            guard var value = node.value, !value.isEmpty else { return [] }
            switch role {
            case "switch":
                // XCUITest reports a switch's value as "1" / "0".
                return ["value: " + (["1", "on", "true"].contains(value.lowercased()) ? "on" : "off")]
            case "slider", "stepper":
                let percent = value.hasSuffix("%")
                if percent { value.removeLast() }
                guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite else { return [] }
                var lines = ["value: \(SceneImporter.number(number))"]
                if percent { lines += ["min: 0", "max: 100", "unit: percent"] }
                else { lines += ["min: \(SceneImporter.number(min(0, number)))", "max: \(SceneImporter.number(max(100, number)))"] }
                return lines
            case "text" where value == label, "tab", "heading":
                return []   // a tab's "1" says it is selected (the trait does too); a title is its label
            default:
                if value == node.placeholder { return [] }   // an empty field reports its placeholder
                return ["value: \(quoted(value))"]
            }
        }

        private func comment(_ node: CaptureNode) -> String {
            "# \(node.location.line):\(node.location.column) \(node.type)"
        }
    }

    /// A string in double quotes, escaped as YAML reads it.
    static func quoted(_ text: String) -> String { YAMLText.quoted(text) }

    static func number(_ value: Double) -> String { NumberText.canonical(value) }

    static func baseName(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}
