import EarshotCore
import EarshotFiles
import Foundation

/// Loads scenes from YAML (docs/format.md): a scene file, a scenario file's scene
/// (inline or by path), or YAML text.
///
/// ```swift
/// let scene = try SceneLoader.load(path: "Scenarios/mail/mail.yaml")
/// ```
///
/// Every problem is reported with its file, line and column, all of them
/// at once, as a ``LoadError``. Loading runs on a thread with a large
/// stack, so no input can crash it.
public enum SceneLoader {
    /// Loads the scene of a scene file, or of a scenario file (following its `scene:`); the
    /// paths it follows stay inside `boundary`.
    public static func load(path: String, boundary: ProjectBoundary = .project) throws(LoadError) -> Scene {
        try LargeStack.load { () throws(LoadError) in try loadFollowing(path: path, from: nil, visited: [], boundary: boundary) }
    }

    /// Loads the scene of a file as ``load(path:)`` does, and adds to `warnings` what importing
    /// it said when the file is a capture (no element VoiceOver can reach, a page source cut at
    /// its depth limit, element types Earshot does not know), as `earshot import` says them.
    public static func load(path: String, warnings: inout [String], boundary: ProjectBoundary = .project) throws(LoadError) -> Scene {
        let collected = LoadWarnings()
        let scene = try LargeStack.load { () throws(LoadError) in
            try loadFollowing(path: path, from: nil, visited: [], boundary: boundary, warnings: collected)
        }
        warnings += collected.items
        return scene
    }

    /// Loads a scene from YAML text; `file` names it in messages.
    public static func load(yaml: String, file: String = "<yaml>", relativeTo directory: String? = nil,
                            boundary: ProjectBoundary = .project) throws(LoadError) -> Scene {
        try LargeStack.load { () throws(LoadError) in
            let document = try YAMLDocument.parse(text: yaml, file: file)
            return try sceneOf(document, directory: directory ?? FileManager.default.currentDirectoryPath, visited: [],
                               boundary: boundary)
        }
    }

    /// Loads a scene from a document built in code: by the Swift DSL of `EarshotTesting`, by
    /// `SceneImporter` from a capture. Every location, in errors and in the scene (so in audit
    /// findings too), is the one its node carries: the Swift line, the capture node.
    ///
    /// ```swift
    /// let here = SourceLocation(file: #filePath, line: #line, column: 1)
    /// let scene = try SceneLoader.load(document: .mapping([
    ///     ("scene", .scalar("A", at: here)),
    ///     ("root", .list([.mapping([("button", .scalar("OK", at: here))], at: here)], at: here)),
    /// ], at: here))
    /// ```
    public static func load(document: DocumentNode) throws(LoadError) -> Scene {
        try LargeStack.load { () throws(LoadError) in
            try YAMLDocument.checkSize(document, what: "the scene")
            return try decode(document, file: document.location.file, boundary: .project)
        }
    }

    static func loadFollowing(path: String, from reference: SourceLocation?, visited: [String], boundary: ProjectBoundary,
                              scenes: SceneCache? = nil, warnings: LoadWarnings? = nil) throws(LoadError) -> Scene {
        // A scene in the cache was loaded whole, so it is not on the chain being loaded: no loop
        // to check (resolving the path's links costs a stat per component).
        if let scene = scenes?.scene(at: path) { return scene }
        let canonical = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        if visited.contains(canonical), let reference {
            throw LoadError("scene path '\(path)' leads back to a file already being loaded", at: reference,
                            expected: "a scene file, not a loop")
        }
        // Read once, through InputFile (regular files only): a capture (told by its content) is imported, anything else is YAML.
        let data: Data
        switch InputFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            if let reference {
                throw LoadError("scene file '\(path)' \(problem.message)", at: reference, expected: "a path relative to this file",
                                reading: problem)
            }
            throw LoadError("file \(problem.message)", at: SourceLocation(file: path, line: 1, column: 1), expected: "a readable YAML file",
                            reading: problem)
        }
        if let scene = try capturedScene(data, file: path, boundary: boundary, warnings: warnings) {
            scenes?.store(scene, at: path)
            return scene
        }
        let document = try YAMLDocument.parse(data: data, file: path)
        let scene = try sceneOf(document, directory: (path as NSString).deletingLastPathComponent,
                                visited: visited + [canonical], boundary: boundary, scenes: scenes)
        scenes?.store(scene, at: path)
        return scene
    }

    /// The scene of a document: itself when it is a scene, else its scenario's `scene:`.
    static func sceneOf(_ document: YAMLDocument, directory: String, visited: [String], boundary: ProjectBoundary,
                        scenes: SceneCache? = nil) throws(LoadError) -> Scene {
        let reader = NodeReader(file: document.file, boundary: boundary)
        let expected = "a mapping with 'scene' and 'root', or 'scenario' and 'scene'"
        guard let mapping = document.root.entries else {
            // Named by its kind, not quoted: a file that is not a scene may hold anything.
            throw LoadError("the top level is \(reader.kind(of: document.root)), not a scene or scenario", at: document.root.location,
                            expected: expected)
        }
        guard reader.claims(mapping, keys: SceneDecoder.sceneKeys + ["scenario", "base", "steps"]) else {
            throw LoadError("this is not a scene or scenario file: none of its top-level keys is one Earshot reads",
                            at: SourceLocation(file: document.file, line: 1, column: 1), expected: expected)
        }
        let isScenario = mapping.contains { $0.name == "scenario" }
        if !isScenario, mapping.contains(where: { $0.name == "base" }) {
            return try basedScene(document.root, file: document.file, directory: directory, boundary: boundary)
        }
        guard isScenario else { return try decode(document.root, file: document.file, boundary: boundary) }

        guard let entries = reader.mapping(document.root, "the scenario") else { throw LoadError(reader.diagnostics) }
        let checker = ScenarioDecoder(file: document.file, boundary: boundary)
        checker.checkKeys(entries, allowed: ScenarioDecoder.scenarioKeys, in: "the scenario")
        if let steps = entries.first(where: { $0.key == "steps" })?.value { _ = checker.steps(steps) }
        return try scenarioScene(entries, root: document.root, reader: checker, directory: directory, visited: visited,
                                 scenes: scenes)
    }

    /// The scene of a scenario: its inline mapping, or the file its path names
    /// (a scene file, or another scenario whose scene is used). Problems already
    /// recorded by `reader` are reported with the scene's own.
    static func scenarioScene(_ entries: [(key: String, keyNode: DocumentNode, value: DocumentNode)], root: DocumentNode, reader: NodeReader,
                              directory: String, visited: [String], scenes: SceneCache? = nil) throws(LoadError) -> Scene {
        guard let sceneNode = entries.first(where: { $0.key == "scene" })?.value else {
            reader.error("the scenario has no 'scene'", at: root, expected: "scene: PATH or an inline scene mapping")
            throw LoadError(reader.diagnostics)
        }
        if let inline = sceneNode.entries {
            if inline.contains(where: { $0.name == "base" }) {
                if !reader.diagnostics.isEmpty { throw LoadError(sorted(reader.diagnostics)) }
                return try basedScene(sceneNode, file: reader.file, directory: directory, boundary: reader.boundary)
            }
            let scene: Scene
            do throws(LoadError) {
                scene = try decode(sceneNode, file: reader.file, boundary: reader.boundary,
                                   defaultName: entries.first { $0.key == "scenario" }?.value.text)
            } catch {
                throw LoadError(sorted(reader.diagnostics + error.diagnostics))
            }
            if !reader.diagnostics.isEmpty { throw LoadError(sorted(reader.diagnostics)) }
            return scene
        }
        guard let relative = reader.string(sceneNode, "scene") else { throw LoadError(sorted(reader.diagnostics)) }
        if let control = InputFile.controlCharacter(in: relative) {
            // A NUL would cut the path short in the file system's calls: `scene.yaml\0../x` read scene.yaml.
            reader.error("the scene path holds a control character (\(InputFile.name(control)))", at: sceneNode,
                         expected: "a path to a scene file, relative to this file")
        }
        if InputFile.controlCharacter(in: relative) != nil { throw LoadError(sorted(reader.diagnostics)) }
        let path = FilePath.joined(directory, relative)
        if !reader.boundary.contains(path, writtenIn: reader.file) {
            throw LoadError(sorted(reader.diagnostics) + [Diagnostic("scene path '\(relative)' leads outside the project",
                                                                      at: sceneNode.location, expected: ProjectBoundary.expectation)])
        }
        // The scene file's problems and the scenario's come in one round: the scene is loaded
        // even when the scenario has problems of its own, which are listed first.
        let scene: Scene
        do throws(LoadError) {
            scene = try loadFollowing(path: path, from: sceneNode.location, visited: visited, boundary: reader.boundary, scenes: scenes)
        } catch {
            throw LoadError(sorted(reader.diagnostics) + error.diagnostics)
        }
        if !reader.diagnostics.isEmpty { throw LoadError(sorted(reader.diagnostics)) }
        return scene
    }

    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    static func decode(_ node: DocumentNode, file: String, boundary: ProjectBoundary, defaultName: String? = nil) throws(LoadError) -> Scene {
        let decoder = SceneDecoder(file: file, boundary: boundary)
        let scene = decoder.decodeScene(node, defaultName: defaultName)
        guard let scene, decoder.diagnostics.isEmpty else {
            throw LoadError(sorted(decoder.diagnostics))
        }
        return scene
    }
}

extension SceneLoader {
    /// A loaded scene at the OS version and language a command names (`--os`, `--language`),
    /// whose profile facts then apply; nil leaves the scene's own `os:` / `language:`. A version
    /// or language the scene's platform does not know is bad input: at the scene for the command
    /// line's, at the configuration's line for one a configuration wrote (`osWrittenAt`,
    /// `languageWrittenAt`), never as an option nobody passed.
    ///
    /// ```swift
    /// let scene = try SceneLoader.scene(try SceneLoader.load(path: "mail.yaml"), os: "26")
    /// ```
    public static func scene(_ scene: Scene, platform: Platform? = nil, os version: String?, language: String? = nil,
                             platformWrittenAt: SourceLocation? = nil,
                             osWrittenAt: SourceLocation? = nil, languageWrittenAt: SourceLocation? = nil,
                             overlays: [ProfileOverlay]) throws(LoadError) -> Scene {
        let applied = try self.scene(scene, platform: platform, os: version, language: language, platformWrittenAt: platformWrittenAt,
                                     osWrittenAt: osWrittenAt, languageWrittenAt: languageWrittenAt)
        guard !overlays.isEmpty else { return applied }
        do {
            return try applied.applying(overlays: overlays)
        } catch {
            throw LoadError([Diagnostic("scene '\(scene.name)': \(error)", at: scene.location, expected: "profile overlays that fit the scene's profile")])
        }
    }

    public static func scene(_ scene: Scene, platform: Platform? = nil, os version: String?, language: String? = nil,
                             platformWrittenAt: SourceLocation? = nil,
                             osWrittenAt: SourceLocation? = nil, languageWrittenAt: SourceLocation? = nil) throws(LoadError) -> Scene {
        /// The setting as its writer wrote it, and where the problem is said.
        func named(_ key: String, _ value: String, _ writtenAt: SourceLocation?) -> (String, SourceLocation) {
            guard let writtenAt else { return ("--\(key) \(value)", scene.location) }
            return ("\(key): \(value) (the configuration's) for scene '\(scene.name)' (\(scene.location))", writtenAt)
        }
        if let platform, platform != scene.platform {
            guard platform == scene.platform.sizeClassSibling else {
                let known = [scene.platform, scene.platform.sizeClassSibling].compactMap { $0?.rawValue }
                let (what, at) = named("platform", platform.rawValue, platformWrittenAt)
                let own = scene.platform.rawValue
                throw LoadError([Diagnostic("\(what): " + (known.count > 1 ? "\(own) scenes run on iPhone or iPad (ios, ipados), not \(platform.rawValue)"
                                                                       : "\(own) scenes run on their own platform only"),
                                           at: at, expected: known.count > 1 ? "one of: \(known.joined(separator: ", "))" : "platform: \(own), or no platform")])
            }
        }
        let platform = platform ?? scene.platform
        if let language, language != scene.language {
            let known = Profile.languages(for: platform)
            guard known.contains(language) else {
                let (what, at) = named("language", language, languageWrittenAt)
                throw LoadError([Diagnostic("\(what): no '\(language)' profile for \(platform.rawValue)" + (languageWrittenAt == nil ? " (scene '\(scene.name)')" : ""),
                                           at: at, expected: "one of: \(known.joined(separator: ", "))",
                                           suggestion: TextMatching.nearest(to: language, in: known))])
            }
        }
        guard platform != scene.platform || version != nil || language != nil else { return scene }
        do {
            return try scene.applying(platform: platform, os: version, language: language)
        } catch {
            guard let version else {
                let (what, at) = named("language", language ?? "", languageWrittenAt)
                throw LoadError([Diagnostic("\(what): \(error)", at: at, expected: "a language the platform has")])
            }
            let known = (try? Profile.bundled(platform, language: scene.language))?.os.versions ?? scene.profile.os.versions
            let (what, at) = named("os", version, osWrittenAt)
            let forScene = osWrittenAt == nil ? " for scene '\(scene.name)'" : ""
            throw LoadError([Diagnostic("\(what): no \(platform.rawValue) version '\(version)'\(forScene)",
                                       at: at, expected: "one of: \(known.joined(separator: ", "))",
                                       suggestion: TextMatching.nearest(to: version, in: known))])
        }
    }
}

/// Scenes loaded while loading a batch of scenarios (a suite), by the path
/// as written (so locations in messages stay the same): scenarios that share
/// a scene file parse it once. Only scenes that loaded are kept.
package final class SceneCache: @unchecked Sendable {
    private let lock = NSLock()
    /// Keyed by the path's bytes: two files whose names differ only in Unicode normalization
    /// (`café` composed and decomposed) are two files, which Swift's String equality would merge.
    private var scenes: [[UInt8]: Scene] = [:]

    package init() {}

    package func scene(at path: String) -> Scene? {
        lock.lock()
        defer { lock.unlock() }
        return scenes[Array(path.utf8)]
    }

    package func store(_ scene: Scene, at path: String) {
        lock.lock()
        defer { lock.unlock() }
        scenes[Array(path.utf8)] = scene
    }
}

/// What a load said besides its errors, gathered on the loading thread.
final class LoadWarnings: @unchecked Sendable {
    var items: [String] = []
}
