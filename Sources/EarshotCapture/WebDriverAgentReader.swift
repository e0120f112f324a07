import EarshotCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads WebDriverAgent's page source (Appium's XCUITest driver, `driver.page_source`):
/// `XCUIElementType…` elements whose attributes are the element's (`type`, `name`, `label`,
/// `value`, `enabled`, `visible`, `accessible`, `x`, `y`, `width`, `height`, and where present
/// `traits`, `placeholderValue`, `selected`). An `<AppiumAUT>` wrapper is looked through.
package enum WebDriverAgentReader {
    package static func read(_ text: String, file: String) throws(CaptureError) -> [CaptureNode] {
        try readWithPositions(text, file: file).roots
    }

    /// The nodes, and the positions their locations were found with (whose ``TextPositions/steps``
    /// say how much finding them cost).
    package static func readWithPositions(_ text: String, file: String) throws(CaptureError) -> (roots: [CaptureNode], positions: TextPositions) {
        let bytes = blankingEmptyProcessingInstructions(Array(text.utf8))
        let delegate = Delegate(file: file, positions: TextPositions(bytes))
        let (parser, parsed) = CaptureXMLDelegate.parse(bytes, with: delegate)
        if let error = delegate.error { throw error }
        let here = SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        func malformed() -> CaptureError {
            if let (length, at) = longestValue(in: bytes, positions: &delegate.positions), length > maximumValueLength {
                return CaptureError("an attribute value or text of \(length) bytes, past libxml2's limit of \(maximumValueLength)",
                                    at: SourceLocation(file: file, line: at.line, column: at.column),
                                    expected: "values and texts of at most \(maximumValueLength) bytes (a limit of the XML parser)")
            }
            let reason = parser.parserError.map { Self.describe($0) } ?? "unreadable"
            return CaptureError("malformed XML: \(reason)", at: here, expected: "one whole WebDriverAgent page source XML document")
        }
        guard parsed else { throw malformed() }
        if let open = delegate.stack.last {
            // libxml2 on Linux reports a document cut off inside an element as parsed.
            throw CaptureError("the XML ends before <XCUIElementType\(open.type)> at \(open.location.line):\(open.location.column) is closed",
                               at: here, expected: "a whole WebDriverAgent page source")
        }
        // It reports others it stopped reading as parsed too, with an error beside: a second
        // root element (the first was all that was read), a declaration cut off (nothing was).
        if parser.parserError != nil { throw malformed() }
        if delegate.roots.isEmpty {
            throw CaptureError("the XML holds no element", at: here, expected: "a WebDriverAgent page source's <XCUIElementType…> elements")
        }
        return (delegate.roots, delegate.positions)
    }

    /// The longest attribute value or text libxml2 reads (its XML_MAX_TEXT_LENGTH, without
    /// XML_PARSE_HUGE, which Foundation does not set).
    package static let maximumValueLength = 10_000_000

    /// The longest run of bytes with no `<` or quote (an attribute value or a text holds one), and where it starts.
    static func longestValue(in bytes: [UInt8], positions: inout TextPositions) -> (length: Int, at: (line: Int, column: Int))? {
        var best = (length: 0, start: 0), start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            if index - start > best.length { best = (index - start, start) }
            start = index + 1
        }
        if bytes.count - start > best.length { best = (bytes.count - start, start) }
        guard best.length > 0 else { return nil }
        let (line, column) = positions.location(of: best.start)
        return (best.length, (line, column))
    }

    /// What libxml2 said, in words where Foundation gives only a code.
    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        let words: [Int: String] = [
            4: "the document is empty", 5: "the document ends early, or has content after its root element",
            9: "a character XML cannot hold", 26: "an undeclared entity", 38: "an attribute without its quotes",
            39: "an attribute that is not closed", 40: "a '<' inside an attribute value", 41: "an attribute without a value",
            64: "a broken XML declaration", 68: "a name that is not one", 73: "a tag without its '>'",
            76: "an end tag that does not match its start tag", 85: "a tag that is not closed",
            111: "a document that ends inside a tag",
        ]
        if let text = words[code] { return text + " (libxml2 error \(code))" }
        let description = error.localizedDescription
        return description.contains("(null)") || description.isEmpty ? "libxml2 error \(code)" : description
    }

    /// The bytes with each processing instruction that has no data (`<?foo?>`) replaced by as
    /// many spaces. Foundation's `XMLParser` on Linux reads such an instruction's data as a C
    /// string that libxml2 leaves null, and crashes (the fuzzer found it with `<?xml?>`); a page
    /// source never holds one, and spaces keep every later line and column where they were.
    package static func blankingEmptyProcessingInstructions(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        while index + 3 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            // The target runs to white space, `?` or `>`; the instruction has no data when `?>` follows it at once.
            var end = index + 2
            while end < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                                        UInt8(ascii: "?"), UInt8(ascii: ">")].contains(bytes[end]) {
                end += 1
            }
            if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                for blank in index...(end + 1) { result[blank] = UInt8(ascii: " ") }
                index = end + 2
            } else {
                index = end
            }
        }
        return result
    }

    /// Builds the tree as the parser walks the elements.
    private final class Delegate: CaptureXMLDelegate {
        override func node(_ name: String, attributes: [String: String], at here: SourceLocation, parser: XMLParser) -> CaptureNode? {
            let rawType = attributes["type"] ?? name
            guard rawType.hasPrefix("XCUIElementType") else {
                if name != "AppiumAUT", error == nil {
                    // Before any element of a page source, the file may be anyone's XML: it is not
                    // quoted. Inside one, the element is named.
                    error = roots.isEmpty && stack.isEmpty
                        ? CaptureError("this XML is not a WebDriverAgent page source: it starts with no <AppiumAUT> or <XCUIElementType…> element",
                                       at: here, expected: "WebDriverAgent page source XML (driver.page_source)")
                        : CaptureError("element <\(name)> is not an XCUIElementType", at: here,
                                       expected: "<XCUIElementType… type=\"XCUIElementType…\" …>")
                    parser.abortParsing()
                }
                return nil
            }
            var node = CaptureNode(type: String(rawType.dropFirst("XCUIElementType".count)), location: here)
            node.identifier = nonEmpty(attributes["name"])
            node.label = nonEmpty(attributes["label"])
            node.value = nonEmpty(attributes["value"])
            node.placeholder = nonEmpty(attributes["placeholderValue"])
            node.enabled = attributes["enabled"].map { $0 != "false" } ?? true
            node.visible = attributes["visible"].map { $0 == "true" }
            node.accessible = attributes["accessible"].map { $0 == "true" }
            node.selected = attributes["selected"] == "true"
            node.focused = attributes["focused"] == "true"
            node.traits = (attributes["traits"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if let x = attributes["x"], let y = attributes["y"], let width = attributes["width"], let height = attributes["height"] {
                switch FrameText.read([x, y, width, height]) {
                case .frame(let frame): node.frame = frame
                case .noPlace:
                    // What WebDriverAgent writes for a node with no place on screen (`x="inf"`, as
                    // under SpringBoard's `XCUIElementTypeAny`): not shown, and no reason to refuse
                    // the capture.
                    node.frame = Frame(x: 0, y: 0, width: 0, height: 0)
                    node.visible = false
                case .invalid(let found):
                    error = CaptureError("a frame value that is not a finite number (\(found))", at: here,
                                         expected: "x, y, width and height in points, or inf for a node with no place on screen")
                    parser.abortParsing()
                    return nil
                }
            }
            // WebDriverAgent's `name` is the identifier, or the label when there is none: not an id then.
            if node.identifier == node.label { node.identifier = nil }
            return node
        }

        private func nonEmpty(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return text
        }
    }
}
