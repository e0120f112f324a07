import EarshotCore
import Foundation

/// One node of an accessibility hierarchy captured from a running app, whatever tool captured
/// it: the three capture formats are read into this one shape, and the importer turns it into
/// a scene.
///
/// ```swift
/// let capture = try Capture.read(text, file: "settings.xml")
/// capture.roots[0].type              // "Application"
/// capture.roots[0].children.count
/// ```
public struct CaptureNode: Hashable, Sendable {
    /// The element type without its tool's prefix: `Button`, `StaticText`, `Switch`, `Cell`,
    /// `NavigationBar`, `Application` (XCUIElement.ElementType's names).
    public var type: String
    /// `identifier` / `name` / `AXUniqueId`.
    public var identifier: String?
    public var label: String?
    public var value: String?
    /// A text field's placeholder.
    public var placeholder: String?
    /// `help` (the accessibility hint).
    public var hint: String?
    /// Screen points.
    public var frame: Frame?
    public var enabled: Bool
    /// Whether the tool says it is on screen; nil where it does not say.
    public var visible: Bool?
    /// Whether it is an accessibility element (VoiceOver stops on it); nil where the tool does not say.
    public var accessible: Bool?
    public var selected: Bool
    /// Whether it has focus (WebDriverAgent's `focused="true"`, a debugDescription's `Focused`),
    /// where the tool says so.
    public var focused: Bool
    /// Trait names as the tool gives them (`Button`, `Header`, `Selected`, …).
    public var traits: [String]
    public var customActions: [String]
    /// The platform's class name, where the tool gives one (Android's `class`,
    /// `android.view.View` for a Compose node without a role).
    public var className: String?
    public var children: [CaptureNode]
    /// Where the node is in the capture file.
    public var location: SourceLocation

    public init(type: String, location: SourceLocation) {
        self.type = type
        self.identifier = nil
        self.label = nil
        self.value = nil
        self.placeholder = nil
        self.hint = nil
        self.frame = nil
        self.enabled = true
        self.visible = nil
        self.accessible = nil
        self.selected = false
        self.focused = false
        self.traits = []
        self.customActions = []
        self.className = nil
        self.children = []
        self.location = location
    }

    /// Every node below and including this one, depth first.
    public var descendants: [CaptureNode] {
        var result: [CaptureNode] = []
        var stack = [self]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

/// The tool a capture comes from, told by its content.
public enum CaptureFormat: String, CaseIterable, Hashable, Sendable {
    /// Appium XCUITest driver / WebDriverAgent page source XML (`driver.page_source`).
    case webDriverAgent
    /// idb `ui describe-all` (flat or `--nested`) and AXe `describe-ui` JSON.
    case idb
    /// XCUITest's `print(app.debugDescription)`: the `Element subtree:` lines.
    case debugDescription
    /// Android's `uiautomator dump` XML and Appium UiAutomator2's page source.
    case uiAutomator

    /// The words a person knows the format by.
    public var title: String {
        switch self {
        case .webDriverAgent: "WebDriverAgent page source"
        case .idb: "idb describe-all JSON"
        case .debugDescription: "XCUITest debugDescription"
        case .uiAutomator: "uiautomator dump"
        }
    }

    /// The format of a text, from its first meaningful characters; nil for anything else
    /// (a scene or scenario file, say).
    public static func detect(_ text: String) -> CaptureFormat? {
        let head = text.prefix(4096).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if head.hasPrefix("<?xml") || head.hasPrefix("<hierarchy"), UIAutomatorReader.looksLike(head) { return .uiAutomator }
        if head.hasPrefix("<?xml") || head.hasPrefix("<XCUIElementType") || head.hasPrefix("<AppiumAUT") {
            return .webDriverAgent
        }
        if head.hasPrefix("[") || head.hasPrefix("{") {
            if isPlainIDB(head) { return .idb }
            // A capture a tool wrapped in JSON of its own (read by `Capture.unwrapped`).
            if head.contains("<hierarchy") { return .uiAutomator }
            if head.contains("<?xml") || head.contains("<XCUIElementType") { return .webDriverAgent }
            if head.contains("Element subtree:") { return .debugDescription }
            if head.contains("\"frame\"") && (head.contains("\"role\"") || head.contains("\"type\"")) { return .idb }
            return nil
        }
        if DebugDescriptionReader.looksLike(head) { return .debugDescription }
        return nil
    }

    /// Whether a JSON text's first characters are idb's own elements (its AX keys), or its empty list.
    static func isPlainIDB(_ head: Substring) -> Bool {
        head.contains("\"AXFrame\"") || head.contains("\"AXLabel\"") || head.contains("\"role_description\"")
            || head.hasPrefix("[") && head.dropFirst().allSatisfy { $0.isWhitespace || $0 == "]" }
    }
}

/// A capture read from a file: its top-level nodes (usually one application).
public struct Capture: Hashable, Sendable {
    /// The deepest a capture's elements may nest: a real app's hierarchy is a few dozen levels,
    /// and the readers refuse a deeper one where it goes past, before anything walks the tree
    /// (100,000 nested elements overflowed the stack of the importer, and of the scene loader
    /// after it). idb's JSON takes two levels an element (``LocatedJSON/maxDepth``).
    public static let maximumDepth = 256

    public var format: CaptureFormat
    public var file: String
    public var roots: [CaptureNode]

    public init(format: CaptureFormat, file: String, roots: [CaptureNode]) {
        self.format = format
        self.file = file
        self.roots = roots
    }

    /// What a capture with a byte that is not UTF-8 is said to be, at that byte.
    public static let notUTF8 = "the capture is not valid UTF-8"

    /// Reads a capture file's bytes: UTF-8 (refused at the first byte that is not), then as ``read(_:file:)``.
    public static func read(data: Data, file: String) throws(CaptureError) -> Capture {
        guard let text = String(data: data, encoding: .utf8) else {
            throw CaptureError(notUTF8, at: .firstInvalidUTF8(in: data, file: file), expected: "UTF-8 text")
        }
        return try read(text, file: file)
    }

    /// Reads a capture in any of the formats, told by its content.
    public static func read(_ text: String, file: String) throws(CaptureError) -> Capture {
        // JSON that is not idb's own elements is a tool's wrapping around a capture.
        let head = text.prefix(4096).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if head.hasPrefix("{") || head.hasPrefix("["), !CaptureFormat.isPlainIDB(head) {
            return try unwrapped(text, file: file)
        }
        guard let format = CaptureFormat.detect(text) else {
            throw CaptureError("not a capture Earshot reads", at: SourceLocation(file: file, line: 1, column: 1),
                               expected: "WebDriverAgent page source XML, idb describe-all JSON, XCUITest debugDescription text or a uiautomator dump")
        }
        let roots: [CaptureNode]
        switch format {
        case .webDriverAgent: roots = try WebDriverAgentReader.read(text, file: file)
        case .idb: roots = try IDBReader.read(text, file: file)
        case .debugDescription: roots = try DebugDescriptionReader.read(text, file: file)
        case .uiAutomator: roots = try UIAutomatorReader.read(text, file: file)
        }
        return Capture(format: format, file: file, roots: roots)
    }
}

extension Capture {
    /// A capture a tool returned inside JSON of its own: WebDriverAgent's `{"value": "<?xml …"}`,
    /// an MCP server's `{"content": [{"type": "text", "text": "[{…}]"}]}`, a script's
    /// `{"source": …}`. The longest string in it that is a capture is read; its nodes' lines and
    /// columns count in that string. JSON that holds none is bad input naming what it holds.
    static func unwrapped(_ text: String, file: String) throws(CaptureError) -> Capture {
        let json = try LocatedJSON.parse(text, file: file)
        var best: LocatedJSON?
        var stack = [json]
        var keys: [String] = []
        while let value = stack.popLast() {
            switch value.content {
            case .object(let members):
                if keys.count < 12 { keys += members.map(\.key).filter { !keys.contains($0) } }
                stack += members.map(\.value)
            case .array(let items):
                stack += items
            case .string(let string):
                if string.count > (best?.string?.count ?? 0), CaptureFormat.detect(string) != nil { best = value }
            default:
                break
            }
        }
        // No capture as a string: idb-like elements under the tool's own keys ({"data": {"entries": [{"role", "label", "frame"}]}}).
        if best == nil, IDBReader.holdsElements(json) { return Capture(format: .idb, file: file, roots: try IDBReader.read(json, file: file)) }
        guard let best, let inner = best.string else {
            let what = json.members != nil ? "a JSON object (keys: \(keys.prefix(8).joined(separator: ", ")))" : "JSON"
            throw CaptureError("\(what) that holds no capture", at: SourceLocation(file: file, line: 1, column: 1),
                               expected: "WebDriverAgent page source XML, idb describe-all JSON or XCUITest debugDescription text, "
                                   + "or JSON holding one of them as a string")
        }
        do {
            return try read(inner, file: file)
        } catch {
            throw CaptureError("in the capture held in the JSON string at \(best.line):\(best.column): \(error.message) "
                               + "(at its own line \(error.location.line), column \(error.location.column))",
                               at: best.location(in: file), expected: error.expected)
        }
    }
}

/// A capture that cannot be read: where, what is wrong and what was expected.
public struct CaptureError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var expected: String?

    public init(_ message: String, at location: SourceLocation, expected: String? = nil) {
        self.message = message
        self.location = location
        self.expected = expected
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (expected …)`, as the scene loader says it.
    public var description: String {
        "\(location): error: \(message)" + (expected.map { " (expected \($0))" } ?? "")
    }
}

/// A frame's four numbers (x, y, width, height) as a capture tool writes them.
///
/// What the tools write for a node with no place on screen, `inf` (XCTest's `CGRectNull`, as
/// WebDriverAgent's page source and `debugDescription` print it: SpringBoard's hidden alert in
/// the corpus sits at `x="inf"`) or a negative size, hides the node and keeps the capture. A
/// value no tool writes, `nan` or a number too large for a Double (`1e400`), is bad input.
enum FrameText {
    case frame(Frame)
    /// No place on screen: the node is hidden.
    case noPlace
    /// Not a frame a tool writes: what was found.
    case invalid(String)

    static func read<S: StringProtocol>(_ texts: [S]) -> FrameText {
        guard texts.count == 4 else { return .invalid("\(texts.count) numbers") }
        var numbers: [Double] = []
        var noPlace = false
        for text in texts {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if ["inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"].contains(trimmed.lowercased()) {
                noPlace = true
                numbers.append(0)
                continue
            }
            guard let number = Double(trimmed), number.isFinite else { return .invalid("'\(trimmed)'") }
            numbers.append(number)
        }
        if noPlace || numbers[2] < 0 || numbers[3] < 0 { return .noPlace }
        return .frame(Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }
}
