import EarshotCore
import Foundation

/// Reads XCUITest's `debugDescription` text (`print(app.debugDescription)` in a UI test): the
/// lines under `Element subtree:`, each `Type, 0x…, {{x, y}, {w, h}}, identifier: '…',
/// label: '…', value: …` with `Selected` / `Disabled` flags, two spaces of indent a level.
/// It says nothing of visibility or of which nodes are accessibility elements; the importer
/// decides those by type (and leaves out what lies outside the application's frame).
enum DebugDescriptionReader {
    static func read(_ text: String, file: String) throws(CaptureError) -> [CaptureNode] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
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
            if indent == 0 { break }
            let here = SourceLocation(file: file, line: index + 1, column: indent + 1)
            let node = try parse(body, at: here)
            let depth = indent / 2
            close(to: depth)
            stack.append((depth, node))
        }
        close(to: 0)
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
        node.identifier = quotedValue(of: "identifier", in: rest)
        node.label = quotedValue(of: "label", in: rest)
        node.placeholder = quotedValue(of: "placeholderValue", in: rest)
        node.value = quotedValue(of: "value", in: rest) ?? plainValue(of: "value", in: rest)
        let flags = rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        node.selected = flags.contains("Selected")
        node.enabled = !flags.contains("Disabled")
        return node
    }

    /// `key: 'text'`: XCUITest writes the text as is, so it ends at the next `', ` (or the line's last `'`).
    private static func quotedValue(of key: String, in text: Substring) -> String? {
        guard let start = text.range(of: " \(key): '") else { return nil }
        let from = start.upperBound
        let end = text.range(of: "', ", range: from..<text.endIndex)?.lowerBound
            ?? (text.hasSuffix("'") ? text.index(before: text.endIndex) : nil)
        guard let end, end >= from else { return nil }
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
