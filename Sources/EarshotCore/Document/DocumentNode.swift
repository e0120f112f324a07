/// One value of a scene, scenario or configuration document, with where it was written: the
/// tree every loader decodes, whichever way the document was made.
///
/// A YAML file is composed into one (`file:line:column` on every value); `earshot import` and
/// `base:` build one from a capture (each value at the capture node it came from); the Swift
/// DSL builds one (each value at the Swift line that wrote it). The decoders read only this
/// tree, so a value's location is its own and no document is written as YAML text to be parsed
/// again. YAML text is written only for people (``YAMLWriter``).
///
/// ```swift
/// let here = SourceLocation(file: "Mail.swift", line: 12, column: 5)
/// let scene = DocumentNode.mapping([
///     ("scene", .scalar("Mail", .doubleQuoted, at: here)),
///     ("root", .list([.mapping([("button", .scalar("Compose", .doubleQuoted, at: here))], at: here)], at: here)),
/// ], at: here)
/// ```
public struct DocumentNode: Hashable, Sendable {
    /// How a scalar was written. Every value is read as text; the style says whether it was
    /// quoted (a plain `null` is empty, a quoted one is the word) and how to write it back.
    public enum ScalarStyle: Hashable, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// A mapping's entry: its key (a scalar, unless the document wrote something else there) and value.
    public struct Entry: Hashable, Sendable {
        public var key: DocumentNode
        public var value: DocumentNode

        public init(key: DocumentNode, value: DocumentNode) {
            self.key = key
            self.value = value
        }

        /// The key's text; empty for a key that is not a scalar.
        public var name: String { key.text ?? "" }
    }

    public enum Content: Hashable, Sendable {
        case scalar(String, ScalarStyle)
        case list([DocumentNode])
        /// Entries in the order written.
        case mapping([Entry])
    }

    public var content: Content
    public var location: SourceLocation
    /// Written on one line (`[390, 844]`, `{ present: "x" }`) when the document is written for people.
    public var flow: Bool
    /// A comment written after the line the value starts on, for people (`# 12:3 Button`).
    public var comment: String?

    public init(_ content: Content, at location: SourceLocation, flow: Bool = false, comment: String? = nil) {
        self.content = content
        self.location = location
        self.flow = flow
        self.comment = comment
    }

    public static func scalar(_ text: String, _ style: ScalarStyle = .plain, at location: SourceLocation,
                              comment: String? = nil) -> DocumentNode {
        DocumentNode(.scalar(text, style), at: location, comment: comment)
    }

    public static func list(_ items: [DocumentNode], at location: SourceLocation, flow: Bool = false) -> DocumentNode {
        DocumentNode(.list(items), at: location, flow: flow)
    }

    /// A mapping whose keys are written `keyStyle`, each at the location of its value.
    public static func mapping(_ pairs: [(String, DocumentNode)], at location: SourceLocation,
                               keyStyle: ScalarStyle = .plain, flow: Bool = false, comment: String? = nil) -> DocumentNode {
        DocumentNode(.mapping(pairs.map { Entry(key: .scalar($0.0, keyStyle, at: $0.1.location), value: $0.1) }),
                     at: location, flow: flow, comment: comment)
    }

    /// The text of a scalar; nil for a list or mapping.
    public var text: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// A scalar's style; nil for a list or mapping.
    public var style: ScalarStyle? {
        if case .scalar(_, let style) = content { return style }
        return nil
    }

    /// A plain `null`, `~` or nothing at all (`key:`), as YAML reads them.
    public var isNull: Bool {
        guard case .scalar(let text, .plain) = content else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    public var items: [DocumentNode]? {
        if case .list(let items) = content { return items }
        return nil
    }

    public var entries: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The value of the first entry named `key`, in a mapping.
    public subscript(key: String) -> DocumentNode? {
        entries?.first { $0.name == key }?.value
    }
}
