import EarshotCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The walk the XML capture readers share (WebDriverAgent's page source, Android's dumps): the
/// parser over a stream, each element's place (its start tag's `<`), the depth bound, and the
/// tree built as elements end. A reader's delegate says what each element is (``node(_:attributes:at:parser:)``).
class CaptureXMLDelegate: NSObject, XMLParserDelegate {
    let file: String
    var positions: TextPositions
    var roots: [CaptureNode] = []
    var stack: [CaptureNode] = []
    /// Elements that are not nodes (`AppiumAUT`, `hierarchy`), so their end tags are skipped.
    var skipped: [Bool] = []
    var error: CaptureError?

    init(file: String, positions: TextPositions) {
        self.file = file
        self.positions = positions
    }

    /// The node an element is, or nil to pass over it (and its end tag). A reader that finds bad
    /// input sets ``error`` and aborts the parser.
    func node(_ name: String, attributes: [String: String], at location: SourceLocation, parser: XMLParser) -> CaptureNode? {
        nil
    }

    /// A node whose children are all read, before it joins its parent (or the roots).
    func finish(_ node: inout CaptureNode, isRoot: Bool) {}

    /// Where an element's start tag begins: the parser reports a place inside it, after its
    /// attributes, and no attribute value holds a `<` (XML forbids it), so the tag begins at
    /// the nearest `<` before that place. Linear over a document (``TextPositions``).
    func start(endingAt line: Int, column: Int) -> SourceLocation {
        var index = min(positions.offset(line: line, column: column), positions.bytes.count) - 1
        while index > 0, positions.bytes[index] != 0x3C { index -= 1 }
        let (row, at) = positions.location(of: max(index, 0))
        return SourceLocation(file: file, line: row, column: at)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let here = start(endingAt: parser.lineNumber, column: parser.columnNumber)
        // Nesting is bounded before anything walks the tree (the importer, a scene's loading).
        guard skipped.count < Capture.maximumDepth else {
            if error == nil {
                error = CaptureError("an element nested deeper than \(Capture.maximumDepth) levels", at: here,
                                     expected: "elements at most \(Capture.maximumDepth) levels deep")
            }
            parser.abortParsing()
            return
        }
        if let node = node(name, attributes: attributes, at: here, parser: parser) {
            skipped.append(false)
            stack.append(node)
        } else {
            skipped.append(true)
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let wasSkipped = skipped.popLast(), !wasSkipped, var node = stack.popLast() else { return }
        finish(&node, isRoot: stack.isEmpty)
        if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
    }

    /// Parses `bytes` (empty processing instructions blanked) from a stream, which libxml2 reads
    /// in parts: handed all at once, a document past 10 MB was refused as malformed (its input
    /// length limit without XML_PARSE_HUGE, which Foundation does not set). Returns the parser
    /// and whether it says it parsed.
    static func parse(_ bytes: [UInt8], with delegate: CaptureXMLDelegate) -> (parser: XMLParser, parsed: Bool) {
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.delegate = delegate
        let parsed = parser.parse()
        return (parser, parsed)
    }
}
