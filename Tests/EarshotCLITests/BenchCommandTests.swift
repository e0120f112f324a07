import EarshotBench
import EarshotTestSupport
import Foundation
import Testing

/// `earshot bench --smoke --json`: every phase runs (small sizes, one round) and the JSON has every figure.
@Suite("earshot bench")
struct BenchCommandTests {
    /// What the JSON says of the run rather than measures.
    static let context: Set<String> = ["scope_100k", "scenarios", "utterances", "utterances_heard", "rounds", "speech_workers",
                                       "cores", "load_average"]

    /// Two of the bundled folders: English and Japanese (read with MeCab), so that every figure
    /// has something to measure. The whole suite takes a debug build 25 seconds of CPU, which
    /// `make test` pays while every other test waits for a core; `make test`'s headless step
    /// runs the whole suite.
    @Test func theSmokeRunPrintsOneJSONObjectWithEveryFigureMeasured() throws {
        let result = try EarshotProcess.run(["bench", "--smoke", "--json", "--scenarios", "Scenarios/mail", "--scenarios", "Scenarios/memo"])
        #expect(result.status == 0, "\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        // Every number the JSON has is a figure the report lists, or the run's context; every figure was measured.
        let numbers = Set(object.compactMap { $0.value is NSNumber ? $0.key : nil }).subtracting(Self.context).subtracting(["smoke"])
        #expect(numbers == Set(BenchReport.figureKeys), "figures the report does not list, or lists and does not write")
        for key in BenchReport.figureKeys {
            let number = try #require(object[key] as? NSNumber, "\(key) missing")
            #expect(number.doubleValue > 0, "\(key) was not measured")
        }
        #expect(object["smoke"] as? Bool == true)
        #expect(object["speech_workers"] as? Int ?? 0 >= 1)
        #expect(object["scenarios"] as? Int ?? 0 >= 1)
    }

    @Test func aMissingScenarioFolderIsBadInput() throws {
        let result = try EarshotProcess.run(["bench", "--smoke", "--scenarios", "no/such/folder"])
        #expect(result.status == 2)
        #expect(result.err.contains("no/such/folder"))
    }

    @Test func aSmokeRunCannotBeChecked() throws {
        let result = try EarshotProcess.run(["bench", "--smoke", "--check"])
        #expect(result.status == 2)
        #expect(result.err.contains("--check with --smoke"))
    }

    /// A failing scenario stops at its failure and would look fast: the bench refuses to time it.
    @Test func aSuiteThatFailsIsNotTimed() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            scenario: Fails
            scene:
              scene: A
              root:
                - button: OK
            steps:
              - touch: OK
              - expect: "Nope."
            """.write(to: folder.appendingPathComponent("fails.yaml"), atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["bench", "--smoke", "--scenarios", folder.path])
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err.contains("1 of 1 scenarios failed in the headless run"))
        #expect(result.err.contains("fails.yaml:8:5"))
    }
}
