import EarshotCore

/// A JSON value and where it begins in its file, so that a reader can point at the value that is
/// wrong (Foundation's JSONSerialization says nothing of where a value was).
///
/// ```swift
/// let json = try LocatedJSON.parse("[{\"AXLabel\": \"OK\"}]", file: "ok.json")
/// json.items?[0]["AXLabel"]?.string     // "OK"
/// json.items?[0].line                   // 1, the object's `{` is at column 2
/// ```
///
/// The parser reads UTF-8 bytes without recursion (a document nested past ``maxDepth`` is an
/// error, not a stack overflow), keeps the source text of numbers, tolerates a byte-order mark
/// and reports malformed JSON as a ``CaptureError`` at its line and column. Columns count Unicode
/// scalars from 1. A `\u` escape of a lone UTF-16 surrogate becomes U+FFFD.
struct LocatedJSON: Sendable {
    enum Content: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// The number, and its text as written (`1`, `0.5`, `1e-05`).
        case number(Double, String)
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object, in the order written.
    struct Member: Sendable {
        var key: String
        var value: LocatedJSON
    }

    var content: Content
    /// Where the value's first character is (1-based).
    var line: Int
    var column: Int

    /// Objects and arrays nested deeper than this are refused: enough for idb's elements at
    /// ``Capture/maximumDepth`` (an element is an object in its parent's `children` array, and
    /// its `frame` an object inside it).
    static let maxDepth = 2 * Capture.maximumDepth + 1

    func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// The value of `key` (the last one, if the key is written twice); nil if absent or not an object.
    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = content else { return nil }
        return members.last { $0.key == key }?.value
    }

    var members: [Member]? {
        if case .object(let members) = content { return members }
        return nil
    }

    var items: [LocatedJSON]? {
        if case .array(let items) = content { return items }
        return nil
    }

    var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    var number: Double? {
        if case .number(let value, _) = content { return value }
        return nil
    }

    var isNull: Bool {
        if case .null = content { return true }
        return false
    }

    /// What kind of value this is, for error messages: "an object", "a string", "null", ….
    var kindName: String {
        switch content {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// Parses a whole JSON document: one value, with nothing but whitespace around it.
    static func parse(_ text: String, file: String) throws(CaptureError) -> LocatedJSON {
        var text = text
        let result = text.withUTF8 { bytes -> Result<LocatedJSON, CaptureError> in
            var parser = Parser(bytes: bytes, file: file)
            do throws(CaptureError) { return .success(try parser.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// The byte-level parser behind ``LocatedJSON/parse(_:file:)``. Bytes are written as numbers (in
/// unoptimised builds `UInt8(ascii:)` is a call per comparison): 0x22 `"`, 0x2C `,`, 0x2D `-`,
/// 0x2E `.`, 0x2F `/`, 0x30–0x39 digits, 0x3A `:`, 0x5B `[`, 0x5C `\`, 0x5D `]`, 0x7B `{`, 0x7D `}`,
/// 0x65 / 0x45 `e` / `E`, 0x2B `+`, and the letters of `true`, `false`, `null` and the escapes.
private struct Parser {
    /// The text's bytes, read through a pointer: in unoptimised builds a buffer's subscript is a call.
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let file: String
    /// The next byte to read.
    var index = 0
    var line = 1
    /// Where the current line begins.
    var lineStart = 0
    /// Whether the current line so far is ASCII, where a column is an offset; else columns are
    /// counted in scalars, on from the last one counted.
    var lineIsASCII = true
    var countedOffset = 0
    var countedColumn = 1

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.count = bytes.count
        self.file = file
    }

    /// An object or array whose members are still being read.
    private struct Open {
        var isObject: Bool
        var line: Int
        var column: Int
        var items: [LocatedJSON] = []
        var members: [LocatedJSON.Member] = []
        /// The key whose value is being read (objects).
        var key = ""
    }

    mutating func document() throws(CaptureError) -> LocatedJSON {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            countedOffset = 3
        }
        skipWhitespace()
        if index >= count {
            throw error("the file is empty", expected: "a JSON array or object")
        }
        let value = try value()
        skipWhitespace()
        if index < count {
            throw error("unexpected \(describeNext()) after the JSON value", expected: "the end of the file")
        }
        return value
    }

    /// Reads one value, its nested values included, with an explicit stack of open objects and arrays.
    private mutating func value() throws(CaptureError) -> LocatedJSON {
        var stack: [Open] = []
        while true {
            // A value starts here.
            guard index < count else { throw endInside(stack.last, expected: "a value") }
            let (startLine, startColumn) = position()
            var finished: LocatedJSON
            switch bytes[index] {
            case 0x7B, 0x5B:
                let isObject = bytes[index] == 0x7B
                guard stack.count < LocatedJSON.maxDepth else {
                    throw error("the JSON nests deeper than \(LocatedJSON.maxDepth) levels",
                                expected: "objects and arrays at most \(LocatedJSON.maxDepth) deep")
                }
                index += 1
                skipWhitespace()
                let close: UInt8 = isObject ? 0x7D : 0x5D
                if index < count, bytes[index] == close {
                    index += 1
                    finished = LocatedJSON(content: isObject ? .object([]) : .array([]), line: startLine, column: startColumn)
                } else {
                    var open = Open(isObject: isObject, line: startLine, column: startColumn)
                    if isObject { open.key = try key(inside: open) }
                    stack.append(open)
                    continue
                }
            case 0x22:
                finished = LocatedJSON(content: .string(try string()), line: startLine, column: startColumn)
            case 0x2D, 0x30...0x39:
                finished = LocatedJSON(content: try number(), line: startLine, column: startColumn)
            case 0x74:
                try literal("true")
                finished = LocatedJSON(content: .bool(true), line: startLine, column: startColumn)
            case 0x66:
                try literal("false")
                finished = LocatedJSON(content: .bool(false), line: startLine, column: startColumn)
            case 0x6E:
                try literal("null")
                finished = LocatedJSON(content: .null, line: startLine, column: startColumn)
            case 0x5D where stack.last?.isObject == false:
                // `[` followed by `]` was read above: here a comma came before the bracket.
                throw error("a comma before ']'", expected: "a value after ','")
            default:
                throw error("expected a value, found \(describeNext())",
                            expected: "an object, array, string, number, true, false or null")
            }
            // A value is finished: it goes into the innermost open object or array, which may close in turn.
            while true {
                guard var open = stack.popLast() else { return finished }
                if open.isObject {
                    open.members.append(LocatedJSON.Member(key: open.key, value: finished))
                } else {
                    open.items.append(finished)
                }
                skipWhitespace()
                guard index < count else { throw endInside(open, expected: open.isObject ? "',' or '}'" : "',' or ']'") }
                let next = bytes[index]
                if next == 0x2C {
                    index += 1
                    skipWhitespace()
                    if open.isObject { open.key = try key(inside: open) }
                    stack.append(open)
                    break
                }
                if open.isObject, next == 0x7D {
                    index += 1
                    finished = LocatedJSON(content: .object(open.members), line: open.line, column: open.column)
                } else if !open.isObject, next == 0x5D {
                    index += 1
                    finished = LocatedJSON(content: .array(open.items), line: open.line, column: open.column)
                } else {
                    let opened = "\(open.line):\(open.column)"
                    throw error("expected \(open.isObject ? "',' or '}'" : "',' or ']'") after a value, found \(describeNext())",
                                expected: open.isObject ? "',' before the next \"key\": value, or '}' closing the object opened at \(opened)"
                                    : "',' before the next value, or ']' closing the array opened at \(opened)")
                }
            }
        }
    }

    /// An object's `"key":`, and the whitespace after the colon.
    private mutating func key(inside open: Open) throws(CaptureError) -> String {
        guard index < count else { throw endInside(open, expected: "a key") }
        guard bytes[index] == 0x22 else {
            if bytes[index] == 0x7D {
                throw error("a comma before '}'", expected: "a \"key\": value after ','")
            }
            throw error("expected a \"key\" in double quotes, found \(describeNext())", expected: "a \"key\": value")
        }
        let key = try string()
        skipWhitespace()
        guard index < count else { throw endInside(open, expected: "':'") }
        guard bytes[index] == 0x3A else {
            throw error("expected ':' after the key \"\(key)\", found \(describeNext())", expected: "':'")
        }
        index += 1
        skipWhitespace()
        return key
    }

    /// A string from its opening quote to its closing one, escapes decoded.
    private mutating func string() throws(CaptureError) -> String {
        let (startLine, startColumn) = position()
        index += 1
        let start = index
        // Most strings have no escapes: they are decoded straight from the bytes.
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 {
                let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
                index += 1
                return text
            }
            if byte == 0x5C { break }
            if byte < 0x20 { try controlCharacter(byte, stringLine: startLine, stringColumn: startColumn) }
            if byte >= 0x80 { lineIsASCII = false }
            index += 1
        }
        var decoded = Array(UnsafeBufferPointer(start: bytes + start, count: min(index, count) - start))
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte < 0x20 { try controlCharacter(byte, stringLine: startLine, stringColumn: startColumn) }
            if byte >= 0x80 { lineIsASCII = false }
            if byte != 0x5C {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 1 < count else { break }
            let escape = bytes[index + 1]
            switch escape {
            case 0x22, 0x5C, 0x2F: decoded.append(escape)
            case 0x62: decoded.append(0x08)
            case 0x66: decoded.append(0x0C)
            case 0x6E: decoded.append(0x0A)
            case 0x72: decoded.append(0x0D)
            case 0x74: decoded.append(0x09)
            case 0x75:
                index += 2
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), index + 1 < count,
                   bytes[index] == 0x5C, bytes[index + 1] == 0x75 {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save   // not a pair: the second escape is read on its own
                    }
                }
                let unicode = UnicodeScalar(scalar) ?? "\u{FFFD}"
                decoded.append(contentsOf: String(unicode).utf8)
                continue
            default:
                throw error("'\\\(describe(escape))' is not a JSON escape",
                            expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
            index += 2
        }
        throw CaptureError("the JSON ends inside a string", at: SourceLocation(file: file, line: startLine, column: startColumn),
                           expected: "a closing '\"'")
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hex4() throws(CaptureError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else {
                throw error("the JSON ends inside a \\u escape", expected: "four hex digits after \\u")
            }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: throw error("\(describeNext()) in a \\u escape", expected: "four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A control character inside a string: a line break means the string was never closed.
    private func controlCharacter(_ byte: UInt8, stringLine: Int, stringColumn: Int) throws(CaptureError) {
        if byte == 0x0A || byte == 0x0D {
            throw CaptureError("a string that is not closed on its line",
                               at: SourceLocation(file: file, line: stringLine, column: stringColumn),
                               expected: "a closing '\"' (a line break inside a string is written \\n)")
        }
        var copy = self
        throw copy.error("a control character (U+\(String(byte, radix: 16, uppercase: true).leftPadded(4))) inside a string",
                         expected: "an escape such as \\t or \\u0009")
    }

    /// A number as JSON writes it: `-`, digits without a leading zero, a fraction, an exponent.
    private mutating func number() throws(CaptureError) -> LocatedJSON.Content {
        let start = index
        if bytes[index] == 0x2D { index += 1 }
        func isDigit(_ at: Int) -> Bool { at < count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        guard isDigit(index) else { throw error("a '-' without digits", expected: "a number such as -1.5") }
        if bytes[index] == 0x30 {
            index += 1
            if isDigit(index) { throw error("a number with a leading zero", expected: "a number such as 7 or 0.7") }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] == 0x2E {
            index += 1
            guard isDigit(index) else { throw error("a number without digits after '.'", expected: "digits after the decimal point") }
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard isDigit(index) else { throw error("a number without digits in its exponent", expected: "digits after 'e'") }
            while isDigit(index) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
        return .number(Double(text) ?? .nan, text)
    }

    private mutating func literal(_ word: StaticString) throws(CaptureError) {
        let length = word.utf8CodeUnitCount
        var matches = index + length <= count
        var offset = 0
        while matches, offset < length {
            matches = bytes[index + offset] == word.utf8Start[offset]
            offset += 1
        }
        guard matches else {
            throw error("expected a value, found \(describeNext())", expected: "an object, array, string, number, true, false or null")
        }
        index += length
    }

    private mutating func skipWhitespace() {
        while index < count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                lineIsASCII = true
                countedOffset = index
                countedColumn = 1
            default:
                return
            }
        }
    }

    /// The line and column of `index`: scalars are counted on from the last position asked for.
    private mutating func position() -> (Int, Int) {
        if lineIsASCII { return (line, index - lineStart + 1) }
        if countedOffset < lineStart || countedOffset > index {
            countedOffset = lineStart
            countedColumn = 1
        }
        var column = countedColumn
        var offset = countedOffset
        while offset < index {
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        countedOffset = index
        countedColumn = column
        return (line, column)
    }

    /// An error at `index`.
    private mutating func error(_ message: String, expected: String) -> CaptureError {
        let (line, column) = position()
        return CaptureError(message, at: SourceLocation(file: file, line: line, column: column), expected: expected)
    }

    /// The document ends while objects or arrays are open: said of the innermost one.
    private mutating func endInside(_ open: Open?, expected: String) -> CaptureError {
        guard let open else { return error("the JSON ends where a value was expected", expected: expected) }
        return error("the JSON ends before the \(open.isObject ? "object" : "array") opened at \(open.line):\(open.column) is closed",
                     expected: expected)
    }

    /// The next character, quoted, for messages ("'x'", "the end of the file").
    private func describeNext() -> String {
        guard index < count else { return "the end of the file" }
        let end = min(index + 4, count)
        let scalar = String(decoding: UnsafeBufferPointer(start: bytes + index, count: end - index), as: UTF8.self).unicodeScalars.first
        guard let scalar else { return "byte \(bytes[index])" }
        return "'\(describe(scalar))'"
    }

    private func describe(_ byte: UInt8) -> String { describe(UnicodeScalar(byte)) }

    private func describe(_ scalar: UnicodeScalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(4)
            : String(scalar)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
