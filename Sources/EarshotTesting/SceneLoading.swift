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
