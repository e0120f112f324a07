import Foundation

/// The repository the tests run in, and the tools they share: one definition for every test
/// target (each test target depends on this one).
public enum Repository {
    /// The repository's root folder (the package's).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// A file or folder of the repository.
    public static func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}

/// The Python the schema checks run: the project's own virtual environment (.build/python, made by
/// scripts/ensure-python-deps.sh, as Debian's Python takes no system-wide pip installs), else
/// the `python3` on the PATH.
public enum PythonForTests {
    public static func path(root: URL = Repository.root) -> String {
        let own = root.appendingPathComponent(".build/python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: own) ? own : "python3"
    }
}

/// A fresh path for a test's files under the system's temporary folder (not created).
public func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("earshot-\(UUID().uuidString)")
}
