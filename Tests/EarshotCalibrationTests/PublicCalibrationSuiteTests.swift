import EarshotCalibration
import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// Calibration/: real VoiceOver from public sources, replayed. Its figures in docs/calibration.md
/// are the run's (`EARSHOT_UPDATE_CALIBRATION=1` writes them), and each disagreement is explained
/// in docs/decisions.md's table, which holds no row that agrees again.
@Suite("The public calibration suite")
struct PublicCalibrationSuiteTests {
    static let folder = Repository.path("Calibration")

    static func run() throws -> CalibrationRun {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var files: [String] = []
        while let name = enumerator.nextObject() as? String {
            if name.hasSuffix(".recording.yaml") { files.append(folder.appendingPathComponent(name).path) }
        }
        let recordings = try files.sorted().map { try Recording.load(path: $0) }
        return CalibrationRun(try recordings.map { try Calibrator().calibrate($0) })
    }

    /// The figures block of docs/calibration.md, per source folder, platform and OS version.
    static func figures(_ run: CalibrationRun) -> String {
        var lines = ["| source | platform | OS | recordings | utterances | agree | agreement |", "|---|---|---|---|---|---|---|"]
        for group in run.groups.sorted(by: { ($0.folder, $0.os) < ($1.folder, $1.os) }) {
            lines.append("| `\(group.folder)` | \(group.platform.rawValue) | \(group.os) | \(group.recordings) | \(group.total) | \(group.agreed) | \(NumberText.canonical(group.agreement))% |")
        }
        lines.append("| all | | | \(run.results.count) | \(run.total) | \(run.agreed) | \(NumberText.canonical(run.agreement))% |")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func itHoldsAHundredUtterancesFromThreeSourcesAndItsFiguresAreTheDocs() throws {
        let run = try Self.run()
        #expect(run.total >= 100)
        #expect(Set(run.groups.map(\.folder)).count >= 3)
        #expect(run.results.allSatisfy { !$0.recording.source.isEmpty })
        let docs = Repository.path("docs/calibration.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = "<!-- calibration figures: checked by PublicCalibrationSuiteTests -->\n", end = "<!-- end of calibration figures -->"
        let head = try #require(text.range(of: start)), tail = try #require(text.range(of: end))
        let written = String(text[head.upperBound..<tail.lowerBound])
        let expected = Self.figures(run)
        if ProcessInfo.processInfo.environment["EARSHOT_UPDATE_CALIBRATION"] != nil, written != expected {
            try Data((String(text[..<head.upperBound]) + expected + String(text[tail.lowerBound...])).utf8).write(to: docs)
        } else {
            #expect(written == expected, "docs/calibration.md's figures are not the run's; EARSHOT_UPDATE_CALIBRATION=1 writes them:\n\(expected)")
        }
    }

    @Test func eachDisagreementIsExplainedInTheDecisions() throws {
        let run = try Self.run()
        let decisions = try String(contentsOf: Repository.path("docs/decisions.md"), encoding: .utf8)
        let section = try #require(decisions.components(separatedBy: "## Calibration against real VoiceOver").last)
        let rows = Set(section.matches(of: /\n\| `([^`]+)` move ([0-9]+) \|/).map { "\($0.1) move \($0.2)" })
        var disagreeing: Set<String> = []
        for result in run.results {
            let file = result.recording.file
            let relative = file.components(separatedBy: "Calibration/").last!.replacingOccurrences(of: ".recording.yaml", with: "")
            for move in result.moves where !move.agrees { disagreeing.insert("\(relative) move \(move.number)") }
        }
        #expect(disagreeing.subtracting(rows).sorted() == [], "disagreements docs/decisions.md does not explain")
        #expect(rows.subtracting(disagreeing).sorted() == [], "rows of docs/decisions.md that agree now")
    }
}
