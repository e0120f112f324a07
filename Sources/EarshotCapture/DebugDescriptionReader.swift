import EarshotCore
import Foundation

/// Reads XCUITest's `debugDescription` text (`print(app.debugDescription)` in a UI test): the
/// lines under `Element subtree:`, each `Type, 0x…, {{x, y}, {w, h}}, identifier: '…',
/// label: '…', value: …` with `Selected` / `Disabled` flags, two spaces of indent a level.
/// It says nothing of visibility or of which nodes are accessibility elements; the importer
/// decides those by type (and leaves out what lies outside the application's frame).
///
/// Lines end at `\n` or `\r\n` (a Swift `Character` holds `\r\n` whole, so splitting at
/// `"\n"` left a CRLF file one line). A file holds one dump: a second `Element subtree:` is an
/// error, as are elements nested past ``Capture/maximumDepth`` and a quoted value whose line
/// ends before its closing quote (a capture cut off).
enum DebugDescriptionReader {
    static func read(_ text: String, file: String) throws(CaptureError) -> [CaptureNode] {
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Element subtree:" }) else {
            throw CaptureError("no 'Element subtree:' line", at: SourceLocation(file: file, line: 1, column: 1),
                               expected: "the output of print(app.debugDescription)")
        }
        var roots: [CaptureNode] = []
        var stack: [(depth: Int, node: CaptureNode)] = []
        func close(to depth: Int) {
            while let last = stack.last, last.depth >= depth {
                stack.removeLast()
                if stack.isEmpty { roots.append(last.node) } else { stack[stack.count - 1].node.children.append(last.node) }
            }
        }
        var end = lines.count
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            var body = Substring(line)
            var indent = 0
            while let first = body.first, first == " " || first == "→" {
                indent += 1
                body = body.dropFirst()
            }
            guard !body.isEmpty else { continue }
            // The subtree ends where XCUITest's other sections begin.
            if indent == 0 {
                end = index
                break
            }
            let here = SourceLocation(file: file, line: index + 1, column: indent + 1)
            let node = try parse(body, at: here)
            let depth = indent / 2
            close(to: depth)
            // Nesting is bounded before anything walks the tree (the importer, a scene's loading).
            guard stack.count < Capture.maximumDepth else {
                throw CaptureError("an element nested deeper than \(Capture.maximumDepth) levels", at: here,
                                   expected: "elements at most \(Capture.maximumDepth) levels deep")
            }
            stack.append((depth, node))
        }
        close(to: 0)
        // Two dumps in one file: the second was left unread.
        if end < lines.count,
           let second = lines[end...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Element subtree:" }) {
            throw CaptureError("a second 'Element subtree:' (the first is on line \(start + 1))",
                               at: SourceLocation(file: file, line: second + 1, column: 1),
                               expected: "one debugDescription dump a file")
        }
        if roots.isEmpty {
            throw CaptureError("the element subtree is empty", at: SourceLocation(file: file, line: start + 1, column: 1),
                               expected: "indented element lines under 'Element subtree:'")
        }
        return roots
    }

    /// `Switch, 0x600000c0c380, {{16.0, 210.0}, {361.0, 44.0}}, identifier: 'airplane', label: 'Airplane Mode', value: 0`
    static func parse(_ line: Substring, at location: SourceLocation) throws(CaptureError) -> CaptureNode {
        var rest = line
        let typeEnd = rest.firstIndex(of: ",") ?? rest.endIndex
        var type = rest[..<typeEnd].trimmingCharacters(in: .whitespaces)
        if let paren = type.firstIndex(of: " ") { type = String(type[..<paren]) }   // "Window (Main)"
        guard !type.isEmpty, type.first!.isLetter else {
            throw CaptureError("'\(line)' is not an element line", at: location, expected: "Type, 0x…, {{x, y}, {w, h}}, …")
        }
        var node = CaptureNode(type: type, location: location)
        rest = rest[typeEnd...]
        if let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                throw CaptureError("a frame without its '}}'", at: location, expected: "{{x, y}, {width, height}}")
            }
            let numbers = rest[open.upperBound..<close.lowerBound]
                .split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " }).map { Double($0) }
            guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3],
                  x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                throw CaptureError("a frame that is not four numbers", at: location, expected: "{{x, y}, {width, height}}")
            }
            node.frame = Frame(x: x, y: y, width: width, height: height)
            rest = rest[close.upperBound...]
        }
        node.identifier = try quotedValue(of: "identifier", in: rest, at: location)
        node.label = try quotedValue(of: "label", in: rest, at: location)
        node.placeholder = try quotedValue(of: "placeholderValue", in: rest, at: location)
        node.value = try quotedValue(of: "value", in: rest, at: location) ?? plainValue(of: "value", in: rest)
        let flags = rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        node.selected = flags.contains("Selected")
        node.enabled = !flags.contains("Disabled")
        return node
    }

    /// `key: 'text'`: XCUITest writes the text as is, so it ends at the next `', ` (or the line's
    /// last `'`). A line that ends before the closing quote was cut off.
    private static func quotedValue(of key: String, in text: Substring, at location: SourceLocation) throws(CaptureError) -> String? {
        guard let start = text.range(of: " \(key): '") else { return nil }
        let from = start.upperBound
        let end = text.range(of: "', ", range: from..<text.endIndex)?.lowerBound
            ?? (text.hasSuffix("'") && text.index(before: text.endIndex) >= from ? text.index(before: text.endIndex) : nil)
        guard let end else {
            throw CaptureError("the line ends inside \(key): '…' (the capture is cut off?)", at: location,
                               expected: "\(key): 'text' closed by a quote")
        }
        let value = String(text[from..<end])
        return value.isEmpty ? nil : value
    }

    /// `value: 0`: a value without quotes, up to the next comma.
    private static func plainValue(of key: String, in text: Substring) -> String? {
        guard let start = text.range(of: " \(key): ") else { return nil }
        let rest = text[start.upperBound...]
        let value = rest.prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }
}
