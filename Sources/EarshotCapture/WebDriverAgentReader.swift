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
        let delegate = Delegate(file: file, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        let parser = XMLParser(data: Data(blankingEmptyProcessingInstructions(Array(text.utf8))))
        parser.delegate = delegate
        let parsed = parser.parse()
        if let error = delegate.error { throw error }
        guard parsed else {
            throw CaptureError("malformed XML: \(parser.parserError.map { "\($0.localizedDescription)" } ?? "unreadable")",
                               at: SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)),
                               expected: "WebDriverAgent page source XML")
        }
        if let open = delegate.stack.last {
            // libxml2 on Linux reports a document cut off inside an element as parsed.
            throw CaptureError("the XML ends before <XCUIElementType\(open.type)> at \(open.location.line):\(open.location.column) is closed",
                               at: SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)),
                               expected: "a whole WebDriverAgent page source")
        }
        return delegate.roots
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
    private final class Delegate: NSObject, XMLParserDelegate {
        let file: String
        let lines: [Substring]
        var roots: [CaptureNode] = []
        var stack: [CaptureNode] = []
        /// Elements that are not nodes (`AppiumAUT`), so their end tags are skipped.
        var skipped: [Bool] = []
        var error: CaptureError?

        init(file: String, lines: [Substring]) {
            self.file = file
            self.lines = lines
        }

        /// Where an element's start tag begins: the parser reports where it ends.
        func start(of name: String, endingAt line: Int, column: Int) -> SourceLocation {
            var row = min(max(line, 1), lines.count)
            var limit = column
            let tag = Array("<" + name)
            while row >= 1 {
                let text = Array(lines[row - 1])
                let end = min(max(limit - 1, 0), text.count)
                var index = end - tag.count
                while index >= 0 {
                    if text[index] == "<", text[index..<(index + tag.count)].elementsEqual(tag) {
                        return SourceLocation(file: file, line: row, column: index + 1)
                    }
                    index -= 1
                }
                row -= 1
                limit = Int.max
            }
            return SourceLocation(file: file, line: max(line, 1), column: max(column, 1))
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let here = start(of: name, endingAt: parser.lineNumber, column: parser.columnNumber)
            let rawType = attributes["type"] ?? name
            guard rawType.hasPrefix("XCUIElementType") else {
                skipped.append(true)
                if name != "AppiumAUT", error == nil {
                    error = CaptureError("element <\(name)> is not an XCUIElementType", at: here,
                                         expected: "<XCUIElementType… type=\"XCUIElementType…\" …>")
                    parser.abortParsing()
                }
                return
            }
            skipped.append(false)
            var node = CaptureNode(type: String(rawType.dropFirst("XCUIElementType".count)), location: here)
            node.identifier = nonEmpty(attributes["name"])
            node.label = nonEmpty(attributes["label"])
            node.value = nonEmpty(attributes["value"])
            node.placeholder = nonEmpty(attributes["placeholderValue"])
            node.enabled = attributes["enabled"].map { $0 != "false" } ?? true
            node.visible = attributes["visible"].map { $0 == "true" }
            node.accessible = attributes["accessible"].map { $0 == "true" }
            node.selected = attributes["selected"] == "true"
            node.traits = (attributes["traits"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if let x = attributes["x"], let y = attributes["y"], let width = attributes["width"], let height = attributes["height"] {
                guard let x = Double(x), let y = Double(y), let width = Double(width), let height = Double(height),
                      x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                    error = CaptureError("a frame that is not four numbers", at: here, expected: "x, y, width and height in points")
                    parser.abortParsing()
                    return
                }
                node.frame = Frame(x: x, y: y, width: width, height: height)
            }
            // WebDriverAgent's `name` is the identifier, or the label when there is none: not an id then.
            if node.identifier == node.label { node.identifier = nil }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let wasSkipped = skipped.popLast(), !wasSkipped, let node = stack.popLast() else { return }
            if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
        }

        private func nonEmpty(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return text
        }
    }
}
