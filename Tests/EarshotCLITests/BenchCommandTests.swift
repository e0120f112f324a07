import Foundation
import Testing

/// `earshot bench --smoke --json`: every phase runs (small sizes, one round) and the JSON has every figure.
@Suite("earshot bench")
struct BenchCommandTests {
    static let figures = [
        "steps_per_second_1k", "steps_per_second_10k", "steps_per_second_100k", "present_dismiss_per_second_100k",
        "headless_suite_seconds", "raw_espeak_seconds", "spoken_suite_seconds", "cli_espeak_seconds",
        "cached_rerun_seconds", "peak_rss_bytes_100k", "audit_seconds_12x8", "audit_seconds_30x10",
        "audit_states_per_second", "audit_states_per_second_small", "html_report_seconds",
    ]

    @Test func theSmokeRunPrintsOneJSONObjectWithEveryFigure() throws {
        let result = try EarshotProcess.run(["bench", "--smoke", "--json"])
        #expect(result.status == 0, "\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        for key in Self.figures {
            let number = try #require(object[key] as? NSNumber, "\(key) missing")
            #expect(number.doubleValue > 0, "\(key)")
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
}
