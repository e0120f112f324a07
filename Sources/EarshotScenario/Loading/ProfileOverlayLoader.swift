import EarshotCore
import EarshotFiles
import Foundation

extension ProfileOverlay {
    /// The keys of an overlay file and of each of its facts, in the order they are written.
    public static let keys = ["overlay", "platform", "language", "facts"]
    static let factKeys = ["path", "value", "platform", "language", "from", "source"]

    /// Reads a profile overlay (docs/calibration.md, "Correcting Earshot"): every fact is checked
    /// against the bundled profile it corrects (the key path exists, the value fits), each
    /// problem bad input at its file, line and column.
    ///
    /// ```yaml
    /// overlay: Our app on iOS 27
    /// platform: ios
    /// language: en
    /// facts:
    ///   - path: grabber.values.medium
    ///     value: Collapsed
    ///     from: "27"
    ///     source: "Recordings/compose.recording.yaml:14: VoiceOver said \"Sheet grabber, Collapsed, button\""
    /// ```
    public static func load(path: String) throws(LoadError) -> ProfileOverlay {
        try LargeStack.load { () throws(LoadError) in try decode(YAMLDocument.read(path: path).root, file: path) }
    }

    /// Reads an overlay from a file's bytes; `file` names it in messages.
    static func load(data: Data, file: String) throws(LoadError) -> ProfileOverlay {
        try LargeStack.load { () throws(LoadError) in try decode(YAMLDocument.parse(data: data, file: file).root, file: file) }
    }

    /// Reads an overlay from YAML text; `file` names it in messages.
    public static func load(yaml: String, file: String = "<yaml>") throws(LoadError) -> ProfileOverlay {
        try LargeStack.load { () throws(LoadError) in try decode(YAMLDocument.parse(text: yaml, file: file).root, file: file) }
    }

    private static func decode(_ root: DocumentNode, file: String) throws(LoadError) -> ProfileOverlay {
        // An overlay names no path: the rule alone.
        let decoder = ProfileOverlayDecoder(file: file, boundary: .project)
        let overlay = decoder.decode(root)
        guard let overlay, decoder.diagnostics.isEmpty else { throw LoadError(SceneLoader.sorted(decoder.diagnostics)) }
        return overlay
    }

    /// The overlay as a file `load(path:)` reads; `header` lines become comments.
    public func yaml(header: [String] = []) -> String {
        let here = SourceLocation.code()
        func text(_ value: String) -> DocumentNode { .scalar(value, .doubleQuoted, at: here) }
        func node(_ value: ProfileValue) -> DocumentNode {
            switch value {
            case .text(let string): text(string)
            case .number(let number): .scalar(NumberText.canonical(number), at: here)
            case .bool(let bool): .scalar(bool ? "true" : "false", at: here)
            case .null: .scalar("null", at: here)
            case .list(let items): .list(items.map(node), at: here, flow: true)
            case .object(let object): .mapping(object.keys.sorted().map { ($0, node(object[$0]!)) }, at: here)
            }
        }
        let facts = facts.map { fact -> DocumentNode in
            var pairs: [(String, DocumentNode)] = [("path", .scalar(fact.dottedPath, at: here)), ("value", node(fact.value)),
                                                   ("platform", .scalar(fact.platform.rawValue, at: here)),
                                                   ("language", .scalar(fact.language, at: here))]
            if let from = fact.from { pairs.append(("from", text(from))) }
            pairs.append(("source", text(fact.source)))
            return .mapping(pairs, at: here)
        }
        return YAMLWriter.write(.mapping([("overlay", text(name)), ("facts", .list(facts, at: here))], at: here), header: header)
    }

    /// Every key path a bundled profile has on some platform, at its first and last version:
    /// what a fact may set (a key the profile leaves out where it has no value, such as macOS's
    /// `words.headingLevel` on iOS, is known from the platform that has it).
    static let knownPaths: Set<String> = {
        var paths: Set<String> = []
        func walk(_ value: Any, _ path: String) {
            if !path.isEmpty { paths.insert(path) }
            if let object = value as? [String: Any] {
                for (key, child) in object { walk(child, path.isEmpty ? key : path + "." + key) }
            }
        }
        for platform in Platform.allCases {
            for language in Profile.languages(for: platform) {
                guard let versions = (try? Profile.bundled(platform, language: language))?.os.versions else { continue }
                for version in [versions.first, versions.last].compactMap({ $0 }) {
                    guard let profile = try? Profile.bundled(platform, language: language, os: version),
                          let data = try? JSONEncoder().encode(profile),
                          let object = try? JSONSerialization.jsonObject(with: data) else { continue }
                    walk(object, "")
                }
            }
        }
        return paths
    }()
}

/// Turns an overlay file's mapping into a ``ProfileOverlay``.
final class ProfileOverlayDecoder: NodeReader {
    func decode(_ node: DocumentNode) -> ProfileOverlay? {
        guard let entries = node.entries, claims(entries, keys: ProfileOverlay.keys), let mapping = mapping(node, "the overlay") else {
            error("this is not a profile overlay: it is \(kind(of: node)) without an 'overlay' key", at: node,
                  expected: "a mapping with \(ProfileOverlay.keys.joined(separator: ", "))")
            return nil
        }
        checkKeys(mapping, allowed: ProfileOverlay.keys, in: "the overlay")
        func value(_ key: String) -> DocumentNode? { mapping.first { $0.key == key }?.value }
        guard let nameNode = value("overlay") else {
            error("the overlay has no 'overlay' (its name)", at: node, expected: "overlay: NAME")
            return nil
        }
        let name = string(nameNode, "overlay")
        let platform = value("platform").flatMap { word($0, "platform", as: Platform.self) }
        let language = value("language").flatMap { string($0, "language") }
        var facts: [ProfileOverlay.Fact] = []
        if let factsNode = value("facts"), let items = list(factsNode, "facts") {
            facts = items.compactMap { fact($0, platform: platform, language: language) }
        } else if value("facts") == nil {
            error("the overlay has no 'facts'", at: node, expected: "facts: [{ path, value, source }, …]")
        }
        guard let name else { return nil }
        return ProfileOverlay(name: name, facts: facts)
    }

    private func fact(_ node: DocumentNode, platform defaultPlatform: Platform?, language defaultLanguage: String?) -> ProfileOverlay.Fact? {
        guard let mapping = mapping(node, "a fact") else { return nil }
        checkKeys(mapping, allowed: ProfileOverlay.factKeys, in: "a fact")
        func value(_ key: String) -> DocumentNode? { mapping.first { $0.key == key }?.value }
        func required(_ key: String, _ expected: String) -> DocumentNode? {
            guard let found = value(key) else {
                error("a fact has no '\(key)'", at: node, expected: expected)
                return nil
            }
            return found
        }
        let pathNode = required("path", "path: KEY.KEY (a key path of the profile, as in words.button)")
        let valueNode = required("value", "value: what the profile should hold there")
        let sourceNode = required("source", "source: the recording or other evidence that shows it")
        let platform = value("platform").flatMap { word($0, "platform", as: Platform.self) } ?? defaultPlatform
        if platform == nil, value("platform") == nil {
            error("a fact names no platform, and the overlay gives none", at: node, expected: "platform: ios (on the fact or the overlay)")
        }
        let language = value("language").flatMap { string($0, "language") } ?? defaultLanguage ?? "en"
        let from = value("from").flatMap { string($0, "from") }
        let source = sourceNode.flatMap { string($0, "source") }
        var path: [String]?
        if let pathNode, let text = string(pathNode, "path") {
            let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if keys.contains(where: \.isEmpty) || !ProfileOverlay.knownPaths.contains(text) {
                let near = TextMatching.nearest(to: text, in: Array(ProfileOverlay.knownPaths))
                error("no profile has the key path '\(text)'", at: pathNode, expected: "a key path of a profile, as in words.button or grabber.values.medium",
                      suggestion: near)
            } else {
                path = keys
            }
        }
        guard let pathNode, let path, let valueNode, let platform, let source else { return nil }
        let fact = ProfileOverlay.Fact(path: path, value: profileValue(valueNode), platform: platform, language: language, from: from,
                                       source: source, location: pathNode.location)
        // The fact must fit the profile it corrects, at the version it names.
        do {
            let versions = try Profile.bundled(platform, language: language).os.versions
            if let from, !versions.contains(from), let fromNode = value("from") {
                error("unknown \(platform.rawValue) version '\(from)'", at: fromNode, expected: "one of: \(versions.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: from, in: versions))
                return nil
            }
            let profile = try Profile.bundled(platform, language: language, os: from ?? versions.last)
            _ = try profile.overlaid(by: [ProfileOverlay(name: "", facts: [fact])])
        } catch let problem as ProfileError {
            error(problem.description.replacingOccurrences(of: "\(pathNode.location): ", with: ""), at: valueNode)
            return nil
        } catch {
            self.error("\(error)", at: valueNode)
            return nil
        }
        return fact
    }

    /// A node as a profile value: a plain `true`/`false` a flag, a plain number a number, a plain
    /// `null` a removal; anything else (quoted included) text.
    private func profileValue(_ node: DocumentNode) -> ProfileValue {
        switch node.content {
        case .scalar(let text, let style):
            guard style == .plain else { return .text(text) }
            if node.isNull { return .null }
            if text == "true" || text == "false" { return .bool(text == "true") }
            if let number = Double(text), number.isFinite { return .number(number) }
            return .text(text)
        case .list(let items): return .list(items.map(profileValue))
        case .mapping(let entries):
            return .object(Dictionary(entries.map { ($0.name, profileValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
