import EarshotCore

/// The DSL's intermediate representation: a YAML value with the Swift source
/// location that wrote it. The DSL builds a tree of these, ``YAMLWriter``
/// writes it as scene YAML with each line's origin, and the scene loader
/// reads that exactly as it reads a file (same checks, same errors, same
/// model), pointing every location back at the Swift code.
struct YAMLNode: Sendable {
    indirect enum Kind: Sendable {
        /// Written as is: numbers, `true` / `false`, enumeration words.
        case plain(String)
        /// Written double-quoted, so any text survives: labels, ids, values.
        case quoted(String)
        case list([YAMLNode])
        /// Keys in order; `quotedKey` for keys a user wrote (ids, state names).
        case map([Entry])
    }

    struct Entry: Sendable {
        var key: String
        var quotedKey: Bool
        var value: YAMLNode
    }

    var kind: Kind
    /// Where it was written; nil to take its parent's location.
    var location: SourceLocation?

    static func plain(_ text: String, at location: SourceLocation? = nil) -> YAMLNode {
        YAMLNode(kind: .plain(text), location: location)
    }

    static func quoted(_ text: String, at location: SourceLocation? = nil) -> YAMLNode {
        YAMLNode(kind: .quoted(text), location: location)
    }

    static func bool(_ flag: Bool, at location: SourceLocation? = nil) -> YAMLNode {
        .plain(flag ? "true" : "false", at: location)
    }

    static func number(_ number: Double, at location: SourceLocation? = nil) -> YAMLNode {
        .plain(NumberText.canonical(number), at: location)
    }

    static func list(_ items: [YAMLNode], at location: SourceLocation? = nil) -> YAMLNode {
        YAMLNode(kind: .list(items), location: location)
    }

    /// A mapping with fixed (unquoted) keys.
    static func map(_ pairs: [(String, YAMLNode)], at location: SourceLocation? = nil) -> YAMLNode {
        YAMLNode(kind: .map(pairs.map { Entry(key: $0.0, quotedKey: false, value: $0.1) }), location: location)
    }

    /// A mapping whose keys a user wrote (presentation ids, element ids, state names).
    static func userMap(_ pairs: [(String, YAMLNode)], at location: SourceLocation? = nil) -> YAMLNode {
        YAMLNode(kind: .map(pairs.map { Entry(key: $0.0, quotedKey: true, value: $0.1) }), location: location)
    }
}

/// Writes a ``YAMLNode`` tree as block-style YAML, one key or list item per
/// line, and remembers where each line came from.
struct YAMLWriter {
    private(set) var lines: [String] = []
    private(set) var origins: [SourceLocation] = []

    /// The text (ending in a newline) and, for each of its lines, its origin.
    static func write(_ root: YAMLNode, fallback: SourceLocation) -> (text: String, origins: [SourceLocation]) {
        var writer = YAMLWriter()
        let origin = root.location ?? fallback
        switch root.kind {
        case .map(let entries) where !entries.isEmpty: writer.writeMap(entries, indent: 0, firstPrefix: nil, inherited: origin)
        case .list(let items) where !items.isEmpty: writer.writeList(items, indent: 0, inherited: origin)
        default: writer.line(writer.inline(root) ?? "", origin)
        }
        return (writer.lines.joined(separator: "\n") + "\n", writer.origins)
    }

    private mutating func line(_ text: String, _ origin: SourceLocation) {
        lines.append(text)
        origins.append(origin)
    }

    /// A node that fits on its key's line: scalars and empty collections.
    private func inline(_ node: YAMLNode) -> String? {
        switch node.kind {
        case .plain(let text): text
        case .quoted(let text): Self.quote(text)
        case .list(let items) where items.isEmpty: "[]"
        case .map(let entries) where entries.isEmpty: "{}"
        default: nil
        }
    }

    private mutating func writeMap(_ entries: [YAMLNode.Entry], indent: Int, firstPrefix: String?, inherited: SourceLocation) {
        let pad = String(repeating: " ", count: indent)
        for (index, entry) in entries.enumerated() {
            let lead = index == 0 ? (firstPrefix ?? pad) : pad
            let key = entry.quotedKey ? Self.quote(entry.key) : entry.key
            let origin = entry.value.location ?? inherited
            if let text = inline(entry.value) {
                line(lead + key + ": " + text, origin)
                continue
            }
            line(lead + key + ":", origin)
            switch entry.value.kind {
            case .map(let nested): writeMap(nested, indent: indent + 2, firstPrefix: nil, inherited: origin)
            case .list(let items): writeList(items, indent: indent + 2, inherited: origin)
            default: break
            }
        }
    }

    private mutating func writeList(_ items: [YAMLNode], indent: Int, inherited: SourceLocation) {
        let pad = String(repeating: " ", count: indent)
        for item in items {
            let origin = item.location ?? inherited
            if let text = inline(item) {
                line(pad + "- " + text, origin)
                continue
            }
            switch item.kind {
            case .map(let entries): writeMap(entries, indent: indent + 2, firstPrefix: pad + "- ", inherited: origin)
            case .list(let nested):
                line(pad + "-", origin)
                writeList(nested, indent: indent + 2, inherited: origin)
            default: break
            }
        }
    }

    /// A YAML double-quoted scalar (``YAMLText/quoted(_:)``).
    static func quote(_ text: String) -> String { YAMLText.quoted(text) }
}
