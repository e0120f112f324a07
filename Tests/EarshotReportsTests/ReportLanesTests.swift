import EarshotFiles
@testable import EarshotReports
import EarshotRunner
import EarshotScenario
import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// Reports that split their work into lanes (`earshot run --jobs`): the same bytes whatever the
/// number of lanes, and the parts in their order.
@Suite("Reports on lanes")
struct ReportLanesTests {
    /// The bundled suite's results, run headless.
    static func bundled() async throws -> [ScenarioResult] {
        var options = Suite.Options()
        options.headless = true
        let files = try Suite.discover([Repository.path("Scenarios").path])
        return try await Suite(options: options).run(files: files).results
    }

    @Test func theJSONIsTheSameOnOneLaneAndOnSeveral() async throws {
        let results = try await Self.bundled()
        #expect(results.count > 50)
        let one = try Reports.json(results, jobs: 1)
        #expect(try Reports.json(results, jobs: 3) == one)
        // Put together from objects encoded apart, it is still one array of them, in order.
        let array = try #require(try JSONSerialization.jsonObject(with: Data(one.utf8)) as? [[String: Any]])
        #expect(array.map { $0["file"] as? String } == results.map(\.file))
        // A step without events: its empty list is written as the encoder writes one, its empty line left empty.
        #expect(one.contains("\"events\" : [\n\n        ]"))
    }

    @Test func theJUnitXMLIsTheSameOnOneLaneAndOnSeveral() async throws {
        let failing = OutputFormatTests.made("Broken", file: "x/broken.yaml", passed: false, length: 1)
        let results = try await Self.bundled() + [failing]
        let one = Reports.junit(results, jobs: 1)
        #expect(Reports.junit(results, jobs: 3) == one)
        // Every scenario's testcase, in order, the failing one with its failure.
        let names = one.components(separatedBy: "<testcase name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(names.map(String.init) == results.map { Reports.escape($0.title) })
        #expect(one.contains("<failure message=\"expectation &apos;speech&apos; failed\""))
    }

    @Test func noResultsAreAnEmptyArray() throws {
        let json = try Reports.json([], jobs: 2)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] != nil)
        #expect(json.hasSuffix("]\n"))
    }

    @Test func theHTMLPagesAreTheSameOnOneLaneAndOnSeveral() async throws {
        let results = try await Self.bundled()
        let one = temporaryFolder(), three = temporaryFolder()
        try HTMLReport.write(results, to: one, audioFolder: nil, jobs: 1)
        try HTMLReport.write(results, to: three, audioFolder: nil, jobs: 3)
        let names = try FileManager.default.contentsOfDirectory(atPath: one.path).sorted()
        #expect(names.count == results.count + 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: three.path).sorted() == names)
        for name in names {
            let a = try Data(contentsOf: one.appendingPathComponent(name))
            let b = try Data(contentsOf: three.appendingPathComponent(name))
            #expect(a == b, "\(name) differs")
        }
    }

    /// The reports of a run are written at once; one that cannot be written is reported at its
    /// place and keeps none of the others from being written.
    @Test func reportsAreWrittenTogetherAndAFailureStaysItsOwn() async throws {
        let output = RunOutput(try await Self.bundled(), jobs: 2)
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: blocker)
        let formats = Reporting<RunOutput>.all
        let targets = formats.enumerated().map { index, format -> OutputPath.Target in
            // The second report goes inside a file, which no one can write.
            .path((index == 1 ? blocker : folder).appendingPathComponent(format.name).path)
        }
        let errors = output.write(Array(zip(formats, targets)))
        #expect(errors.count == formats.count)
        #expect(errors[1] != nil)
        for (index, format) in formats.enumerated() where index != 1 {
            #expect(errors[index] == nil, "\(format.name): \(String(describing: errors[index]))")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(format.name).path), "\(format.name)")
        }
    }

    @Test func lanesKeepThePartsOrderAndThrowTheFirstErrorByPosition() {
        struct Failed: Error, Equatable { let part: Int }
        let parts = Array(0..<1_000)
        // A transform that cannot throw makes a map that cannot: no `try`.
        #expect(Lanes.map(parts, jobs: 4) { $0 * 2 } == parts.map { $0 * 2 })
        #expect(throws: Failed(part: 7)) {
            try Lanes.map(parts, jobs: 4) { part throws(Failed) in
                if part % 7 == 0 && part > 0 { throw Failed(part: part) }
                return part
            }
        }
        // More lanes than parts, and none.
        #expect(Lanes.map([1, 2], jobs: 8) { $0 + 1 } == [2, 3])
        #expect(Lanes.map([Int](), jobs: 8) { $0 }.isEmpty)
    }
}
