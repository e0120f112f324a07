@testable import EarshotBench
import Foundation
import Testing

/// docs/performance.md's figures are made from the bench runs committed in docs/bench/ (the
/// output of `earshot bench --json`), and judged by the targets the code sets today: a figure
/// typed by hand, a run edited without the page, or a target changed in the code without a new
/// run fails here. `EARSHOT_UPDATE_BENCH_DOCS=1 swift test --filter BenchDocsTests` writes the
/// page's part again from the runs.
@Suite("The bench figures in docs/performance.md")
struct BenchDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let page = root.appendingPathComponent("docs/performance.md")

    static func runs() throws -> [(name: String, report: BenchReport, json: [String: Any])] {
        try BenchDocs.runs(in: root.appendingPathComponent("docs/bench"))
    }

    @Test func thePageShowsTheCommittedRuns() throws {
        let runs = try Self.runs()
        #expect(runs.count >= 3, "docs/bench/ should hold three consecutive runs")
        let made = BenchDocs.markdown(runs)
        var text = try String(contentsOf: Self.page, encoding: .utf8)
        let begin = try #require(text.range(of: BenchDocs.begin), "docs/performance.md has no generated part")
        let end = try #require(text.range(of: BenchDocs.end, range: begin.upperBound..<text.endIndex))
        if ProcessInfo.processInfo.environment["EARSHOT_UPDATE_BENCH_DOCS"] == "1" {
            text.replaceSubrange(begin.lowerBound..<end.upperBound, with: made)
            try text.write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        let same = String(text[begin.lowerBound..<end.upperBound]) == made
        #expect(same, "docs/performance.md's figures are not docs/bench/'s: run EARSHOT_UPDATE_BENCH_DOCS=1 swift test --filter BenchDocsTests")
    }

    /// Each run was a real one (not `--smoke`), and its targets are the code's: the same names
    /// and limits, and whether each holds as the code judges its figures.
    @Test func theRunsAreJudgedByTodaysTargets() throws {
        for run in try Self.runs() {
            #expect(!run.report.smoke, "\(run.name) is a --smoke run")
            let today = run.report.computedTargets
            #expect(run.report.targets.map(\.name) == today.map(\.name),
                    "\(run.name)'s targets are not the code's: run the bench again (docs/performance.md says how)")
            #expect(run.report.targets.map(\.limit) == today.map(\.limit))
            #expect(run.report.targets.map(\.holds) == today.map(\.holds))
        }
    }

    /// Every figure the JSON has is a row of the table, and the context is not.
    @Test func everyFigureIsARow() throws {
        let runs = try Self.runs()
        let made = BenchDocs.markdown(runs)
        for run in runs {
            for key in BenchDocs.figures(run.json) { #expect(made.contains("| `\(key)` |"), "\(key)") }
            #expect(BenchDocs.figures(run.json).contains("spoken_suite_seconds"))
            #expect(!BenchDocs.figures(run.json).contains("cores") && !BenchDocs.figures(run.json).contains("smoke"))
        }
    }

    @Test func numbersKeepTheirDigits() {
        #expect(BenchDocs.number(2_110_268.4) == "2,110,268")
        #expect(BenchDocs.number(0.2974) == "0.297")
        #expect(BenchDocs.number(0.0017) == "0.0017")
        #expect(BenchDocs.number(0) == "0.000")
    }
}
