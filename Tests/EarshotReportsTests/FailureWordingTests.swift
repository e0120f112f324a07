import EarshotAudit
import EarshotCore
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
import Testing

/// A failure is data (its cause, where, the transcript's tail); every report words it here, and
/// chooses by its kind, never by reading its words back.
@Suite("Failure wording")
struct FailureWordingTests {
    static func run(_ body: String) throws -> ScenarioResult {
        try HTMLReportTests.result(body)
    }

    @Test func anExpectationsFailureSaysWhatWasExpectedAndWhatHappened() throws {
        let failure = try #require(try Self.run("  - touch: Compose\n  - expect: \"Compose. Button.\"\n  - swipeRight\n  - expect: \"Outbox\"\n  - swipeRight\n").failure)
        #expect(failure.kind == .expectation)
        #expect(failure.message == "expectation 'speech' failed")
        #expect(failure.report == """
            \(failure.location.file):7:5: expectation 'speech' failed
                expected: "Outbox"
                actual:   "Inbox"
              last transcript lines:
                touch: Compose
                  speak: Compose. Button.
                swipeRight
                  speak: Inbox
            """)
    }

    @Test func aStepThatCannotActIsNamedAsTheReaderRecordedIt() throws {
        let failure = try #require(try Self.run("  - touch: Nowhere\n").failure)
        #expect(failure.kind == .cannotAct)
        #expect(failure.message == "step 'touch: Nowhere' cannot act: no element 'Nowhere'")
        #expect(failure.expected == nil && failure.actual == nil)
    }

    /// An audit's errors are printed under `actual:`, each line aligned under the first.
    @Test func anAuditsErrorsAreAlignedUnderActual() throws {
        let failure = try #require(try Self.run("  - touch: Compose\n  - doubleTap\n  - touch: Send\n  - doubleTap\n  - audit\n").failure)
        #expect(failure.kind == .audit)
        guard case .audit(let errors) = failure.cause else { Issue.record("not an audit's failure"); return }
        #expect(failure.message == "the audit found \(errors.count) errors" && errors.count > 1)
        #expect(failure.expected == "no audit errors")
        #expect(failure.actual?.contains("[announcement-swallowed] the announcement \"Message sent\"") == true, "\(failure.report)")
        let lines = failure.report.split(separator: "\n").map(String.init)
        #expect(lines[1] == "    expected: no audit errors")
        let actual = try #require(lines.firstIndex { $0.hasPrefix("    actual:   ") })
        let under = lines[(actual + 1)...].prefix { !$0.hasPrefix("  last transcript lines:") }
        #expect(!under.isEmpty && under.allSatisfy { $0.hasPrefix("              ") }, "\(failure.report)")
        #expect(lines.contains("  last transcript lines:"))
    }

    @Test func aGoldensFailuresSayHowToAcceptOrRecordIt() {
        let at = SourceLocation(file: "mail/send.transcript", line: 2, column: 1)
        let differs = ScenarioFailure(.goldenDiffers(TranscriptDiff(golden: "a\nb\n", actual: "a\nc\n")), at: at)
        #expect(differs.message == "the transcript differs from the golden transcript (run with --update to accept it)")
        #expect(differs.report == """
            mail/send.transcript:2:1: the transcript differs from the golden transcript (run with --update to accept it)
                --- golden
                +++ this run
                  a
                - b
                + c
                \("  ")
            """)
        let missing = ScenarioFailure(.goldenMissing(scenarioFile: "mail/send.yaml", goldenPath: "mail/send.os26-de.transcript",
                                                     configuration: "os26-de"), at: at)
        #expect(missing.message == "the golden transcript mail/send.os26-de.transcript is missing; record it with: "
            + "earshot run --headless --update mail/send.yaml --configuration os26-de")
        let standard = ScenarioFailure(.goldenMissing(scenarioFile: "send.yaml", goldenPath: "send.transcript", configuration: nil), at: at)
        #expect(standard.message.hasSuffix("--update send.yaml"))
    }

    /// JUnit's `type` is the failure's kind: a golden transcript's diff, or an expectation (any
    /// other check or step).
    @Test func junitsTypeFollowsTheKind() throws {
        let result = try Self.run("  - touch: Nowhere\n")
        let diff = ScenarioFailure(.goldenDiffers(TranscriptDiff(golden: "a", actual: "b")),
                                   at: SourceLocation(file: "s.transcript", line: 1, column: 1))
        #expect(Reports.junit([result]).contains("type=\"expectation\""))
        #expect(Reports.junit([result.remade(failure: diff)]).contains("type=\"golden\""))
    }
}

/// The HTML page says which kind of check a step is from the step the runner ran, not from its text.
@Suite("HTML report: checks")
struct HTMLCheckTests {
    @Test func anAuditAndAnExpectationAreDrawnAsTheirKind() throws {
        let page = HTMLReport.scenarioPage(try FailureWordingTests.run("  - touch: Compose\n  - expect: \"Compose. Button.\"\n  - audit\n"))
        #expect(page.contains("<li class=\"expect passed\">✓ passed</li>"))
        #expect(page.contains("<li class=\"audit failed\">✗ failed: the audit found"))
        // A screen made from a reader step alone is no check.
        var result = try FailureWordingTests.run("  - touch: Compose\n")
        result = result.remade(screens: [])
        #expect(!HTMLReport.scenarioPage(result).contains("✓ passed</li>"))
    }
}
