import EarshotAudit
import EarshotFiles
import EarshotRunner
import EarshotScenario

/// How every report words a scenario's failure: the runner and the suite record its cause
/// (``ScenarioFailure/Cause``), and the terminal, JUnit, JSON, Markdown, GitHub's annotations
/// and the HTML page say it in these words.
extension ScenarioFailure {
    /// One line: what failed.
    public var message: String {
        switch cause {
        case .expectation(let key, _, _):
            "expectation '\(key)' failed"
        case .audit(let errors):
            "the audit found \(errors.count) \(errors.count == 1 ? "error" : "errors")"
        case .cannotAct(let step, let reason):
            "step '\(step)' cannot act: \(reason)"
        case .goldenDiffers:
            "the transcript differs from the golden transcript (run with --update to accept it)"
        case .goldenMissing(let scenarioFile, let goldenPath, let configuration):
            "the golden transcript \(FilePath.display(goldenPath)) is missing; record it with: "
                + "earshot run --headless --update \(scenarioFile)" + (configuration.map { " --configuration \($0)" } ?? "")
        }
    }

    /// What the failing check wanted, where it has one.
    public var expected: String? {
        switch cause {
        case .expectation(_, let expected, _): expected
        case .audit: "no audit errors"
        case .cannotAct, .goldenDiffers, .goldenMissing: nil
        }
    }

    /// What happened instead, where the check says: for an audit, its errors one after another.
    public var actual: String? {
        switch cause {
        case .expectation(_, _, let actual): actual
        case .audit(let errors): errors.map(\.text).joined(separator: "\n")
        case .cannotAct, .goldenDiffers, .goldenMissing: nil
        }
    }

    /// The failure as printed: location, message, expected and actual, the diff, the transcript's tail.
    public var report: String {
        var text = "\(location): \(message)"
        // A value of several lines (an audit's findings) keeps its lines under its first.
        let aligned = { (value: String) in value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n              ") }
        if let expected { text += "\n    expected: \(aligned(expected))" }
        if let actual { text += "\n    actual:   \(aligned(actual))" }
        if let diff { text += "\n" + diff.unified.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") }
        if !lastLines.isEmpty {
            text += "\n  last transcript lines:\n" + lastLines.map { "    " + $0 }.joined(separator: "\n")
        }
        return text
    }
}
