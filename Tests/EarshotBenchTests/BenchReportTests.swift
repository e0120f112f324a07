@testable import EarshotBench
import EarshotCapture
import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

@Suite("Bench report")
struct BenchReportTests {
    static func report(spoken: Double = 1.0) -> BenchReport {
        var report = BenchReport(
            stepsPerSecond1k: 3_000_000, stepsPerSecond10k: 2_500_000, stepsPerSecond100k: 2_000_000,
            presentDismissPerSecond100k: 50, headlessSuiteSeconds: 0.05, rawEspeakSeconds: 1.0,
            spokenSuiteSeconds: spoken, cliEspeakSeconds: 8.0, cachedRerunSeconds: 0.05, peakRSSBytes100k: 150_000_000,
            spokenSynthesisSeconds: 0.9, spokenRestoreSeconds: 0.02,
            smoke: false, sizes: ["1k": 1_000, "10k": 10_000, "100k": 100_000], scope100k: 99_000, scenarios: 3,
            utterances: 40, utterancesHeard: 55, rounds: 5, engineIsolation: "checkpoint", speechWorkers: 2, peakRSSMethod: "VmHWM",
            cores: 2, loadAverage: 1.5, targets: [])
        report.targets = BenchReport.targets(
            stepsPerSecond1k: report.stepsPerSecond1k, stepsPerSecond100k: report.stepsPerSecond100k,
            spoken: report.spokenSuiteSeconds, raw: report.rawEspeakSeconds, cli: report.cliEspeakSeconds,
            rerun: report.cachedRerunSeconds, headless: report.headlessSuiteSeconds, peakBytes: report.peakRSSBytes100k,
            htmlReport: 0.08, audit: (0.05, 0.1, 20_000, 15_000))
        report.htmlReportSeconds = 0.08
        return report
    }

    @Test func theJSONIsOneObjectWithEveryFigureAsANumber() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try Self.report().json().utf8)) as? [String: Any])
        for key in BenchReport.figureKeys {
            #expect(object[key] is NSNumber, "\(key)")
        }
        #expect(object["steps_per_second_100k"] as? Double == 2_000_000)
        #expect(object["peak_rss_bytes_100k"] as? Int == 150_000_000)
        #expect((object["targets"] as? [[String: Any]])?.count == 12)
        #expect(object["html_report_seconds"] as? Double == 0.08)
    }

    @Test func targetsSayWhetherTheyHoldAndByHowMuch() {
        let targets = Self.report().targets
        #expect(targets.allSatisfy { $0.holds })
        let steps = targets[0]
        #expect(steps.name == "steps_per_second_100k >= 1000000" && steps.headroom == 2)
        #expect(targets[1].value == 1.5)                     // 1k over 100k
        #expect(targets[3].value == 8 && targets[3].headroom == 2)

        let slow = Self.report(spoken: 1.5).targets
        #expect(!slow[2].holds)                               // spoken 1.5 × raw
        #expect(slow[2].headroom < 1)
    }

    @Test func theTextNamesEveryFigureAndTarget() {
        let text = Self.report().text
        #expect(text.contains("steps/s, 100,000 elements      2,000,000"))
        #expect(text.contains("✓ cached_rerun_seconds <= 0.10 * spoken_suite_seconds"))
        #expect(text.contains("(2 worker(s), checkpoint;"))
        #expect(text.contains("HTML report of the suite        0.080 s"))
        #expect(text.contains("✓ html_report_seconds <= 0.5"))
    }

    @Test func theHTMLReportMustBeWrittenInWellUnderASecond() {
        func target(_ seconds: Double) -> BenchReport.Target? {
            BenchReport.targets(stepsPerSecond1k: 1, stepsPerSecond100k: 1, spoken: 1, raw: 1, cli: 4, rerun: 0.1, headless: 1,
                                peakBytes: 1, htmlReport: seconds).first { $0.name == "html_report_seconds <= 0.5" }
        }
        #expect(target(0.2)?.holds == true)
        #expect(target(0.2)?.headroom == 2.5)
        #expect(target(0.7)?.holds == false)
    }
}

@Suite("Audit benchmark")
struct AuditBenchTests {
    /// The generated settings scenes are clean, and the explorer covers them completely in as
    /// many states as they have distinct ones: switches nobody reads add none, each switch a
    /// condition reads doubles them.
    @Test func settingsScenesExploreCompletelyInTheirDistinctStates() throws {
        // The parent view, then each sheet at two detents, alone or under its alert.
        #expect(try AuditBench.explore(SettingsSceneGenerator(switches: 12, sheets: 8), rounds: 1).states == 1 + 8 * 4)
        #expect(try AuditBench.explore(SettingsSceneGenerator(switches: 30, sheets: 10), rounds: 1).states == 1 + 10 * 4)
        #expect(try AuditBench.explore(SettingsSceneGenerator(switches: 4, sheets: 2, conditioned: 3), rounds: 1).states
                == 8 * (1 + 2 * 4))
    }

    @Test func aSettingsSceneFileReadsAsTheGeneratedScene() throws {
        let generator = SettingsSceneGenerator(switches: 4, sheets: 2, conditioned: 2)
        let scene = try generator.scene()
        #expect(scene.elements.filter { $0.role == .switch }.count == 4 + 2)
        #expect(scene.presentationOrder == ["sheet1", "alert1", "sheet2", "alert2"])
        #expect(Unlocated.model(of: try SceneLoader.load(yaml: generator.yaml)) == Unlocated.model(of: scene))
    }

    @Test func auditTargetsJudgeTimeAndLinearCost() {
        let targets = BenchReport.targets(stepsPerSecond1k: 1, stepsPerSecond100k: 1, spoken: 1, raw: 1, cli: 4, rerun: 0.1,
                                          headless: 1, peakBytes: 1, audit: (0.5, 1.5, 30_000, 10_000))
        let audit = targets.suffix(3)
        #expect(audit.map(\.name) == ["audit_seconds_12x8 <= 1", "audit_seconds_30x10 <= 1",
                                      "audit_states_per_second_small / audit_states_per_second <= 2"])
        #expect(audit.map(\.holds) == [true, false, false])   // 30x10 too slow; 3× slower per state when larger
    }
}

@Suite("Import benchmark")
struct ImportBenchTests {
    /// The generated capture imports to every element it holds, in each format (or the figure
    /// would time an import that lost elements).
    @Test(arguments: CaptureFormat.allCases)
    func eachFormatsGeneratedCaptureImportsEveryElement(_ format: CaptureFormat) throws {
        let bench = ImportBench(elements: 203)
        #expect(CaptureFormat.detect(bench.capture(format)) == format)
        #expect(try bench.seconds(format, rounds: 1) > 0)
    }
}
