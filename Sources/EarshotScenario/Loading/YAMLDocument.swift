import EarshotCore
import EarshotFiles
import Foundation
import Yams

/// A YAML file composed into a ``DocumentNode`` tree, with the checks that keep loading safe:
/// valid UTF-8, no tabs in indentation, bounded nesting, no alias expansion inside mapping keys
/// (where hashing would expand it), and aliases that expand the document only so far.
struct YAMLDocument {
    let file: String
    let root: DocumentNode

    /// Nesting deeper than this (an upper bound read off the text) is refused
    /// before composing, so no input can exhaust the stack.
    static let maximumNesting = 2_000

    /// Reads and composes a file. Call on a thread with a large stack (``LargeStack``).
    static func read(path: String, displayName: String? = nil) throws(LoadError) -> YAMLDocument {
        let name = displayName ?? path
        switch InputFile.read(path) {
        case .success(let data):
            return try parse(data: data, file: name)
        case .failure(let problem):
            throw LoadError("file \(problem.message)", at: SourceLocation(file: name, line: 1, column: 1),
                            expected: "a readable YAML file", reading: problem)
        }
    }

    static func parse(data: Data, file: String) throws(LoadError) -> YAMLDocument {
        guard let text = String(validatingUTF8Data: data) else {
            throw LoadError("the file is not valid UTF-8", at: .firstInvalidUTF8(in: data, file: file),
                            expected: "UTF-8 text")
        }
        return try parse(text: text, file: file)
    }

    static func parse(text: String, file: String) throws(LoadError) -> YAMLDocument {
        guard let document = try parseUnlessEmpty(text: text, file: file) else {
            throw LoadError("the file is empty", at: SourceLocation(file: file, line: 1, column: 1),
                            expected: "a mapping with 'scene' and 'root', or 'scenario' and 'scene'")
        }
        return document
    }

    /// The document, or nil when the text holds none (nothing, comments, a `---` marker, `null`).
    static func parseUnlessEmpty(text: String, file: String) throws(LoadError) -> YAMLDocument? {
        try Prescan(text: text, file: file).check()
        let node: Node?
        do {
            // The loader reads every scalar as text (NodeReader), so no tag needs resolving: the
            // basic resolver spares a regular-expression match per scalar (and per mapping key
            // hashed for the duplicate check), and keys still compare by their text.
            // UTF-8, Swift strings' own encoding (Yams' default reads the environment on every parse).
            node = try Parser(yaml: text, resolver: .basic, encoding: .utf8).singleRoot()
        } catch let error as YamlError {
            throw LoadError([diagnostic(for: error, file: file)])
        } catch {
            throw LoadError("the YAML cannot be read: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard let node, !(node.scalar.map { $0.style == .plain && ["", "~", "null"].contains($0.string) } ?? false) else {
            return nil
        }
        var tree = TreeBuilder(file: file)
        return YAMLDocument(file: file, root: try tree.node(node))
    }

    /// The most nodes a scene may hold, however it was made: a file's YAML (``TreeBuilder``), a
    /// capture's import, the DSL. One limit for all, so that what `earshot import` writes loads.
    static var maximumNodes: Int { TreeBuilder.maximumNodes }
    /// How often an alias may repeat one written node.
    static var maximumRepeats: Int { TreeBuilder.maximumRepeats }

    /// Refuses a document built in code (an import, the DSL) that holds more nodes than a scene
    /// file may: `earshot import` wrote scenes of 45 MB captures that no command could load.
    static func checkSize(_ root: DocumentNode, what: String) throws(LoadError) {
        var count = 0
        var pending = [root]
        while let node = pending.popLast() {
            count += 1
            if count > maximumNodes {
                throw LoadError("\(what) holds more than \(maximumNodes) nodes, more than a scene file may hold", at: root.location,
                                expected: "a scene of at most \(maximumNodes) nodes (about 200,000 elements): capture less of the screen")
            }
            switch node.content {
            case .scalar: break
            case .list(let items): pending += items
            case .mapping(let entries):
                for entry in entries { pending.append(entry.key); pending.append(entry.value) }
            }
        }
    }

    /// The located tree of a composed document. Yams expands each alias into a copy of its
    /// anchor's node, which keeps the anchor's line and column: a node seen thousands of times
    /// is an alias expanding (a "billion laughs"), stopped here before it is built.
    private struct TreeBuilder {
        let file: String
        var built = 0
        var repeats: [Int: Int] = [:]

        /// Nodes built at most, however the document's aliases repeat them.
        static let maximumNodes = 2_000_000
        /// How often one written node may be built again through aliases.
        static let maximumRepeats = 10_000

        mutating func node(_ node: Node) throws(LoadError) -> DocumentNode {
            let mark = node.mark
            let location = SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
            built += 1
            if built > Self.maximumNodes {
                throw LoadError("the document expands to more than \(Self.maximumNodes) nodes", at: location,
                                expected: "a smaller document; aliases may repeat large parts")
            }
            if let mark {
                let key = mark.line &* 1_000_003 &+ mark.column
                let count = repeats[key, default: 0] + 1
                repeats[key] = count
                if count > Self.maximumRepeats {
                    throw LoadError("an alias expands this part more than \(Self.maximumRepeats) times", at: location,
                                    expected: "aliases that repeat a part a few times, not exponentially")
                }
            }
            switch node {
            case .scalar(let scalar):
                let style: DocumentNode.ScalarStyle = switch scalar.style {
                case .singleQuoted: .singleQuoted
                case .doubleQuoted: .doubleQuoted
                case .literal: .literal
                case .folded: .folded
                case .any, .plain: .plain
                }
                return DocumentNode(.scalar(scalar.string, style), at: location)
            case .sequence(let sequence):
                var items: [DocumentNode] = []
                items.reserveCapacity(sequence.count)
                for item in sequence { items.append(try self.node(item)) }
                // Written in block style when written again: Yams reads a collection's style off
                // its end event (Parser.loadSequence), so what the file wrote is not known.
                return DocumentNode(.list(items), at: location)
            case .mapping(let mapping):
                var entries: [DocumentNode.Entry] = []
                entries.reserveCapacity(mapping.count)
                for (key, value) in mapping {
                    entries.append(DocumentNode.Entry(key: try self.node(key), value: try self.node(value)))
                }
                return DocumentNode(.mapping(entries), at: location)
            case .alias:
                // The parser resolves every alias to its anchor's node; none is left to build.
                throw LoadError("an alias is not resolved", at: location, expected: "an alias to an anchor written before it")
            }
        }
    }

    private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        func location(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: max(mark.line, 1), column: max(mark.column, 1))
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = "malformed YAML: \(problem)"
            if let context { message += " \(context.text) at \(context.mark.line):\(context.mark.column)" }
            return Diagnostic(message, at: location(mark))
        case let .duplicatedKeysInMapping(duplicates, context):
            return Diagnostic("duplicate key '\(duplicates.joined(separator: "', '"))' in a mapping",
                              at: location(context.mark), expected: "each key once")
        case let .reader(problem, _, _, _):
            return Diagnostic("malformed YAML: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return Diagnostic("malformed YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

}

extension String {
    /// The text, when the bytes are valid UTF-8.
    init?(validatingUTF8Data data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}

/// Cheap checks on the raw text before libyaml sees it.
private struct Prescan {
    let text: String
    let file: String

    func check() throws(LoadError) {
        var diagnostics: [Diagnostic] = []
        var flowDepth = 0
        var lineNumber = 0
        // An alias whose key-or-value role is not yet known (its ':' may come later), and a '?' seen.
        var pendingAlias: (line: Int, column: Int)?
        var explicitKey = false
        var text = text
        // Lines split at each LF byte (a CR before it stays at the line's end), read in place.
        text.withUTF8 { bytes in
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                defer { start = end + 1 }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                var column = 0
                while column < line.count, line[column] == UInt8(ascii: " ") || line[column] == UInt8(ascii: "\t") {
                    if line[column] == UInt8(ascii: "\t"), column + 1 < line.count || true {
                        let rest = line[column...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                        if let first = rest.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "\r") {
                            diagnostics.append(Diagnostic("tab in indentation", at: location(lineNumber, column + 1),
                                                          expected: "spaces; YAML does not allow tabs for indentation"))
                            break
                        }
                    }
                    column += 1
                }
                let indent = column
                var indicators = 0
                var index = indent
                // Block indicators at the start of the line ("- - -", "? ") each open a level.
                while index + 1 < line.count, line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "?"),
                      line[index + 1] == UInt8(ascii: " ") {
                    indicators += 1
                    index += 2
                    while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
                }
                let content = line[index...]
                if content.first == UInt8(ascii: "?") || (indicators > 0 && line[index - 2] == UInt8(ascii: "?")) {
                    if content.contains(UInt8(ascii: "*")) {
                        diagnostics.append(Diagnostic("an alias inside a mapping key", at: location(lineNumber, index + 1),
                                                      expected: "plain keys; aliases may stand only as values"))
                    }
                }
                var inSingle = false, inDouble = false
                var previous: UInt8 = UInt8(ascii: " ")
                var position = index
                func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
                func aliasKey(_ at: (line: Int, column: Int)) {
                    diagnostics.append(Diagnostic("an alias used as a mapping key", at: location(at.line, at.column),
                                                  expected: "plain keys; aliases may stand only as values"))
                }
                while position < line.count {
                    let byte = line[position]
                    if byte == 0xEF, position + 2 < line.count, line[position + 1] == 0xBB, line[position + 2] == 0xBF,
                       lineNumber > 1 || start + position > 0 {
                        // U+FEFF belongs only at the start of a file; inside a key it makes a key no one can match.
                        diagnostics.append(Diagnostic("a byte order mark (U+FEFF) inside the text",
                                                      at: location(lineNumber, position + 1),
                                                      expected: "U+FEFF only as the file's first character, if at all"))
                    }
                    if inDouble {
                        if byte == UInt8(ascii: "\\") { position += 2; continue }
                        if byte == UInt8(ascii: "\"") { inDouble = false }
                    } else if inSingle {
                        if byte == UInt8(ascii: "'") { inSingle = false }
                    } else {
                        // An alias followed (past spaces, and in flow past line ends) by ':' is a key, as is one
                        // after '?': Yams would hash its whole expansion (`{ *a : x }` with a's laughs hung).
                        if !isSpace(byte), byte != UInt8(ascii: ":") { pendingAlias = nil }
                        switch byte {
                        case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || position == index:
                            position = line.count
                            continue
                        case UInt8(ascii: "\""): inDouble = true
                        case UInt8(ascii: "'"): inSingle = true
                        case UInt8(ascii: "["), UInt8(ascii: "{"): flowDepth += 1
                        case UInt8(ascii: "]"), UInt8(ascii: "}"):
                            flowDepth = max(0, flowDepth - 1)
                            explicitKey = false
                        case UInt8(ascii: ","): explicitKey = false
                        case UInt8(ascii: "?") where isSpace(previous) || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
                            || previous == UInt8(ascii: ","):
                            if position + 1 == line.count || isSpace(line[position + 1]) { explicitKey = true }
                        case UInt8(ascii: "*") where isSpace(previous) || previous == UInt8(ascii: "[")
                            || previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",") || previous == UInt8(ascii: "?"):
                            let at = (line: lineNumber, column: position + 1)
                            // The alias's name: libyaml's anchor characters.
                            position += 1
                            while position < line.count, line[position] == UInt8(ascii: "-") || line[position] == UInt8(ascii: "_")
                                || (line[position] | 0x20 >= UInt8(ascii: "a") && line[position] | 0x20 <= UInt8(ascii: "z"))
                                || (line[position] >= UInt8(ascii: "0") && line[position] <= UInt8(ascii: "9")) {
                                position += 1
                            }
                            if explicitKey {
                                aliasKey(at)
                                explicitKey = false
                            } else {
                                pendingAlias = at
                            }
                            previous = UInt8(ascii: "*")
                            continue
                        case UInt8(ascii: ":"):
                            let next = position + 1 < line.count ? line[position + 1] : UInt8(ascii: " ")
                            if let alias = pendingAlias, flowDepth > 0 || isSpace(next) { aliasKey(alias) }
                            pendingAlias = nil
                            explicitKey = false
                        default: break
                        }
                    }
                    previous = byte
                    position += 1
                }
                if flowDepth == 0 {
                    // A block key is on one line.
                    pendingAlias = nil
                    explicitKey = false
                }
                let bound = 2 * (indent + indicators) + flowDepth + 2
                if bound > YAMLDocument.maximumNesting {
                    diagnostics.append(Diagnostic("nesting too deep", at: location(lineNumber, min(index, line.count) + 1),
                                                  expected: "at most \(YAMLDocument.maximumNesting) levels of YAML nesting"))
                    break
                }
                if diagnostics.count >= 20 { break }
            }
        }
        if !diagnostics.isEmpty { throw LoadError(diagnostics) }
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
