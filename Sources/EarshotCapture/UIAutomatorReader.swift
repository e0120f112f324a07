import EarshotCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads Android's hierarchy dumps into capture nodes named as the importer knows them:
/// `uiautomator dump`'s XML (`<hierarchy><node class="android.widget.Button" text=… bounds=…>`,
/// AOSP's AccessibilityNodeInfoDumper) and Appium UiAutomator2's page source (`<hierarchy
/// width=… height=…><android.widget.Button class=… content-desc=… displayed=…>`,
/// appium-uiautomator2-server's `Attribute`). A node's class becomes the element type TalkBack
/// reads it as (`android.widget.Switch` a `Switch`, a clickable `ImageView` a `Button`: google/
/// talkback `Role.java`); its label is its `content-desc`, else its `text`; an edit text's text
/// is its value, a switch's or check box's `checked` its value `1` or `0`; `bounds` in pixels
/// become points at the Android profile's screen width. Where the page source lists a node's
/// accessibility actions (UiAutomator2's `actions`, with `includeA11yActionsInPageSource`:
/// `ACTION_CLICK,ACTION_DISMISS,…`, names without labels), a click among them makes the node
/// clickable. The XML is read as WebDriverAgent's is.
package enum UIAutomatorReader {
    /// Whether a text is one of these dumps: XML whose first element is `<hierarchy`.
    package static func looksLike(_ head: Substring) -> Bool {
        guard let start = head.range(of: "<hierarchy") else { return false }
        // Only a declaration or comments before it.
        let before = head[..<start.lowerBound]
        return !before.contains("<XCUIElementType") && !before.contains("<AppiumAUT")
    }

    package static func read(_ text: String, file: String) throws(CaptureError) -> [CaptureNode] {
        let bytes = WebDriverAgentReader.blankingEmptyProcessingInstructions(Array(text.utf8))
        let delegate = Delegate(file: file, positions: TextPositions(bytes))
        let (parser, parsed) = CaptureXMLDelegate.parse(bytes, with: delegate)
        if let error = delegate.error { throw error }
        let here = SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        guard parsed, parser.parserError == nil else {
            throw CaptureError("malformed XML: \(parser.parserError.map { "libxml2 error \(($0 as NSError).code)" } ?? "unreadable")",
                               at: here, expected: "one whole uiautomator dump or UiAutomator2 page source XML document")
        }
        if let open = delegate.stack.last {
            throw CaptureError("the XML ends before <\(open.type)> at \(open.location.line):\(open.location.column) is closed",
                               at: here, expected: "a whole uiautomator dump")
        }
        guard !delegate.roots.isEmpty else {
            throw CaptureError("the hierarchy holds no node", at: here, expected: "a uiautomator dump's <node> elements")
        }
        return delegate.roots
    }

    /// The element type a node of this class is read as (XCUIElement.ElementType's names, which
    /// the importer maps to roles).
    static func type(className: String, clickable: Bool, checkable: Bool, password: Bool, labelled: Bool) -> String {
        let simple = className.split(separator: ".").last.map(String.init) ?? className
        switch simple {
        case _ where simple.hasSuffix("EditText") || simple == "AutoCompleteTextView" || simple == "SearchView":
            return password ? "SecureTextField" : "TextField"
        case "Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch", "ToggleButton": return "Switch"
        case "CheckBox", "MaterialCheckBox", "AppCompatCheckBox": return "CheckBox"
        case "CheckedTextView": return checkable ? "CheckBox" : "StaticText"
        case "RadioButton", "MaterialRadioButton", "AppCompatRadioButton": return "RadioButton"
        case "SeekBar", "AppCompatSeekBar", "Slider", "RangeSlider": return "Slider"
        case "ProgressBar", "CircularProgressIndicator", "LinearProgressIndicator": return "ProgressIndicator"
        case "Spinner", "AppCompatSpinner": return "PopUpButton"
        case "ImageView", "AppCompatImageView", "ShapeableImageView": return clickable ? "Button" : "Image"
        case _ where simple.hasSuffix("Button"): return "Button"
        case "TextView", "AppCompatTextView", "MaterialTextView": return clickable ? "Button" : "StaticText"
        case "ScrollView", "NestedScrollView", "HorizontalScrollView", "RecyclerView", "ListView", "GridView", "ViewPager":
            return "ScrollView"
        case "WebView": return "WebView"
        default:
            // A plain View or layout: a Compose node that is clickable and labelled is a button.
            return clickable && labelled ? "Button" : "Other"
        }
    }

    /// `[x1,y1][x2,y2]` in pixels.
    static func bounds(_ text: String) -> (Double, Double, Double, Double)? {
        let numbers = text.split(whereSeparator: { "[],".contains($0) }).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    private final class Delegate: CaptureXMLDelegate {
        /// Pixels a point: the screen's width in pixels (the hierarchy's, else its first node's)
        /// over the Android profile's screen width.
        var scale: Double?
        let screenWidth = (try? Profile.bundled(.android).geometry.screen.first) ?? 412

        override func node(_ name: String, attributes: [String: String], at here: SourceLocation, parser: XMLParser) -> CaptureNode? {
            if name == "hierarchy" {
                if let width = attributes["width"].flatMap(Double.init), width > 0 { scale = width / screenWidth }
                return nil
            }
            guard let className = attributes["class"] ?? (name == "node" ? nil : name) else {
                error = CaptureError("a <node> without a class", at: here, expected: "<node class=\"android.widget…\" …>")
                parser.abortParsing()
                return nil
            }
            func flag(_ key: String) -> Bool { attributes[key] == "true" }
            func text(_ key: String) -> String? { attributes[key].flatMap { $0.isEmpty ? nil : $0 } }
            let password = flag("password")
            let editable = className.hasSuffix("EditText") || className.hasSuffix("AutoCompleteTextView")
            let label = text("content-desc") ?? (editable ? nil : text("text"))
            let actions = attributes["actions"]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            let clickable = flag("clickable") || actions.contains("ACTION_CLICK")
            let type = UIAutomatorReader.type(className: className, clickable: clickable, checkable: flag("checkable"),
                                              password: password, labelled: label != nil)
            var node = CaptureNode(type: type, location: here)
            node.className = className
            node.label = label
            node.identifier = text("resource-id").map { id in id.split(separator: "/").last.map(String.init) ?? id }
            if editable {
                node.value = text("text")
                node.placeholder = text("hint")
            } else if ["Switch", "CheckBox", "RadioButton"].contains(type) {
                node.value = flag("checked") ? "1" : "0"
            }
            node.enabled = attributes["enabled"] != "false"
            node.selected = flag("selected")
            node.focused = flag("focused")
            node.visible = attributes["displayed"].map { $0 == "true" }
            if flag("heading") { node.traits.append("Header") }
            if let (x1, y1, x2, y2) = attributes["bounds"].flatMap(UIAutomatorReader.bounds) {
                if scale == nil, x2 > x1 { scale = max(x2 / screenWidth, 1) }
                let scale = scale ?? 1
                node.frame = Frame(x: x1 / scale, y: y1 / scale, width: max(0, x2 - x1) / scale, height: max(0, y2 - y1) / scale)
            }
            return node
        }

        /// A node at the top of the hierarchy is a window's root (the app's, a dialog's): its
        /// frame is the screen the importer measures the rest by.
        override func finish(_ node: inout CaptureNode, isRoot: Bool) {
            if isRoot, node.type == "Other" { node.type = "Window" }
        }
    }
}
