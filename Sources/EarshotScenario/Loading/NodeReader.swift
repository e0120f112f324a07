import EarshotCore
import Yams

/// Reads YAML nodes into values, recording a diagnostic for each problem
/// instead of stopping at the first, so one run shows every mistake.
class NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Nodes visited, against documents that alias their way to a huge size.
    private var visited = 0
    static let maximumNodes = 2_000_000

    /// Thrown to stop reading a document that is too large to finish.
    struct Abort: Error {}

    /// For YAML generated from another source (the Swift DSL of `EarshotTesting`):
    /// where each line of the text came from. Empty for files written by hand.
    let lineOrigins: [SourceLocation]

    init(file: String, lineOrigins: [SourceLocation] = []) {
        self.file = file
        self.lineOrigins = lineOrigins
    }

    func location(_ node: Node) -> SourceLocation {
        let mark = node.mark
        if !lineOrigins.isEmpty {
            return lineOrigins[min(max(mark?.line ?? 1, 1), lineOrigins.count) - 1]
        }
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func error(_ message: String, at node: Node, expected: String? = nil, suggestion: String? = nil) {
        diagnostics.append(Diagnostic(message, at: location(node), expected: expected, suggestion: suggestion))
    }

    func error(_ message: String, at location: SourceLocation, expected: String? = nil) {
        diagnostics.append(Diagnostic(message, at: location, expected: expected))
    }

    /// How often one written node may be read again through aliases.
    static let maximumRepeats = 10_000
    private var repeats: [Int: Int] = [:]

    /// Counts a visit; throws once the document has expanded past the limits. A node
    /// reached through an alias keeps the line and column of its anchor, so a node
    /// read thousands of times is an alias expanding (a "billion laughs").
    func visit(_ node: Node) throws(Abort) {
        visited += 1
        if visited > Self.maximumNodes {
            error("the document expands to more than \(Self.maximumNodes) nodes", at: node,
                  expected: "a smaller document; aliases may repeat large parts")
            throw Abort()
        }
        if let mark = node.mark {
            let key = mark.line &* 1_000_003 &+ mark.column
            let count = repeats[key, default: 0] + 1
            repeats[key] = count
            if count > Self.maximumRepeats {
                error("an alias expands this part more than \(Self.maximumRepeats) times", at: node,
                      expected: "aliases that repeat a part a few times, not exponentially")
                throw Abort()
            }
        }
    }

    // MARK: Shapes

    /// A mapping's entries with string keys, or nil (and a diagnostic) when the node is not a mapping.
    func mapping(_ node: Node, _ what: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            error("\(what) is \(describe(node))", at: node, expected: "a mapping")
            return nil
        }
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                error("a key in \(what) is \(describe(key))", at: key, expected: "a plain key")
                continue
            }
            result.append((scalar.string, key, value))
        }
        return result
    }

    /// Records unknown keys, suggesting the nearest allowed one.
    func checkKeys(_ entries: [(key: String, keyNode: Node, value: Node)], allowed: [String], in what: String,
                   alsoSuggest: [String] = []) {
        for entry in entries where !allowed.contains(entry.key) {
            let suggestion = TextMatching.nearest(to: entry.key, in: allowed + alsoSuggest)
            error("unknown key '\(entry.key)' in \(what)", at: entry.keyNode,
                  expected: "one of: \(allowed.joined(separator: ", "))", suggestion: suggestion)
        }
    }

    func list(_ node: Node, _ what: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            error("\(what) is \(describe(node))", at: node, expected: "a list")
            return nil
        }
        return Array(sequence)
    }

    /// A scalar's text. `null` (`key:` with nothing after it) reads as empty when `allowNull`.
    func string(_ node: Node, _ what: String, allowNull: Bool = false) -> String? {
        guard case .scalar(let scalar) = node else {
            error("\(what) is \(describe(node))", at: node, expected: "text")
            return nil
        }
        if isNull(node) && !allowNull {
            error("\(what) is empty", at: node, expected: "text")
            return nil
        }
        return isNull(node) ? "" : scalar.string
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        if case .scalar(let scalar) = node {
            switch scalar.string {
            case "true": return true
            case "false": return false
            default: break
            }
        }
        error("\(what) is \(describe(node))", at: node, expected: "true or false")
        return nil
    }

    func number(_ node: Node, _ what: String) -> Double? {
        if case .scalar(let scalar) = node, !isNull(node), let number = Double(scalar.string), number.isFinite {
            return number
        }
        error("\(what) is \(describe(node))", at: node, expected: "a number")
        return nil
    }

    /// One of a closed set of words, with "did you mean".
    func word<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, as type: T.Type) -> T?
    where T.RawValue == String {
        word(node, what, in: T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
    }

    /// One of `words`, with "did you mean".
    func word(_ node: Node, _ what: String, in words: [String]) -> String? {
        guard let text = string(node, what) else { return nil }
        if words.contains(text) { return text }
        error("unknown \(what) '\(text)'", at: node, expected: "one of: \(words.joined(separator: ", "))",
              suggestion: TextMatching.nearest(to: text, in: words))
        return nil
    }

    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// How a node looks, for messages: `a list`, `a mapping`, `'abc'`.
    /// What a node is, without what it holds: for files that may not be Earshot's at all.
    func kind(of node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar: isNull(node) ? "empty" : "text"
        }
    }

    /// Whether a top-level mapping is meant as one of Earshot's files: one of its keys is one of
    /// `keys`, or a near miss of one (`scenaro`). Only then may messages quote what it holds; a
    /// file that claims nothing (`/etc/shadow` read as YAML) is refused without a word of it.
    func claims(_ mapping: Node.Mapping, keys: [String]) -> Bool {
        mapping.keys.contains { key in
            guard let name = key.scalar?.string, name.count <= 40 else { return false }
            return keys.contains(name) || TextMatching.nearest(to: name, in: keys) != nil
        }
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar(let scalar):
            isNull(node) ? "empty" : "'\(scalar.string.count > 40 ? String(scalar.string.prefix(40)) + "…" : scalar.string)'"
        }
    }
}
