import EarshotCore
import EarshotScenario
import Foundation

extension Scene {
    /// Loads a scene from YAML text (docs/format.md), with the loader and the errors
    /// of the command line.
    ///
    /// ```swift
    /// let scene = try Scene(yaml: """
    ///     scene: Mail
    ///     root:
    ///       - button: Compose
    ///     """)
    /// ```
    ///
    /// - Parameters:
    ///   - yaml: a scene mapping (`scene`, `root`, `presentations`, …) or a
    ///     scenario with an inline scene.
    ///   - file: names the text in error messages and source locations.
    /// - Throws: ``LoadError`` with every problem, each at `file:line:column`.
    public init(yaml: String, file: String = "<yaml>") throws(LoadError) {
        self = try SceneLoader.load(yaml: yaml, file: file)
    }

    /// Loads a scene file, or the scene of a scenario file, as `earshot` does.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("mail.yaml")
    /// let scene = try Scene(contentsOf: url)
    /// ```
    ///
    /// - Throws: ``LoadError``: the file is missing or unreadable, or what it says is bad input.
    public init(contentsOf url: URL) throws(LoadError) {
        guard url.isFileURL else {
            throw LoadError("'\(url.absoluteString)' is not a file URL",
                            at: SourceLocation(file: url.absoluteString, line: 1, column: 1),
                            expected: "a file URL, e.g. URL(fileURLWithPath: \"mail.yaml\")")
        }
        self = try SceneLoader.load(path: url.path)
    }
}

extension Scene {
    /// The scene in a configuration (docs/format.md, "Configurations"): on its device, at its OS
    /// version and in its language, each instead of the scene's own where given, as `earshot run` runs a
    /// scenario's `configurations:`. Parameterise a test over configurations with Swift Testing's
    /// `arguments:`, and name its golden transcript with the same configuration.
    ///
    /// ```swift
    /// @Test(arguments: [RunConfiguration.standard, RunConfiguration(language: "de"), RunConfiguration(os: "26")])
    /// func compose(_ configuration: RunConfiguration) throws {
    ///     var reader = ScreenReader(scene: try Scenes.mail().configured(configuration))
    ///     reader.touch("compose")
    ///     reader.doubleTap()
    ///     reader.expectFocus("system.grabber")
    ///     reader.expectTranscript(matching: "open-compose", configuration: configuration)
    /// }
    /// ```
    ///
    /// - Throws: ``LoadError``: a device, version or language the scene's platform does not have, with those it has.
    public func configured(_ configuration: RunConfiguration) throws(LoadError) -> Scene {
        try SceneLoader.scene(self, platform: configuration.platform, os: configuration.os, language: configuration.language)
    }
}
