import EarshotFiles
import Foundation
import Testing

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

    /// Runs `scripts/NAME` of the repository with this Python: its exit status and standard
    /// error. Status 3 is the scripts' word for a module missing, which fails the test with `missing`.
    public static func run(script: String, _ arguments: [String], missing: String) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [path(), Repository.path("scripts/" + script).path] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 3, "\(missing) is missing: run scripts/ensure-python-deps.sh\n\(text)")
        return (process.terminationStatus, text)
    }
}

/// The folder a test process keeps its temporary files in: `earshot-tests-PID` under the
/// system's temporary folder, removed with everything in it as the process exits, so that a
/// plain `swift test` leaves nothing behind (`make test` also gives each run a temporary folder
/// of its own, scripts/with-tmpdir.sh). Every test makes its files here, never in the system's
/// temporary folder itself. A process forked from the tests that exits removes only its own.
public let testTemporaryDirectory: URL = {
    let url = processTemporaryDirectory()
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: processTemporaryDirectory()) }
    return url
}()

private func processTemporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("earshot-tests-\(getpid())")
}

/// A fresh path for a test's files under ``testTemporaryDirectory`` (not created).
public func temporaryFolder() -> URL {
    testTemporaryDirectory.appendingPathComponent("earshot-\(UUID().uuidString)")
}

/// Writes an executable file (a copied program, a fake worker's script) through a descriptor
/// opened close-on-exec (``AtomicFile``): a process another test starts meanwhile must not
/// inherit it open for writing, or running the file fails with "Text file busy" (ETXTBSY)
/// until that process ends. FileManager's copy opens the new file without it.
public func writeExecutable(_ contents: Data, to url: URL) throws {
    try AtomicFile.write(contents, to: url)
    guard chmod(url.path, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
}
