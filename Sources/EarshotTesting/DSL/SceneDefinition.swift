import EarshotCore
import EarshotScenario

/// A scene written in Swift, before it is loaded: the DSL's counterpart of a
/// scene file. ``Scene/init(_:platform:os:language:direction:screen:restoreFocus:magicTap:presented:file:line:column:root:presentations:)``
/// builds and loads one in a step; keep a definition to look at the YAML it
/// stands for.
///
/// ```swift
/// let definition = SceneDefinition("Mail") {
///     Button("Compose").onActivate(.present("compose"))
/// } presentations: {
///     Sheet("compose") { Button("Cancel").placement(.topLeading).onActivate(.cancel) }
/// }
/// print(definition.yaml)       // scene: "Mail" …
/// let scene = try definition.load()
/// ```
///
/// Loading goes through the same loader as a scene file: the DSL builds the
/// scene's document tree and `SceneLoader` decodes it, with every check a scene file gets,
/// so a DSL scene and the same scene in YAML make the same model. Locations
/// (in errors, in the model, in audit findings) are the Swift file, line and
/// column that created each element, presentation and effect.
public struct SceneDefinition: Sendable {
    let node: DefinitionNode
    let location: SourceLocation

    /// A scene named `name` with its root elements and presentations; the
    /// other parameters are the scene file's keys with their defaults
    /// (`screen` and the geometry come from the platform's profile; `os` nil is
    /// the profile's default version; `presented` shows presentations when the
    /// scene opens, bottom first).
    public init(_ name: String, platform: Platform = .ios, os: String? = nil, language: String = "en",
                direction: LayoutDirection = .ltr, screen: (width: Double, height: Double)? = nil,
                restoreFocus: Bool = true, magicTap: SceneEffect? = nil, presented: [String] = [],
                file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder root: () -> [ElementDefinition],
                @PresentationBuilder presentations: () -> [PresentationDefinition] = { [] }) {
        let here = SourceLocation(file: file, line: line, column: column)
        var pairs: [(SceneKey, DefinitionNode)] = [
            (.scene, .quoted(name, at: here)),
            (.platform, .plain(platform.rawValue)),
        ]
        if let os { pairs.append((.os, .quoted(os))) }
        pairs += [
            (.language, .quoted(language)),
            (.direction, .plain(direction.rawValue)),
        ]
        if !presented.isEmpty { pairs.append((.presented, .list(presented.map { .quoted($0) }))) }
        if let screen { pairs.append((.screen, .list([.number(screen.width), .number(screen.height)]))) }
        pairs.append((.restoreFocus, .bool(restoreFocus)))
        if let magicTap { pairs.append((.magicTap, magicTap.node)) }
        pairs.append((.root, .list(root().map(\.node))))
        let presentations = presentations()
        if !presentations.isEmpty {
            pairs.append((.presentations, .userMap(presentations.map { ($0.id, $0.node) })))
        }
        node = .map(pairs, at: here)
        location = here
    }

    /// The scene as a scene file would say it, for people to read.
    public var yaml: String { YAMLWriter.write(document) }

    /// The document the scene loader decodes, each value at the Swift location that wrote it.
    var document: DocumentNode { node.document(inheriting: location) }

    /// Loads the scene; bad input throws the loader's ``LoadError``, located in the Swift code.
    public func load() throws(LoadError) -> Scene {
        try SceneLoader.load(document: document)
    }
}

extension Scene {
    /// Builds a scene with the Swift DSL, as a scene file would describe it.
    ///
    /// ```swift
    /// let scene = try Scene("Mail", platform: .ios) {
    ///     Heading("Inbox")
    ///     Button("Compose").id("compose").onActivate(.present("compose"))
    /// } presentations: {
    ///     Sheet("compose", detents: [.medium, .large], selected: .medium, grabber: true) {
    ///         Button("Cancel").placement(.topLeading).onActivate(.cancel)
    ///         TextField("To").id("to").required()
    ///     }
    ///     .initialFocus("to")
    /// }
    /// ```
    ///
    /// Throws ``LoadError`` for what a scene file would be refused for (an
    /// unknown presentation, a duplicate id, a reference that resolves to
    /// nothing…), each problem at the Swift line that wrote it.
    public init(_ name: String, platform: Platform = .ios, os: String? = nil, language: String = "en",
                direction: LayoutDirection = .ltr, screen: (width: Double, height: Double)? = nil,
                restoreFocus: Bool = true, magicTap: SceneEffect? = nil, presented: [String] = [],
                file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder root: () -> [ElementDefinition],
                @PresentationBuilder presentations: () -> [PresentationDefinition] = { [] }) throws(LoadError) {
        self = try SceneDefinition(name, platform: platform, os: os, language: language, direction: direction,
                                   screen: screen, restoreFocus: restoreFocus, magicTap: magicTap, presented: presented,
                                   file: file, line: line, column: column, root: root,
                                   presentations: presentations).load()
    }

    /// Loads a scene written with ``SceneDefinition``.
    public init(_ definition: SceneDefinition) throws(LoadError) {
        self = try definition.load()
    }
}
