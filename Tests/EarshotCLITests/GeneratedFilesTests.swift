import EarshotTestSupport
import Foundation
import Testing

/// The files `make generate` makes from the code's tables (the fuzz dictionary's keys and values,
/// the JSON Schemas' generated enums) are what the code makes now: `make test` fails on a stale
/// one, naming it and the command that mends it.
@Suite("Generated files")
struct GeneratedFilesTests {
    static func generator() throws -> URL {
        try EarshotProcess.binary().deletingLastPathComponent().appendingPathComponent("earshot-generate")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = try generator()
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }

    @Test func theCommittedFilesAreWhatTheCodeMakes() throws {
        let result = try Self.run(["--check", Repository.root.path])
        #expect(result.status == 0, "\(result.err)")
    }

    /// A copy whose schema lists a rule the code does not have, whose dictionary lacks a key and
    /// whose guide's rule table lacks a row: `--check` names them and writes nothing; without it
    /// they are mended.
    @Test func aStaleFileIsNamedThenMended() throws {
        let copy = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: copy) }
        for path in ["Fuzz/yaml.dict", "Sources/earshot/Resources/schema/scene.schema.json",
                     "Sources/earshot/Resources/schema/scenario.schema.json", "docs/guide.md", "docs/architecture.md"] {
            let target = copy.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.path(path), to: target)
        }
        let schema = copy.appendingPathComponent("Sources/earshot/Resources/schema/scene.schema.json")
        let dictionary = copy.appendingPathComponent("Fuzz/yaml.dict")
        try String(contentsOf: schema, encoding: .utf8).replacingOccurrences(of: "\"element-label\"", with: "\"element-label\", \"old-rule\"")
            .write(to: schema, atomically: true, encoding: .utf8)
        try String(contentsOf: dictionary, encoding: .utf8).replacingOccurrences(of: "\"detents: \"\n", with: "")
            .write(to: dictionary, atomically: true, encoding: .utf8)
        let guide = copy.appendingPathComponent("docs/guide.md")
        let row = try #require(try String(contentsOf: guide, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("| `alert-actions` |") })
        try String(contentsOf: guide, encoding: .utf8).replacingOccurrences(of: row + "\n", with: "")
            .write(to: guide, atomically: true, encoding: .utf8)
        let stale = try String(contentsOf: schema, encoding: .utf8)

        let checked = try Self.run(["--check", copy.path])
        #expect(checked.status == 1)
        #expect(checked.err.contains("Fuzz/yaml.dict") && checked.err.contains("scene.schema.json") && checked.err.contains("make generate"))
        #expect(checked.err.contains("docs/guide.md") && !checked.err.contains("docs/architecture.md"))
        #expect(try String(contentsOf: schema, encoding: .utf8) == stale, "--check writes nothing")

        let written = try Self.run([copy.path])
        #expect(written.status == 0)
        #expect(try !String(contentsOf: schema, encoding: .utf8).contains("old-rule"))
        #expect(try String(contentsOf: dictionary, encoding: .utf8).contains("\"detents: \"\n"))
        #expect(try String(contentsOf: guide, encoding: .utf8).contains(row + "\n"))
        #expect(try Self.run(["--check", copy.path]).status == 0)
    }
}
