import EarshotCapture
import EarshotCore
import EarshotFiles
import Foundation
import Yams

/// Scenes from captures of a running app: a capture file read where a scene file is expected,
/// and a scene file that starts from captures (`base:`) and adds what a capture cannot hold.
///
/// ```yaml
/// base:
///   capture: captures/settings.xml
///   sheets:
///     wifi: { captures: [captures/wifi-medium.xml, captures/wifi-large.xml], presenter: Wi-Fi }
/// overrides:
///   General: { id: general, hint: Opens general settings }
/// presentations:
///   wifi: { confirm: discard }
/// ```
///
/// The capture's scene is made by `SceneImporter` as `earshot import` makes it; the file's own
/// keys are laid over it (elements by id or label under `overrides`, presentations by id,
/// scene keys by name) and the whole is loaded as one scene. Every location leads to where
/// its part was written: the capture's node, or the line of the scene file.
extension SceneLoader {
    /// Keys of a scene file that starts from captures, beside the scene keys (less `root`).
    static let baseKeys = ["base", "overrides"]
    /// The keys of `base:` written as a mapping, and of each of its `sheets:`.
    static let baseFields = ["capture", "sheets"]
    static let sheetFields = ["captures", "presenter"]

    /// The scene of a capture file's bytes, or nil when they hold no capture (told by their content).
    /// The import's warnings go to `warnings` when given.
    static func capturedScene(_ data: Data, file: String, warnings: LoadWarnings? = nil) throws(LoadError) -> Scene? {
        // The format shows in the first characters: a scene file is not copied into a string for it.
        guard CaptureFormat.detect(String(decoding: data.prefix(4096), as: UTF8.self)) != nil,
              let text = String(data: data, encoding: .utf8) else { return nil }
        let capture = try readCapture(text: text, file: file)
        return try importedScene(capture, presentations: [], platform: nil, overlay: nil, warnings: warnings)
    }

    /// The scene of a scene file with `base:`: the captures' scene with the file's keys laid over it.
    static func basedScene(_ root: Node, file: String, directory: String) throws(LoadError) -> Scene {
        let reader = NodeReader(file: file)
        let written = try Tree.make(root, reader: reader)
        guard case .mapping(let entries, _) = written else {
            throw LoadError("the top level is not a mapping", at: reader.location(root), expected: "a mapping with 'base'")
        }
        var diagnostics: [Diagnostic] = []
        if let root = entries.first(where: { $0.key == "root" }) {
            diagnostics.append(Diagnostic("a scene with 'base' takes its root from the capture", at: root.at,
                                          expected: "changes to its elements under 'overrides: { ID_OR_LABEL: { … } }'"))
        }
        guard let base = entries.first(where: { $0.key == "base" }) else {
            throw LoadError("the scene has no 'base'", at: written.at, expected: "base: CAPTURE")
        }
        // The capture and the presentations captured over it.
        var capturePath: (String, SourceLocation)?
        var presentations: [SceneImporter.PresentationCaptures] = []
        switch base.value {
        case .scalar(let path, _, let at):
            capturePath = (path, at)
        case .mapping(let fields, let at):
            for field in fields where !Self.baseFields.contains(field.key) {
                diagnostics.append(Diagnostic("unknown key '\(field.key)' in 'base'", at: field.at,
                                              expected: "one of: \(Self.baseFields.joined(separator: ", "))",
                                              suggestion: TextMatching.nearest(to: field.key, in: Self.baseFields)))
            }
            if case .scalar(let path, _, let at)? = fields.first(where: { $0.key == "capture" })?.value {
                capturePath = (path, at)
            } else {
                diagnostics.append(Diagnostic("'base' has no 'capture'", at: at, expected: "capture: PATH"))
            }
            if let sheets = fields.first(where: { $0.key == "sheets" })?.value {
                guard case .mapping(let ids, _) = sheets else {
                    throw LoadError(diagnostics + [Diagnostic("'sheets' is not a mapping", at: sheets.at,
                                                               expected: "ID: { captures: [PATH, …], presenter: LABEL_OR_ID }")])
                }
                for sheet in ids {
                    do throws(LoadError) {
                        presentations.append(try presentationCaptures(sheet.key, sheet.value, directory: directory))
                    } catch {
                        diagnostics += error.diagnostics
                    }
                }
            }
        case .sequence(_, let at):
            diagnostics.append(Diagnostic("'base' is a list", at: at, expected: "base: CAPTURE, or base: { capture: CAPTURE, sheets: … }"))
        }
        guard diagnostics.isEmpty, let (path, at) = capturePath else { throw LoadError(sorted(diagnostics)) }
        let capture = try readCapture(path: path, directory: directory, at: at)
        let platform = entries.first { $0.key == "platform" }.flatMap { entry in
            if case .scalar(let name, _, _) = entry.value { return Platform(rawValue: name) }
            return nil
        }
        return try importedScene(capture, presentations: presentations, platform: platform, overlay: entries)
    }

    /// `ID: { captures: PATH | [PATH, …], presenter: LABEL_OR_ID }` under `base: sheets:`.
    private static func presentationCaptures(_ id: String, _ value: Tree, directory: String) throws(LoadError) -> SceneImporter.PresentationCaptures {
        let expected = "ID: { captures: [PATH, …], presenter: LABEL_OR_ID }"
        guard case .mapping(let fields, let at) = value else {
            throw LoadError("sheet '\(id)' is not a mapping", at: value.at, expected: expected)
        }
        var captures: [Capture] = []
        var presenter: String?
        var diagnostics: [Diagnostic] = []
        for field in fields {
            switch (field.key, field.value) {
            case ("captures", .scalar(let path, _, let at)):
                do throws(LoadError) { captures.append(try readCapture(path: path, directory: directory, at: at)) }
                catch { diagnostics += error.diagnostics }
            case ("captures", .sequence(let items, _)):
                for item in items {
                    guard case .scalar(let path, _, let at) = item else {
                        diagnostics.append(Diagnostic("a capture path is not text", at: item.at, expected: "PATH"))
                        continue
                    }
                    do throws(LoadError) { captures.append(try readCapture(path: path, directory: directory, at: at)) }
                    catch { diagnostics += error.diagnostics }
                }
            case ("presenter", .scalar(let text, _, _)):
                presenter = text
            case ("captures", _), ("presenter", _):
                diagnostics.append(Diagnostic("'\(field.key)' of sheet '\(id)' has the wrong shape", at: field.value.at,
                                              expected: field.key == "captures" ? "a path or a list of paths" : "a label or id"))
            default:
                diagnostics.append(Diagnostic("unknown key '\(field.key)' in sheet '\(id)'", at: field.at,
                                              expected: "one of: \(Self.sheetFields.joined(separator: ", "))",
                                              suggestion: TextMatching.nearest(to: field.key, in: Self.sheetFields)))
            }
        }
        if captures.isEmpty, diagnostics.isEmpty {
            diagnostics.append(Diagnostic("sheet '\(id)' has no 'captures'", at: at, expected: expected))
        }
        guard diagnostics.isEmpty else { throw LoadError(diagnostics) }
        return SceneImporter.PresentationCaptures(id: id, captures: captures, presenter: presenter)
    }

    private static func readCapture(path: String, directory: String, at: SourceLocation) throws(LoadError) -> Capture {
        let resolved = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        if let control = InputFile.controlCharacter(in: path) {
            throw LoadError("the capture path holds a control character (\(InputFile.name(control)))", at: at,
                            expected: "a path relative to this file")
        }
        if !ProjectBoundary.contains(resolved, writtenIn: at.file) {
            throw LoadError("capture path '\(path)' leads outside the project", at: at, expected: ProjectBoundary.expectation)
        }
        let data: Data
        switch InputFile.read(resolved) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            throw LoadError("capture '\(path)' \(problem.message)", at: at, expected: "a capture file, relative to this file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadError("capture '\(path)' is not UTF-8 text", at: at, expected: "a capture file")
        }
        return try readCapture(text: text, file: resolved)
    }

    private static func readCapture(text: String, file: String) throws(LoadError) -> Capture {
        do {
            return try Capture.read(text, file: file)
        } catch {
            throw LoadError([Diagnostic(error.message, at: error.location, expected: error.expected)])
        }
    }

    /// Imports the captures and loads their scene with the written keys laid over it.
    private static func importedScene(_ capture: Capture, presentations: [SceneImporter.PresentationCaptures], platform: Platform?,
                                      overlay: [Tree.Entry]?, warnings: LoadWarnings? = nil) throws(LoadError) -> Scene {
        let imported: SceneImporter.Imported
        do {
            imported = try SceneImporter.scene(from: capture, presentations: presentations, platform: platform)
        } catch {
            throw LoadError([Diagnostic(error.message, at: error.location, expected: error.expected)])
        }
        warnings?.items += imported.warnings
        let document = try YAMLDocument.parse(text: imported.yaml, file: capture.file)
        guard let overlay else {
            return try decode(document.root, file: capture.file, lineOrigins: imported.origins)
        }
        var tree = try Tree.make(document.root, reader: NodeReader(file: capture.file, lineOrigins: imported.origins))
        var diagnostics: [Diagnostic] = []
        tree.lay(overlay, diagnostics: &diagnostics)
        guard diagnostics.isEmpty else { throw LoadError(sorted(diagnostics)) }
        let (text, origins) = tree.yaml()
        let merged = try YAMLDocument.parse(text: text, file: capture.file)
        return try decode(merged.root, file: capture.file, lineOrigins: origins)
    }
}

/// A YAML document as text with the place each part was written, so that two documents (a
/// capture's scene and the file laid over it) merge into one whose locations stay true.
enum Tree {
    typealias Entry = (key: String, at: SourceLocation, value: Tree)

    /// A scalar's text, whether it was plain (unquoted), and where it was written.
    case scalar(String, plain: Bool, SourceLocation)
    case sequence([Tree], SourceLocation)
    case mapping([Entry], SourceLocation)

    var at: SourceLocation {
        switch self {
        case .scalar(_, _, let at), .sequence(_, let at), .mapping(_, let at): at
        }
    }

    /// The tree of a composed node; aliases that expand past the reader's limits are an error.
    static func make(_ node: Node, reader: NodeReader) throws(LoadError) -> Tree {
        do {
            return try tree(node, reader: reader)
        } catch {
            throw LoadError(reader.diagnostics)
        }
    }

    private static func tree(_ node: Node, reader: NodeReader) throws(NodeReader.Abort) -> Tree {
        try reader.visit(node)
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, plain: scalar.style == .plain, reader.location(node))
        case .sequence(let sequence):
            var items: [Tree] = []
            for item in sequence { items.append(try tree(item, reader: reader)) }
            return .sequence(items, reader.location(node))
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                guard let text = key.scalar?.string else {
                    reader.error("a key is not text", at: key, expected: "a plain key")
                    throw NodeReader.Abort()
                }
                entries.append((text, reader.location(key), try tree(value, reader: reader)))
            }
            return .mapping(entries, reader.location(node))
        case .alias:
            reader.error("an alias is not resolved", at: node, expected: "no aliases in a scene with 'base'")
            throw NodeReader.Abort()
        }
    }

    // MARK: Laying a written file over an imported scene

    /// Lays a scene file's entries over this imported scene: scene keys replace the imported
    /// ones, `presentations` merge by id (a presentation's keys replace the imported ones), and
    /// each `overrides` entry merges into the one imported element whose id or label it names.
    mutating func lay(_ written: [Entry], diagnostics: inout [Diagnostic]) {
        guard case .mapping(var entries, let at) = self else { return }
        // Overrides first, wherever the file puts them: they name imported elements, never the
        // file's own presentations' elements.
        let ordered = written.filter { $0.key == "overrides" } + written.filter { $0.key != "overrides" }
        for entry in ordered where !["base", "root"].contains(entry.key) {
            switch entry.key {
            case "overrides":
                guard case .mapping(let overrides, _) = entry.value else {
                    diagnostics.append(Diagnostic("'overrides' is not a mapping", at: entry.value.at,
                                                  expected: "ID_OR_LABEL: { KEY: VALUE, … }"))
                    continue
                }
                for override in overrides { apply(override, to: &entries, diagnostics: &diagnostics) }
            case "presentations":
                guard case .mapping(let added, _) = entry.value,
                      let index = entries.firstIndex(where: { $0.key == "presentations" }),
                      case .mapping(var existing, let listAt) = entries[index].value else {
                    Self.set(entry, in: &entries)
                    continue
                }
                for presentation in added {
                    if let old = existing.firstIndex(where: { $0.key == presentation.key }),
                       case .mapping(var fields, let fieldsAt) = existing[old].value,
                       case .mapping(let newFields, _) = presentation.value {
                        for field in newFields { Self.set(field, in: &fields) }
                        existing[old].value = .mapping(fields, fieldsAt)
                    } else {
                        Self.set(presentation, in: &existing)
                    }
                }
                entries[index].value = .mapping(existing, listAt)
            default:
                Self.set(entry, in: &entries)
            }
        }
        self = .mapping(entries, at)
    }

    /// Replaces the entry with the same key, or adds it at the end.
    static func set(_ entry: Entry, in entries: inout [Entry]) {
        if let index = entries.firstIndex(where: { $0.key == entry.key }) { entries[index] = entry } else { entries.append(entry) }
    }

    private func apply(_ override: Entry, to entries: inout [Entry], diagnostics: inout [Diagnostic]) {
        guard case .mapping(let fields, _) = override.value else {
            diagnostics.append(Diagnostic("override '\(override.key)' is not a mapping", at: override.value.at,
                                          expected: "\(override.key): { KEY: VALUE, … }, the element's keys to set"))
            return
        }
        var names: [String] = []
        var paths: [[Int]] = []
        for (index, entry) in entries.enumerated() {
            if entry.key == "root" { entry.value.findElements(named: override.key, path: [index], into: &paths, names: &names) }
            if entry.key == "presentations", case .mapping(let list, _) = entry.value {
                for (inner, presentation) in list.enumerated() {
                    presentation.value.findElements(named: override.key, path: [index, inner], into: &paths, names: &names)
                }
            }
        }
        guard paths.count == 1 else {
            let message = paths.isEmpty ? "no imported element has the id or label '\(override.key)'"
                : "\(paths.count) imported elements have the label '\(override.key)'"
            diagnostics.append(Diagnostic(message, at: override.at,
                                          expected: paths.isEmpty ? "an id or label of the capture" : "an id, or give one of them an id",
                                          suggestion: paths.isEmpty ? TextMatching.nearest(to: override.key, in: names) : nil))
            return
        }
        var document = Tree.mapping(entries, self.at)
        document.update(at: paths[0][...]) { element in
            guard case .mapping(var keys, let at) = element else { return }
            let roleKeys = Set(SceneDecoder.roleKeys)
            for field in fields {
                if roleKeys.contains(field.key), let role = keys.firstIndex(where: { roleKeys.contains($0.key) }) {
                    keys[role] = field
                } else {
                    Self.set(field, in: &keys)
                }
            }
            element = .mapping(keys, at)
        }
        if case .mapping(let updated, _) = document { entries = updated }
    }

    /// Paths (indexes through mappings' entries and sequences' items) to the elements whose id or
    /// label is `name`, under a `root`, `children`, `presentations`, `content` or `pages`.
    private func findElements(named name: String, path: [Int], into paths: inout [[Int]], names: inout [String]) {
        switch self {
        case .sequence(let items, _):
            for (index, item) in items.enumerated() { item.findElements(named: name, path: path + [index], into: &paths, names: &names) }
        case .mapping(let entries, _):
            let roleKeys = Set(SceneDecoder.roleKeys)
            if let role = entries.first(where: { roleKeys.contains($0.key) }) {
                let label = entries.first { $0.key == "label" }?.value.text ?? role.value.text
                let id = entries.first { $0.key == "id" }?.value.text
                names += [label, id].compactMap { $0 }
                if label == name || id == name { paths.append(path) }
            }
            for (index, entry) in entries.enumerated() where ["children", "content", "pages"].contains(entry.key) {
                entry.value.findElements(named: name, path: path + [index], into: &paths, names: &names)
            }
        case .scalar:
            break
        }
    }

    private var text: String? {
        if case .scalar(let text, _, _) = self { return text }
        return nil
    }

    private mutating func update(at path: ArraySlice<Int>, _ change: (inout Tree) -> Void) {
        guard let index = path.first else { return change(&self) }
        switch self {
        case .sequence(var items, let at):
            items[index].update(at: path.dropFirst(), change)
            self = .sequence(items, at)
        case .mapping(var entries, let at):
            entries[index].value.update(at: path.dropFirst(), change)
            self = .mapping(entries, at)
        case .scalar:
            break
        }
    }

    // MARK: Writing back

    /// The document as YAML text, with where each line was written.
    func yaml() -> (text: String, origins: [SourceLocation]) {
        let lines = block()
        return (lines.map(\.text).joined(separator: "\n") + "\n", lines.map(\.at))
    }

    private func block() -> [(text: String, at: SourceLocation)] {
        switch self {
        case .scalar:
            return [(inline!, at)]
        case .sequence(let items, let at):
            if items.isEmpty { return [("[]", at)] }
            return items.flatMap { item in
                if let inline = item.inline { return [("- " + inline, item.at)] }
                let lines = item.block()
                return [("- " + lines[0].text, lines[0].at)] + lines.dropFirst().map { ("  " + $0.text, $0.at) }
            }
        case .mapping(let entries, let at):
            if entries.isEmpty { return [("{}", at)] }
            return entries.flatMap { entry in
                let key = Tree.scalarText(entry.key, plain: true)
                if let inline = entry.value.inline { return [("\(key): \(inline)", entry.at)] }
                return [("\(key):", entry.at)] + entry.value.block().map { ("  " + $0.text, $0.at) }
            }
        }
    }

    /// The value on one line: a scalar, or an empty list or mapping.
    private var inline: String? {
        switch self {
        case .scalar(let text, let plain, _): Tree.scalarText(text, plain: plain)
        case .sequence(let items, _): items.isEmpty ? "[]" : nil
        case .mapping(let entries, _): entries.isEmpty ? "{}" : nil
        }
    }

    /// A scalar as YAML reads it back the same: plain when it was plain and needs no quoting
    /// (so `null` stays null), else double-quoted.
    static func scalarText(_ text: String, plain: Bool) -> String {
        if plain, text.isEmpty || text == "~" { return "null" }
        let simple = text.first.map { $0.isASCII && ($0.isLetter || $0.isNumber) } == true && text.last != " "
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " _.-+/()%".contains($0)) }
        return plain && simple ? text : YAMLText.quoted(text)
    }
}
