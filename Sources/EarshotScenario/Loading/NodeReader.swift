import EarshotCore
import EarshotFiles
import Foundation

/// Reads a document's nodes into values, recording a diagnostic for each problem
/// instead of stopping at the first, so one run shows every mistake. Every node
/// carries its own location (``DocumentNode``): a file's line and column, a capture's
/// node, or the Swift line of the DSL.
class NodeReader {
    let file: String
    /// Where the paths the file writes may lead (``projectPath(_:_:directory:)``).
    let boundary: ProjectBoundary
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, boundary: ProjectBoundary) {
        self.file = file
        self.boundary = boundary
    }

    func error(_ message: String, at node: DocumentNode, expected: String? = nil, suggestion: String? = nil) {
        diagnostics.append(Diagnostic(message, at: node.location, expected: expected, suggestion: suggestion))
    }

    func error(_ message: String, at location: SourceLocation, expected: String? = nil) {
        diagnostics.append(Diagnostic(message, at: location, expected: expected))
    }

    /// The machine's problem found while reading (a bundled profile damaged): at no line of the file.
    func environmentError(_ message: String) {
        diagnostics.append(.environment(message))
    }

    // MARK: Shapes

    /// A mapping's entries with string keys, or nil (and a diagnostic) when the node is not a mapping.
    func mapping(_ node: DocumentNode, _ what: String) -> [(key: String, keyNode: DocumentNode, value: DocumentNode)]? {
        guard let entries = node.entries else {
            error("\(what) is \(describe(node))", at: node, expected: "a mapping")
            return nil
        }
        var result: [(key: String, keyNode: DocumentNode, value: DocumentNode)] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            guard let key = entry.key.text else {
                error("a key in \(what) is \(describe(entry.key))", at: entry.key, expected: "a plain key")
                continue
            }
            result.append((key, entry.key, entry.value))
        }
        return result
    }

    /// A mapping's values by the keys of a table (``SceneKey``, ``PresentationKey``), each other
    /// key recorded as unknown; a key written twice gives its first value, as the YAML reader
    /// has already refused the second.
    func keyed<Key: RawRepresentable & CaseIterable & Hashable>(
        _ entries: [(key: String, keyNode: DocumentNode, value: DocumentNode)], _ table: Key.Type, in what: String
    ) -> [Key: DocumentNode] where Key.RawValue == String {
        checkKeys(entries, allowed: Key.allCases.map(\.rawValue), in: what)
        var values: [Key: DocumentNode] = [:]
        for entry in entries {
            if let key = Key(rawValue: entry.key), values[key] == nil { values[key] = entry.value }
        }
        return values
    }

    /// Records unknown keys, suggesting the nearest allowed one.
    func checkKeys(_ entries: [(key: String, keyNode: DocumentNode, value: DocumentNode)], allowed: [String], in what: String,
                   alsoSuggest: [String] = []) {
        for entry in entries where !allowed.contains(entry.key) {
            let suggestion = TextMatching.nearest(to: entry.key, in: allowed + alsoSuggest)
            error("unknown key '\(entry.key)' in \(what)", at: entry.keyNode,
                  expected: "one of: \(allowed.joined(separator: ", "))", suggestion: suggestion)
        }
    }

    func list(_ node: DocumentNode, _ what: String) -> [DocumentNode]? {
        guard let items = node.items else {
            error("\(what) is \(describe(node))", at: node, expected: "a list")
            return nil
        }
        return items
    }

    /// A scalar's text. `null` (`key:` with nothing after it) reads as empty when `allowNull`.
    func string(_ node: DocumentNode, _ what: String, allowNull: Bool = false) -> String? {
        guard let text = node.text else {
            error("\(what) is \(describe(node))", at: node, expected: "text")
            return nil
        }
        if node.isNull && !allowNull {
            error("\(what) is empty", at: node, expected: "text")
            return nil
        }
        return node.isNull ? "" : text
    }

    func bool(_ node: DocumentNode, _ what: String) -> Bool? {
        switch node.text {
        case "true": return true
        case "false": return false
        default:
            error("\(what) is \(describe(node))", at: node, expected: "true or false")
            return nil
        }
    }

    func number(_ node: DocumentNode, _ what: String) -> Double? {
        if let text = node.text, !node.isNull, let number = Double(text), number.isFinite {
            return number
        }
        error("\(what) is \(describe(node))", at: node, expected: "a number")
        return nil
    }

    /// One of a closed set of words, with "did you mean".
    func word<T: RawRepresentable & CaseIterable>(_ node: DocumentNode, _ what: String, as type: T.Type) -> T?
    where T.RawValue == String {
        word(node, what, in: T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
    }

    /// One of `words`, with "did you mean".
    func word(_ node: DocumentNode, _ what: String, in words: [String]) -> String? {
        guard let text = string(node, what) else { return nil }
        if words.contains(text) { return text }
        error("unknown \(what) '\(text)'", at: node, expected: "one of: \(words.joined(separator: ", "))",
              suggestion: TextMatching.nearest(to: text, in: words))
        return nil
    }

    /// A path written in the file (`baseline:`, a recording's `capture:`, `profiles:`), resolved
    /// against `directory`: no control character, and inside the project (``ProjectBoundary``);
    /// each problem said at the node as `the WHAT path …` / `WHAT path '…' …`.
    func projectPath(_ node: DocumentNode, _ what: String, directory: String) -> (written: String, resolved: String)? {
        guard let path = string(node, what) else { return nil }
        if let control = InputFile.controlCharacter(in: path) {
            error("the \(what) path holds a control character (\(InputFile.name(control)))", at: node, expected: "a path relative to this file")
            return nil
        }
        let resolved = FilePath.joined(directory, path)
        guard boundary.contains(resolved, writtenIn: file) else {
            error("\(what) path '\(path)' leads outside the project", at: node, expected: ProjectBoundary.expectation)
            return nil
        }
        return (path, resolved)
    }

    /// What a node is, without what it holds: for files that may not be Earshot's at all.
    func kind(of node: DocumentNode) -> String {
        switch node.content {
        case .mapping: "a mapping"
        case .list: "a list"
        case .scalar: node.isNull ? "empty" : "text"
        }
    }

    /// Whether a top-level mapping is meant as one of Earshot's files: one of its keys is one of
    /// `keys`, or a near miss of one (`scenaro`). Only then may messages quote what it holds; a
    /// file that claims nothing (`/etc/shadow` read as YAML) is refused without a word of it.
    func claims(_ entries: [DocumentNode.Entry], keys: [String]) -> Bool {
        entries.contains { entry in
            guard let name = entry.key.text, name.count <= 40 else { return false }
            return keys.contains(name) || TextMatching.nearest(to: name, in: keys) != nil
        }
    }

    /// How a node looks, for messages: `a list`, `a mapping`, `'abc'`.
    func describe(_ node: DocumentNode) -> String {
        switch node.content {
        case .mapping: "a mapping"
        case .list: "a list"
        case .scalar(let text, _):
            node.isNull ? "empty" : "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        }
    }

    // MARK: Configurations

    /// An OS version some platform's profile knows; each scene's platform must know it too
    /// when it is applied, as with `--os`.
    func osVersion(_ node: DocumentNode) -> String? {
        guard let text = string(node, "os") else { return nil }
        var known: [String] = []
        for platform in Platform.allCases {
            for version in (try? Profile.bundled(platform))?.os.versions ?? [] where !known.contains(version) {
                known.append(version)
            }
        }
        guard known.contains(text) else {
            error("unknown OS version '\(text)'", at: node, expected: "one of: \(known.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: text, in: known))
            return nil
        }
        return text
    }

    /// A language some platform's profile has; each scene's platform must have it too when it
    /// is applied, as with `--language`.
    func language(_ node: DocumentNode) -> String? {
        guard let text = string(node, "language") else { return nil }
        guard Profile.languages.contains(text) else {
            error("unknown language '\(text)'", at: node, expected: "one of: \(Profile.languages.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: text, in: Profile.languages))
            return nil
        }
        return text
    }

    /// `configurations: [ { os: "26" }, { language: de }, { platform: ipados }, {} ]`: each an OS
    /// version and a language some profile knows (each scene's platform must know them too, as
    /// with `--os`), and the device (`ios` or `ipados`, for a scene of either); `{}` is the scene
    /// as written. Two with the same name are a mistake.
    func configurations(_ node: DocumentNode) -> [RunConfiguration] {
        guard let items = list(node, "configurations") else { return [] }
        if items.isEmpty { error("configurations is an empty list", at: node, expected: "one configuration or more, e.g. [ {}, { os: \"26\" } ]") }
        var result: [RunConfiguration] = []
        for item in items {
            guard case .mapping = item.content, let entries = mapping(item, "a configuration") else {
                error("a configuration is \(describe(item))", at: item,
                      expected: "{ os: VERSION, language: LANGUAGE, platform: ios | ipados }, any of them, or {}")
                continue
            }
            checkKeys(entries, allowed: ["platform", "os", "language"], in: "a configuration")
            var configuration = RunConfiguration(location: item.location)
            var read = true   // a value said to be wrong is not a second mistake (a duplicate of `{}`)
            for entry in entries {
                switch entry.key {
                case "platform":
                    configuration.platform = word(entry.value, "platform", as: Platform.self)
                    read = read && configuration.platform != nil
                case "os":
                    configuration.os = osVersion(entry.value)
                    read = read && configuration.os != nil
                case "language":
                    configuration.language = language(entry.value)
                    read = read && configuration.language != nil
                default: break
                }
            }
            guard read else { continue }
            if result.contains(configuration) {
                error("configuration '\(configuration.name)' is listed twice", at: item, expected: "each configuration once")
            } else {
                result.append(configuration)
            }
        }
        return result
    }
}
