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
    static func read(_ raw: String, file: String) throws(CaptureError) -> [CaptureNode] {
        let text = unescaped(raw)
        let lines = Self.lines(of: text)
        // The subtree starts under `Element subtree:`; pasted without its header lines, at the
        // first element line.
        let header = lines.firstIndex { trimmed(stripped($0)) == "Element subtree:" }
        guard let start = header.map({ $0 + 1 }) ?? lines.firstIndex(where: { isElementLine(body(of: stripped($0)).body) }) else {
            throw CaptureError("no 'Element subtree:' line and no element line", at: SourceLocation(file: file, line: 1, column: 1),
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
        var base: Int?
        var last: (element: Substring, at: SourceLocation)?
        for index in start..<lines.count {
            // Pasted from a code comment (`// `, `/// `, `# `), lldb's console or indented as a
            // whole: the prefix and the first element line's indent are taken off every line.
            let line = stripped(lines[index])
            let (indent, element) = body(of: line)
            // Empty lines, and the `...` people write where they cut part of a dump out.
            guard !element.isEmpty, element != "...", element != "…" else { continue }
            // The subtree ends where XCUITest's other sections begin (`Path to element:`,
            // `Query chain:`), or at a line left of its first element.
            if indent < (base ?? 0) || isSectionHeader(element) || base == nil && !isElementLine(element) {
                end = index
                break
            }
            if base == nil { base = indent }
            let here = SourceLocation(file: file, line: index + 1, column: indent + 1)
            let node = try parse(element, at: here)
            last = (element, here)
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
        // A dump that runs to the end of the text may have been cut inside its last line.
        if end == lines.count, let last, let reason = cutOff(last.element) {
            throw CaptureError("the capture ends inside this element line (\(reason)): it is cut off", at: last.at,
                               expected: "a whole debugDescription dump, each element line with its frame")
        }
        // Two dumps in one file: the second was left unread.
        if end < lines.count,
           let second = lines[end...].firstIndex(where: { trimmed(stripped($0)) == "Element subtree:" }) {
            throw CaptureError("a second 'Element subtree:'" + (header.map { " (the first is on line \($0 + 1))" } ?? ""),
                               at: SourceLocation(file: file, line: second + 1, column: 1),
                               expected: "one debugDescription dump a file")
        }
        if roots.isEmpty {
            throw CaptureError("the element subtree is empty", at: SourceLocation(file: file, line: start, column: 1),
                               expected: "indented element lines under 'Element subtree:'")
        }
        return roots
    }

    /// Why an element line that ends the text looks cut short, or nil: XCUITest writes a frame on
    /// every element line, and ends it with a whole key, value or flag.
    static func cutOff(_ element: Substring) -> String? {
        if !element.contains("{") { return "it has no frame" }
        // Braces outside quoted values: a frame cut short leaves one open.
        var depth = 0, inQuote = false
        for character in element {
            if character == "'" { inQuote.toggle() } else if !inQuote, character == "{" { depth += 1 } else if !inQuote, character == "}" { depth -= 1 }
        }
        if depth != 0 { return "its frame is not closed" }
        let tail = trimmed(element.split(separator: ",", omittingEmptySubsequences: false).last ?? "")
        if tail.isEmpty { return "it ends with a comma" }
        if tail.hasSuffix(":") { return "'\(tail)' has no value" }
        guard !tail.contains(":"), !tail.contains("{"), !tail.contains("}") else { return nil }
        // A key always has a value; a flag is whole.
        let keys = ["identifier", "label", "value", "placeholderValue", "pid"], flags = ["Selected", "Disabled", "Focused", "Keyboard Focused"]
        if keys.contains(where: { $0.hasPrefix(tail) }) || flags.contains(where: { $0.hasPrefix(tail) && $0 != tail }) {
            return "it ends in '\(tail)'"
        }
        return nil
    }

    /// The text's lines, ended by `\n`, `\r\n` or `\r`, split on their bytes (splitting
    /// `Character`s took a tenth of a 20,000-element import).
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "\r"), index < bytes.endIndex, bytes[index] == UInt8(ascii: "\n") { index = bytes.index(after: index) }
            start = index
        }
        lines.append(text[start..<bytes.endIndex])
        return lines
    }

    /// Whether a text is a debugDescription dump, with or without its header lines, pasted
    /// from a comment or as `p`'s escaped string.
    static func looksLike(_ head: Substring) -> Bool {
        let text = unescaped(String(head))
        if text.contains("Element subtree:") || text.hasPrefix("Attributes: Application") { return true }
        return text.split(separator: "\n", maxSplits: 40).contains { isElementLine(body(of: stripped($0)).body) }
    }

    /// `p app.debugDescription` in lldb prints the text as a Swift string literal, on one line
    /// (`(String) $R0 = "Attributes: …\nElement subtree:\n …"`): its escapes are undone. A text
    /// with lines of its own is left as it is.
    static func unescaped(_ raw: String) -> String {
        guard raw.contains("\\n") else { return raw }
        // The literal may follow XCTest's activity lines (`t = 109.84s Requesting snapshot …`):
        // the line that holds it is the dump.
        if raw.split(separator: "\n", maxSplits: 3).count >= 3 {
            guard let line = raw.split(separator: "\n").first(where: { $0.contains("\\nElement subtree:\\n") }) else { return raw }
            return unescaped(String(line))
        }
        var text = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        if let quote = text.firstIndex(of: "\""), text[..<quote].allSatisfy({ $0 != "\n" }), text.last == "\"",
           quote < text.index(before: text.endIndex) {
            text = text[text.index(after: quote)..<text.index(before: text.endIndex)]
        }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let escaped = iterator.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            default: result.append(escaped)     // \" \' \\
            }
        }
        return result
    }

    /// The text without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> Substring {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return text[first...last]
    }

    /// A line without the prefix a comment or a console put before it.
    private static func stripped(_ line: Substring) -> Substring {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        for prefix in ["///", "//", "#", "(lldb)"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            if rest.first == " " { rest = rest.dropFirst() }
            return rest
        }
        return line
    }

    /// A line's indent (spaces, tabs as two, and XCUITest's `→` each count) and what follows it.
    private static func body(of line: Substring) -> (indent: Int, body: Substring) {
        var body = line
        var indent = 0
        while let first = body.first, first == " " || first == "→" || first == "\t" {
            indent += first == "\t" ? 2 : 1
            body = body.dropFirst()
        }
        return (indent, body)
    }

    /// `Path to element:`, `Query chain:`, `Attributes:`: XCUITest's other sections.
    private static func isSectionHeader(_ body: Substring) -> Bool {
        ["Path to element:", "Query chain:", "Attributes:", "Element subtree:"].contains { body.hasPrefix($0) }
    }

    /// `Button, 0x…, {{…}}`, `Button, {{…}}` (older Xcodes), `Button, identifier: '…', {x, y, w, h}`
    /// (Xcode 26), `Window (Main), …`: a type, a comma, and an address, a pid, a frame or a key.
    static func isElementLine(_ body: Substring) -> Bool {
        guard let first = body.first, first.isUppercase else { return false }
        let type = body.prefix { $0.isLetter }
        var rest = body.dropFirst(type.count)
        if rest.hasPrefix(" (") { rest = rest.drop { $0 != ")" }.dropFirst() }
        guard rest.hasPrefix(", ") else { return false }
        rest = rest.dropFirst(2)
        return rest.hasPrefix("0x") || rest.hasPrefix("pid: ") || rest.hasPrefix("{")
            || ["identifier: ", "label: ", "value: ", "placeholderValue: "].contains { rest.hasPrefix($0) }
    }

    /// `Switch, 0x600000c0c380, {{16.0, 210.0}, {361.0, 44.0}}, identifier: 'airplane', label: 'Airplane Mode', value: 0`
    static func parse(_ line: Substring, at location: SourceLocation) throws(CaptureError) -> CaptureNode {
        var rest = line
        let typeEnd = rest.firstIndex(of: ",") ?? rest.endIndex
        var type = String(trimmed(rest[..<typeEnd]))
        if let paren = type.firstIndex(of: " ") { type = String(type[..<paren]) }   // "Window (Main)"
        guard !type.isEmpty, type.first!.isLetter else {
            throw CaptureError("'\(line)' is not an element line", at: location, expected: "Type, 0x…, {{x, y}, {w, h}}, …")
        }
        var node = CaptureNode(type: type, location: location)
        rest = rest[typeEnd...]
        if let open = rest.utf8Range(of: "{{"), rest.utf8Range(of: "}}", from: open.upperBound) == nil {
            throw CaptureError("a frame without its '}}'", at: location, expected: "{{x, y}, {width, height}}")
        }
        if let (numbers, remaining) = frameNumbers(in: rest) {
            switch FrameText.read(numbers) {
            case .frame(let frame): node.frame = frame
            case .noPlace:
                // What XCUITest writes for a node with no place on screen (`{{inf, inf}, {0, 0}}`,
                // a negative size): not shown, and no reason to refuse the capture.
                node.frame = Frame(x: 0, y: 0, width: 0, height: 0)
                node.visible = false
            case .invalid(let found):
                let what = numbers.count == 4 ? "a frame value that is not a finite number (\(found))" : "a frame that is not four numbers"
                throw CaptureError(what, at: location, expected: "{{x, y}, {width, height}}, or inf for a node with no place on screen")
            }
            rest = remaining
        }
        node.identifier = try quotedValue(of: "identifier", in: rest, at: location)
        node.label = try quotedValue(of: "label", in: rest, at: location)
        node.placeholder = try quotedValue(of: "placeholderValue", in: rest, at: location)
        node.value = try quotedValue(of: "value", in: rest, at: location) ?? plainValue(of: "value", in: rest)
        let flags = rest.split(separator: ",").map(trimmed)
        node.selected = flags.contains("Selected")
        node.focused = flags.contains("Focused") || flags.contains("Keyboard Focused")
        node.enabled = !flags.contains("Disabled")
        return node
    }

    /// The frame's numbers and the line without it: `{{x, y}, {w, h}}`, or Xcode 26's `{x, y, w, h}`
    /// (a brace outside quoted values, followed by a number).
    private static func frameNumbers(in text: Substring) -> ([Substring], remaining: Substring)? {
        var inQuote = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "'" {
                inQuote.toggle()
            } else if !inQuote, character == "{" {
                let double = text[text.index(after: index)...].hasPrefix("{")
                guard let close = text.utf8Range(of: double ? "}}" : "}", from: index) else { return nil }
                let inner = text[text.index(index, offsetBy: double ? 2 : 1)..<close.lowerBound]
                let numbers = inner.split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " })
                // The keys are read from the rest of the line, before the frame and after it.
                if double || numbers.count == 4 { return (numbers, Substring(String(text[..<index] + text[close.upperBound...]))) }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// `key: 'text'`: XCUITest writes the text as is, so it ends at the next `', ` (or the line's
    /// last `'`). A line that ends before the closing quote was cut off.
    private static func quotedValue(of key: String, in text: Substring, at location: SourceLocation) throws(CaptureError) -> String? {
        guard let start = text.utf8Range(of: " \(key): '") else { return nil }
        let from = start.upperBound
        let end = text.utf8Range(of: "', ", from: from)?.lowerBound
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
        guard let start = text.utf8Range(of: " \(key): ") else { return nil }
        let rest = text[start.upperBound...]
        let value = trimmed(rest.prefix { $0 != "," })
        return value.isEmpty ? nil : String(value)
    }
}

extension Substring {
    /// The first range of `needle` at or after `start`, found on UTF-8 bytes: Foundation's
    /// `range(of:)` bridged every line of a dump to NSString.
    func utf8Range(of needle: String, from start: Index? = nil) -> Range<Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        let bytes = utf8
        var from = start ?? startIndex
        while from < endIndex, let hit = bytes[from...].firstIndex(of: first) {
            var index = hit
            var matched = 0
            while matched < pattern.count, index < endIndex, bytes[index] == pattern[matched] {
                index = bytes.index(after: index)
                matched += 1
            }
            if matched == pattern.count { return hit..<index }
            from = bytes.index(after: hit)
        }
        return nil
    }
}
