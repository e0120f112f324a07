import EarshotAudit
import EarshotCore
import EarshotFiles
import Foundation

extension AuditConfiguration {
    /// The name `earshot audit` and `earshot run` look for in the current folder when no
    /// `--config FILE` is given.
    public static let defaultFile = ".earshot.yml"

    /// Reads a configuration file; every problem is bad input with its file, line and column.
    ///
    /// ```swift
    /// let configuration = try AuditConfiguration.load(path: ".earshot.yml")
    /// configuration.rules["sheet-grabber"]   // .error, .warning, .off or nil
    /// ```
    ///
    /// ```yaml
    /// rules:
    ///   sheet-button-labels: off
    ///   sheet-grabber: error
    /// maxStates: 500
    /// os: "18"
    /// baseline: earshot-baseline.json   # relative to this file
    /// ```
    public static func load(path: String, boundary: ProjectBoundary = .project) throws(LoadError) -> AuditConfiguration {
        let data: Data
        switch InputFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            throw LoadError("configuration file \(problem.message)", at: SourceLocation(file: path, line: 1, column: 1),
                            expected: "a readable YAML file", reading: problem)
        }
        guard let text = String(validatingUTF8Data: data) else {
            throw LoadError("the file is not valid UTF-8", at: .firstInvalidUTF8(in: data, file: path),
                            expected: "UTF-8 text")
        }
        return try load(yaml: text, file: path, relativeTo: (path as NSString).deletingLastPathComponent, boundary: boundary)
    }

    /// Reads a configuration from YAML text; `file` names it in messages, and a relative
    /// `baseline` is resolved against `directory`.
    /// The `baseline:` and `profiles:` paths it writes stay inside `boundary`.
    public static func load(yaml: String, file: String = "<yaml>", relativeTo directory: String = "",
                            boundary: ProjectBoundary = .project) throws(LoadError) -> AuditConfiguration {
        return try LargeStack.load { () throws(LoadError) in
            // Only comments, a `---` marker or nothing: no settings.
            guard let document = try YAMLDocument.parseUnlessEmpty(text: yaml, file: file) else { return AuditConfiguration() }
            let decoder = AuditConfigurationDecoder(file: file, boundary: boundary)
            let configuration = decoder.decode(document.root, directory: directory)
            guard decoder.diagnostics.isEmpty else { throw LoadError(SceneLoader.sorted(decoder.diagnostics)) }
            return configuration
        }
    }
}

/// Turns a configuration file's mapping into an ``AuditConfiguration``.
final class AuditConfigurationDecoder: NodeReader {
    static let keys = ["rules", "maxStates", "os", "language", "configurations", "baseline", "profiles"]

    func decode(_ node: DocumentNode, directory: String) -> AuditConfiguration {
        var configuration = AuditConfiguration()
        // Named by its kind, not quoted: a file given as --config may be anything.
        guard case .mapping(let mapping) = node.content, let entries = self.mapping(node, "the configuration") else {
            error("the configuration is \(kind(of: node))", at: node,
                  expected: "a mapping with \(Self.keys.joined(separator: ", "))")
            return configuration
        }
        guard claims(mapping, keys: Self.keys) else {
            error("this is not an Earshot configuration: none of its top-level keys is one Earshot reads", at: node,
                  expected: "a mapping with \(Self.keys.joined(separator: ", "))")
            return configuration
        }
        checkKeys(entries, allowed: Self.keys, in: "the configuration")
        for entry in entries {
            switch entry.key {
            case "rules": configuration.rules = rules(entry.value)
            case "maxStates":
                if let number = number(entry.value, "maxStates") {
                    if number >= 1, number == number.rounded(), number <= Double(Int32.max) {
                        configuration.maxStates = Int(number)
                    } else {
                        error("maxStates \(NumberText.canonical(number)) is out of range", at: entry.value,
                              expected: "a whole number, 1 or more")
                    }
                }
            case "os":
                configuration.os = osVersion(entry.value)
                configuration.osLocation = entry.value.location
            case "language":
                configuration.language = language(entry.value)
                configuration.languageLocation = entry.value.location
            case "configurations":
                configuration.configurations = configurations(entry.value)
            case "baseline":
                configuration.baseline = projectPath(entry.value, "baseline", directory: directory)?.resolved
            case "profiles":
                (configuration.overlayFiles, configuration.overlays) = overlays(entry.value, directory: directory)
            default: break
            }
        }
        return configuration
    }

    /// `profiles: [FILE, …]` (or one file): profile overlays, each read and checked now; their
    /// problems are said at their own lines.
    private func overlays(_ node: DocumentNode, directory: String) -> ([String], [ProfileOverlay]) {
        let items = node.items ?? [node]
        var files: [String] = [], overlays: [ProfileOverlay] = []
        for item in items {
            guard let (path, resolved) = projectPath(item, "profile overlay", directory: directory) else { continue }
            do {
                // Read once: a file that cannot be is said at this line, not at the overlay's first.
                switch InputFile.read(resolved) {
                case .failure(let problem):
                    error("profile overlay '\(path)' \(problem.message)", at: item, expected: "a profile overlay file, relative to this file")
                case .success(let data):
                    overlays.append(try ProfileOverlay.load(data: data, file: resolved))
                    files.append(resolved)
                }
            } catch {
                for diagnostic in error.diagnostics { self.error(diagnostic.message, at: diagnostic.location, expected: diagnostic.expected) }
            }
        }
        return (files, overlays)
    }

    /// `rules: { RULE: error | warning | off }`, every rule one `earshot audit` knows.
    private func rules(_ node: DocumentNode) -> [String: AuditConfiguration.Setting] {
        guard case .mapping = node.content, let entries = mapping(node, "rules") else {
            error("rules is \(describe(node))", at: node, expected: "a mapping of RULE: error | warning | off")
            return [:]
        }
        let known = Rule.all.map(\.id)
        var settings: [String: AuditConfiguration.Setting] = [:]
        for entry in entries {
            guard known.contains(entry.key) else {
                error("unknown rule '\(entry.key)'", at: entry.keyNode, expected: "one of: \(known.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: entry.key, in: known))
                continue
            }
            if let setting = word(entry.value, "setting", as: AuditConfiguration.Setting.self) {
                settings[entry.key] = setting
            }
        }
        return settings
    }
}
