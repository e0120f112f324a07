import EarshotCapture
import EarshotCore
import EarshotFiles
import Foundation

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
    static func capturedScene(_ data: Data, file: String, boundary: ProjectBoundary, warnings: LoadWarnings? = nil) throws(LoadError) -> Scene? {
        // A file whose first key is one of Earshot's own is a scene or scenario file, which no
        // capture format begins with: looking for a capture's format in each scene file of a
        // suite was a twelfth of loading it.
        if startsWithOwnKey(data) { return nil }
        // The format shows in the first characters: a scene file is not copied into a string for it.
        guard CaptureFormat.detect(String(decoding: data.prefix(4096), as: UTF8.self)) != nil,
              let text = String(data: data, encoding: .utf8) else { return nil }
        let capture = try readCapture(text: text, file: file)
        return try importedScene(capture, presentations: [], platform: nil, overlay: nil, boundary: boundary, warnings: warnings)
    }

    /// Earshot's top-level keys, which begin its scene and scenario files.
    private static let ownKeys = Set(SceneDecoder.sceneKeys + baseKeys + ScenarioDecoder.scenarioKeys)

    /// Whether the first line that is not blank or a comment is `KEY:` (or `KEY: …`) for one of
    /// Earshot's top-level keys (``TopLevelKeys``, as a folder's search reads them).
    static func startsWithOwnKey(_ data: Data) -> Bool {
        TopLevelKeys.first(in: data.prefix(4096)).map(ownKeys.contains) ?? false
    }

    /// The scene of a scene file with `base:`: the captures' scene with the file's keys laid over it.
    static func basedScene(_ written: DocumentNode, file: String, directory: String, boundary: ProjectBoundary) throws(LoadError) -> Scene {
        guard let entries = written.entries else {
            throw LoadError("the top level is not a mapping", at: written.location, expected: "a mapping with 'base'")
        }
        var diagnostics: [Diagnostic] = []
        if let root = entries.first(where: { $0.name == "root" }) {
            diagnostics.append(Diagnostic("a scene with 'base' takes its root from the capture", at: root.key.location,
                                          expected: "changes to its elements under 'overrides: { ID_OR_LABEL: { … } }'"))
        }
        guard let base = written["base"] else {
            throw LoadError("the scene has no 'base'", at: written.location, expected: "base: CAPTURE")
        }
        // The capture and the presentations captured over it.
        var capturePath: (String, SourceLocation)?
        var presentations: [SceneImporter.PresentationCaptures] = []
        switch base.content {
        case .scalar(let path, _):
            capturePath = (path, base.location)
        case .mapping(let fields):
            for field in fields where !Self.baseFields.contains(field.name) {
                diagnostics.append(Diagnostic("unknown key '\(field.name)' in 'base'", at: field.key.location,
                                              expected: "one of: \(Self.baseFields.joined(separator: ", "))",
                                              suggestion: TextMatching.nearest(to: field.name, in: Self.baseFields)))
            }
            if let capture = base["capture"], let path = capture.text {
                capturePath = (path, capture.location)
            } else {
                diagnostics.append(Diagnostic("'base' has no 'capture'", at: base.location, expected: "capture: PATH"))
            }
            if let sheets = base["sheets"] {
                guard let ids = sheets.entries else {
                    throw LoadError(diagnostics + [Diagnostic("'sheets' is not a mapping", at: sheets.location,
                                                               expected: "ID: { captures: [PATH, …], presenter: LABEL_OR_ID }")])
                }
                for sheet in ids {
                    do throws(LoadError) {
                        presentations.append(try presentationCaptures(sheet.name, sheet.value, directory: directory, boundary: boundary))
                    } catch {
                        diagnostics += error.diagnostics
                    }
                }
            }
        case .list:
            diagnostics.append(Diagnostic("'base' is a list", at: base.location,
                                          expected: "base: CAPTURE, or base: { capture: CAPTURE, sheets: … }"))
        }
        guard diagnostics.isEmpty, let (path, at) = capturePath else { throw LoadError(sorted(diagnostics)) }
        let capture = try readCapture(path: path, directory: directory, at: at, boundary: boundary)
        let platform = written["platform"]?.text.flatMap(Platform.init(rawValue:))
        return try importedScene(capture, presentations: presentations, platform: platform, overlay: entries, boundary: boundary)
    }

    /// `ID: { captures: PATH | [PATH, …], presenter: LABEL_OR_ID }` under `base: sheets:`.
    private static func presentationCaptures(_ id: String, _ value: DocumentNode, directory: String, boundary: ProjectBoundary) throws(LoadError) -> SceneImporter.PresentationCaptures {
        let expected = "ID: { captures: [PATH, …], presenter: LABEL_OR_ID }"
        guard let fields = value.entries else {
            throw LoadError("sheet '\(id)' is not a mapping", at: value.location, expected: expected)
        }
        var captures: [Capture] = []
        var presenter: String?
        var diagnostics: [Diagnostic] = []
        for field in fields {
            switch (field.name, field.value.content) {
            case ("captures", .scalar(let path, _)):
                do throws(LoadError) { captures.append(try readCapture(path: path, directory: directory, at: field.value.location, boundary: boundary)) }
                catch { diagnostics += error.diagnostics }
            case ("captures", .list(let items)):
                for item in items {
                    guard let path = item.text else {
                        diagnostics.append(Diagnostic("a capture path is not text", at: item.location, expected: "PATH"))
                        continue
                    }
                    do throws(LoadError) { captures.append(try readCapture(path: path, directory: directory, at: item.location, boundary: boundary)) }
                    catch { diagnostics += error.diagnostics }
                }
            case ("presenter", .scalar(let text, _)):
                presenter = text
            case ("captures", _), ("presenter", _):
                diagnostics.append(Diagnostic("'\(field.name)' of sheet '\(id)' has the wrong shape", at: field.value.location,
                                              expected: field.name == "captures" ? "a path or a list of paths" : "a label or id"))
            default:
                diagnostics.append(Diagnostic("unknown key '\(field.name)' in sheet '\(id)'", at: field.key.location,
                                              expected: "one of: \(Self.sheetFields.joined(separator: ", "))",
                                              suggestion: TextMatching.nearest(to: field.name, in: Self.sheetFields)))
            }
        }
        if captures.isEmpty, diagnostics.isEmpty {
            diagnostics.append(Diagnostic("sheet '\(id)' has no 'captures'", at: value.location, expected: expected))
        }
        guard diagnostics.isEmpty else { throw LoadError(diagnostics) }
        return SceneImporter.PresentationCaptures(id: id, captures: captures, presenter: presenter)
    }

    private static func readCapture(path: String, directory: String, at: SourceLocation, boundary: ProjectBoundary) throws(LoadError) -> Capture {
        let resolved = FilePath.joined(directory, path)
        if let control = InputFile.controlCharacter(in: path) {
            throw LoadError("the capture path holds a control character (\(InputFile.name(control)))", at: at,
                            expected: "a path relative to this file")
        }
        if !boundary.contains(resolved, writtenIn: at.file) {
            throw LoadError("capture path '\(path)' leads outside the project", at: at, expected: ProjectBoundary.expectation)
        }
        let data: Data
        switch InputFile.read(resolved) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            throw LoadError("capture '\(path)' \(problem.message)", at: at, expected: "a capture file, relative to this file", reading: problem)
        }
        // A byte that is not UTF-8 is said where it is in the capture, with the line that names it.
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadError("\(Capture.notUTF8) (named at \(at))", at: .firstInvalidUTF8(in: data, file: resolved), expected: "UTF-8 text")
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
                                      overlay: [DocumentNode.Entry]?, boundary: ProjectBoundary,
                                      warnings: LoadWarnings? = nil) throws(LoadError) -> Scene {
        let imported: SceneImporter.Imported
        do {
            imported = try SceneImporter.scene(from: capture, presentations: presentations, platform: platform)
        } catch {
            throw LoadError([Diagnostic(error.message, at: error.location, expected: error.expected)])
        }
        warnings?.items += imported.warnings
        try YAMLDocument.checkSize(imported.document, what: "the scene imported from \(capture.file)")
        var document = imported.document
        if let overlay {
            var diagnostics: [Diagnostic] = []
            document.lay(overlay, diagnostics: &diagnostics)
            guard diagnostics.isEmpty else { throw LoadError(sorted(diagnostics)) }
        }
        return try decode(document, file: capture.file, boundary: boundary)
    }
}

/// Laying a scene file that starts from captures over the captures' imported scene: both are
/// document trees, so each value keeps the place it was written, the capture's node or the
/// file's line.
extension DocumentNode {
    /// Lays a scene file's entries over this imported scene: scene keys replace the imported
    /// ones, `presentations` merge by id (a presentation's keys replace the imported ones), and
    /// each `overrides` entry merges into the one imported element whose id or label it names.
    mutating func lay(_ written: [Entry], diagnostics: inout [Diagnostic]) {
        guard var entries = self.entries else { return }
        // Overrides first, wherever the file puts them: they name imported elements, never the
        // file's own presentations' elements.
        let ordered = written.filter { $0.name == "overrides" } + written.filter { $0.name != "overrides" }
        for entry in ordered where !["base", "root"].contains(entry.name) {
            switch entry.name {
            case "overrides":
                guard let overrides = entry.value.entries else {
                    diagnostics.append(Diagnostic("'overrides' is not a mapping", at: entry.value.location,
                                                  expected: "ID_OR_LABEL: { KEY: VALUE, … }"))
                    continue
                }
                for override in overrides { apply(override, to: &entries, diagnostics: &diagnostics) }
            case "presentations":
                guard let added = entry.value.entries,
                      let index = entries.firstIndex(where: { $0.name == "presentations" }),
                      var existing = entries[index].value.entries else {
                    Self.set(entry, in: &entries)
                    continue
                }
                for presentation in added {
                    if let old = existing.firstIndex(where: { $0.name == presentation.name }),
                       var fields = existing[old].value.entries, let newFields = presentation.value.entries {
                        for field in newFields { Self.set(field, in: &fields) }
                        existing[old].value.content = .mapping(fields)
                    } else {
                        Self.set(presentation, in: &existing)
                    }
                }
                entries[index].value.content = .mapping(existing)
            default:
                Self.set(entry, in: &entries)
            }
        }
        content = .mapping(entries)
    }

    /// Replaces the entry with the same key, or adds it at the end.
    static func set(_ entry: Entry, in entries: inout [Entry]) {
        if let index = entries.firstIndex(where: { $0.name == entry.name }) { entries[index] = entry } else { entries.append(entry) }
    }

    private func apply(_ override: Entry, to entries: inout [Entry], diagnostics: inout [Diagnostic]) {
        guard let fields = override.value.entries else {
            diagnostics.append(Diagnostic("override '\(override.name)' is not a mapping", at: override.value.location,
                                          expected: "\(override.name): { KEY: VALUE, … }, the element's keys to set"))
            return
        }
        var names: [String] = []
        var paths: [[Int]] = []
        for (index, entry) in entries.enumerated() {
            if entry.name == "root" { entry.value.findElements(named: override.name, path: [index], into: &paths, names: &names) }
            if entry.name == "presentations", let list = entry.value.entries {
                for (inner, presentation) in list.enumerated() {
                    presentation.value.findElements(named: override.name, path: [index, inner], into: &paths, names: &names)
                }
            }
        }
        guard paths.count == 1 else {
            let message = paths.isEmpty ? "no imported element has the id or label '\(override.name)'"
                : "\(paths.count) imported elements have the label '\(override.name)'"
            diagnostics.append(Diagnostic(message, at: override.key.location,
                                          expected: paths.isEmpty ? "an id or label of the capture" : "an id, or give one of them an id",
                                          suggestion: paths.isEmpty ? TextMatching.nearest(to: override.name, in: names) : nil))
            return
        }
        var document = DocumentNode(.mapping(entries), at: location)
        document.update(at: paths[0][...]) { element in
            guard var keys = element.entries else { return }
            let roleKeys = Set(SceneDecoder.roleKeys)
            for field in fields {
                if roleKeys.contains(field.name), let role = keys.firstIndex(where: { roleKeys.contains($0.name) }) {
                    keys[role] = field
                } else {
                    Self.set(field, in: &keys)
                }
            }
            element.content = .mapping(keys)
        }
        if let updated = document.entries { entries = updated }
    }

    /// Paths (indexes through mappings' entries and lists' items) to the elements whose id or
    /// label is `name`, under a `root`, `children`, `presentations`, `content` or `pages`.
    private func findElements(named name: String, path: [Int], into paths: inout [[Int]], names: inout [String]) {
        switch content {
        case .list(let items):
            for (index, item) in items.enumerated() { item.findElements(named: name, path: path + [index], into: &paths, names: &names) }
        case .mapping(let entries):
            let roleKeys = Set(SceneDecoder.roleKeys)
            if let role = entries.first(where: { roleKeys.contains($0.name) }) {
                let label = self["label"]?.text ?? role.value.text
                let id = self["id"]?.text
                names += [label, id].compactMap { $0 }
                if label == name || id == name { paths.append(path) }
            }
            for (index, entry) in entries.enumerated() where ["children", "content", "pages"].contains(entry.name) {
                entry.value.findElements(named: name, path: path + [index], into: &paths, names: &names)
            }
        case .scalar:
            break
        }
    }

    private mutating func update(at path: ArraySlice<Int>, _ change: (inout DocumentNode) -> Void) {
        guard let index = path.first else { return change(&self) }
        switch content {
        case .list(var items):
            items[index].update(at: path.dropFirst(), change)
            content = .list(items)
        case .mapping(var entries):
            entries[index].value.update(at: path.dropFirst(), change)
            content = .mapping(entries)
        case .scalar:
            break
        }
    }
}
