/// Writes a ``DocumentNode`` as YAML for people to read and edit: `earshot import -o`, and the
/// Swift DSL's ``description``-like `yaml`. Block style, one key or list item per line; a node
/// marked `flow` on one line; comments after the line their value starts on. No loader reads
/// this text back in the same run: a document is decoded from its tree.
///
/// ```swift
/// let text = YAMLWriter.write(document, header: ["Imported by `earshot import`."])
/// // # Imported by `earshot import`.
/// // scene: "Settings"
/// // …
/// ```
public enum YAMLWriter {
    /// The document's text, ending in a line break, after the `header` comment lines.
    public static func write(_ root: DocumentNode, header: [String] = []) -> String {
        var lines = header.map { "# " + YAMLText.comment($0) }
        switch root.content {
        case .mapping(let entries) where !entries.isEmpty && !root.flow:
            mapping(entries, indent: "", first: nil, comment: root.comment, into: &lines)
        case .list(let items) where !items.isEmpty && !root.flow:
            list(items, indent: "", into: &lines)
        default:
            lines.append(inline(root) + trailing(root.comment))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A block mapping's lines; `first` replaces the indentation of its first line (a list
    /// item's `- `), where `comment`, the mapping's own, is written.
    private static func mapping(_ entries: [DocumentNode.Entry], indent: String, first: String?, comment: String?,
                                into lines: inout [String]) {
        for (index, entry) in entries.enumerated() {
            let lead = index == 0 ? first ?? indent : indent
            let note = index == 0 ? comment ?? entry.value.comment : entry.value.comment
            let key = scalar(entry.key)
            if isInline(entry.value) {
                lines.append(lead + key + ": " + inline(entry.value) + trailing(note))
                continue
            }
            lines.append(lead + key + ":" + trailing(note))
            block(entry.value, indent: indent + "  ", into: &lines)
        }
    }

    private static func list(_ items: [DocumentNode], indent: String, into lines: inout [String]) {
        for item in items {
            if isInline(item) {
                lines.append(indent + "- " + inline(item) + trailing(item.comment))
                continue
            }
            switch item.content {
            case .mapping(let entries):
                mapping(entries, indent: indent + "  ", first: indent + "- ", comment: item.comment, into: &lines)
            case .list(let nested):
                lines.append(indent + "-" + trailing(item.comment))
                list(nested, indent: indent + "  ", into: &lines)
            case .scalar:
                break
            }
        }
    }

    private static func block(_ node: DocumentNode, indent: String, into lines: inout [String]) {
        switch node.content {
        case .mapping(let entries): mapping(entries, indent: indent, first: nil, comment: nil, into: &lines)
        case .list(let items): list(items, indent: indent, into: &lines)
        case .scalar: break
        }
    }

    /// Whether the value goes on its key's or dash's line: a scalar, an empty collection, or flow.
    private static func isInline(_ node: DocumentNode) -> Bool {
        switch node.content {
        case .scalar: true
        case .list(let items): items.isEmpty || node.flow
        case .mapping(let entries): entries.isEmpty || node.flow
        }
    }

    /// A value on one line, in flow style when it is a collection.
    private static func inline(_ node: DocumentNode) -> String {
        switch node.content {
        case .scalar: scalar(node)
        case .list(let items): "[" + items.map(inline).joined(separator: ", ") + "]"
        case .mapping(let entries) where entries.isEmpty: "{}"
        case .mapping(let entries): "{ " + entries.map { scalar($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + " }"
        }
    }

    private static func trailing(_ comment: String?) -> String {
        comment.map { " # " + YAMLText.comment($0) } ?? ""
    }

    /// A scalar as YAML reads it back the same: plain when written plain and safe to leave
    /// unquoted (a plain empty value stays null), single-quoted as written, else double-quoted.
    static func scalar(_ node: DocumentNode) -> String {
        guard case .scalar(let text, let style) = node.content else { return inline(node) }
        switch style {
        case .plain:
            if text.isEmpty || text == "~" { return "null" }
            return isSafePlain(text) ? text : YAMLText.quoted(text)
        case .singleQuoted where !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }):
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .singleQuoted, .doubleQuoted, .literal, .folded:
            return YAMLText.quoted(text)
        }
    }

    /// Text that YAML reads as the same plain scalar: words, numbers (signed too), and a few
    /// punctuation marks that start nothing, no leading or trailing space.
    static func isSafePlain(_ text: String) -> Bool {
        guard let first = text.first, text.last != " " else { return false }
        let allowed = { (character: Character) in
            character.isASCII && (character.isLetter || character.isNumber || " _.-+/()%".contains(character))
        }
        let startsWell = first.isASCII && (first.isLetter || first.isNumber)
            || "-+.".contains(first) && text.dropFirst().first.map { $0.isASCII && $0.isNumber } == true
        return startsWell && text.allSatisfy(allowed)
    }
}
