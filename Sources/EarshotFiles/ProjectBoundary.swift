import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where paths written inside Earshot's files may lead. A scene's `base:` and captures, a
/// scenario's `scene:`, a configuration's `baseline:` and a golden transcript (which may be a
/// link) stay inside the project, so that `/etc/passwd`, `../../../home/x/.ssh/id_rsa` or a link
/// out of the project is never read, nor its content printed by an error or a golden diff.
///
/// The project is the folder of the nearest `.earshot.yml` at or above the working directory,
/// else the working directory. As a file named on the command line is the user's own choice, a
/// path may also lead inside the project of the file that writes it, or of a folder the command
/// line named (``named``): the nearest `.earshot.yml` at or above it, else that folder itself.
/// `--allow-outside-project` (``allowsAnywhere``) lifts the rule for a command.
///
/// A boundary is a value the command line makes once and passes to every loader it calls
/// (`SceneLoader.load(path:boundary:)`, `Suite.Options.boundary`); the Swift API's loaders keep
/// the rule (``project``) unless given another.
///
/// ```swift
/// let boundary = ProjectBoundary.project
/// boundary.contains("Scenarios/common/scene.yaml", writtenIn: "Scenarios/mail/draft.yaml")   // true
/// boundary.contains("/etc/passwd", writtenIn: "Scenarios/mail/draft.yaml")                   // false
/// ```
public struct ProjectBoundary: Hashable, Sendable {
    /// Whether any path is allowed (`--allow-outside-project`).
    public var allowsAnywhere: Bool
    /// The folders the command line named (a folder, or a named file's folder): their projects
    /// are inside the boundary too.
    public var named: [String]

    public init(allowsAnywhere: Bool = false, named: [String] = []) {
        self.allowsAnywhere = allowsAnywhere
        self.named = named
    }

    /// The rule alone: the working directory's project and the writing file's.
    public static let project = ProjectBoundary()

    /// The configuration file that marks a project's top folder.
    package static let marker = ".earshot.yml"

    /// What a path written in a file must be, for messages.
    package static let expectation = "a path inside the project: the folder of the nearest .earshot.yml, else the working directory or the folder named on the command line; --allow-outside-project allows more"

    /// Whether `path` (as written; relative paths are already joined to the writing file's folder)
    /// resolves, links followed, inside the project of the working directory, of `file` or of a
    /// folder named on the command line.
    public func contains(_ path: String, writtenIn file: String) -> Bool {
        if allowsAnywhere { return true }
        guard let target = FilePath.real(path) else { return false }
        let folder = (file as NSString).deletingLastPathComponent
        let starts = [FileManager.default.currentDirectoryPath, folder.isEmpty ? "." : folder] + named
        return starts.lazy.compactMap(Self.root(of:)).contains { root in
            target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
        }
    }

    /// The project folder of `folder`: the nearest folder at or above it that holds `.earshot.yml`,
    /// else `folder` itself; a real path (no links, no `..`).
    package static func root(of folder: String) -> String? {
        // Keyed by the bytes of the working directory and the folder (a relative folder means
        // another one elsewhere; composed and decomposed names are two folders).
        roots.value(for: Array((FileManager.default.currentDirectoryPath + "\u{0}" + folder).utf8)) { findRoot(of: folder) }
    }

    /// Roots found, by the folder asked about: a suite asks for the same few folders for every
    /// scenario and golden it loads, each a walk up the tree. (A `.earshot.yml` made later in
    /// the same process is not seen for a folder already asked about.)
    private static let roots = Memo<[UInt8], String?>()

    private static func findRoot(of folder: String) -> String? {
        guard let start = FilePath.real(folder) else { return nil }
        var current = start
        while true {
            var info = stat()
            if stat(current + (current == "/" ? "" : "/") + marker, &info) == 0 { return current }
            guard current != "/" else { return start }
            current = (current as NSString).deletingLastPathComponent
            if current.isEmpty { return start }
        }
    }
}
