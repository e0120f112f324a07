import EarshotCore

/// A value of a scene written in Swift, with the Swift source location that wrote it, or none
/// to take its parent's. The DSL builds a tree of these and makes it the loader's
/// ``DocumentNode`` tree (``document(inheriting:)``), which the scene loader decodes exactly as
/// it decodes a file (same checks, same errors, same model), every location the Swift code's.
struct DefinitionNode: Sendable {
    indirect enum Kind: Sendable {
        /// Written as is: numbers, `true` / `false`, enumeration words.
        case plain(String)
        /// Written double-quoted, so any text survives: labels, ids, values.
        case quoted(String)
        case list([DefinitionNode])
        /// Keys in order; `quotedKey` for keys a user wrote (ids, state names).
        case map([Entry])
    }

    struct Entry: Sendable {
        var key: String
        var quotedKey: Bool
        var value: DefinitionNode
    }

    var kind: Kind
    /// Where it was written; nil to take its parent's location.
    var location: SourceLocation?

    static func plain(_ text: String, at location: SourceLocation? = nil) -> DefinitionNode {
        DefinitionNode(kind: .plain(text), location: location)
    }

    static func quoted(_ text: String, at location: SourceLocation? = nil) -> DefinitionNode {
        DefinitionNode(kind: .quoted(text), location: location)
    }

    static func bool(_ flag: Bool, at location: SourceLocation? = nil) -> DefinitionNode {
        .plain(flag ? "true" : "false", at: location)
    }

    static func number(_ number: Double, at location: SourceLocation? = nil) -> DefinitionNode {
        .plain(NumberText.canonical(number), at: location)
    }

    static func list(_ items: [DefinitionNode], at location: SourceLocation? = nil) -> DefinitionNode {
        DefinitionNode(kind: .list(items), location: location)
    }

    /// A mapping with fixed (unquoted) keys.
    static func map(_ pairs: [(String, DefinitionNode)], at location: SourceLocation? = nil) -> DefinitionNode {
        DefinitionNode(kind: .map(pairs.map { Entry(key: $0.0, quotedKey: false, value: $0.1) }), location: location)
    }

    /// A mapping with the keys of one of the scene format's tables (``SceneKey``, ``PresentationKey``).
    static func map<Key: RawRepresentable>(_ pairs: [(Key, DefinitionNode)], at location: SourceLocation? = nil) -> DefinitionNode
    where Key.RawValue == String {
        .map(pairs.map { ($0.0.rawValue, $0.1) }, at: location)
    }

    /// A mapping whose keys a user wrote (presentation ids, element ids, state names).
    static func userMap(_ pairs: [(String, DefinitionNode)], at location: SourceLocation? = nil) -> DefinitionNode {
        DefinitionNode(kind: .map(pairs.map { Entry(key: $0.0, quotedKey: true, value: $0.1) }), location: location)
    }
}

extension DefinitionNode {
    /// The loader's tree: each value at its own location, else its parent's; a mapping's key
    /// at its value's.
    func document(inheriting inherited: SourceLocation) -> DocumentNode {
        let here = location ?? inherited
        switch kind {
        case .plain(let text): return .scalar(text, at: here)
        case .quoted(let text): return .scalar(text, .doubleQuoted, at: here)
        case .list(let items): return .list(items.map { $0.document(inheriting: here) }, at: here)
        case .map(let entries):
            return DocumentNode(.mapping(entries.map { entry in
                let value = entry.value.document(inheriting: here)
                return DocumentNode.Entry(key: .scalar(entry.key, entry.quotedKey ? .doubleQuoted : .plain, at: value.location),
                                          value: value)
            }), at: here)
        }
    }
}
