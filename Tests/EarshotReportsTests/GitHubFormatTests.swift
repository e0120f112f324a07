import EarshotAudit
import EarshotCore
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
import Foundation
import Testing

/// `github`: GitHub Actions workflow commands, escaped as the runner reads them back.
@Suite("GitHub annotations")
struct GitHubFormatTests {
    @Test func isAFileFormatForRunsAndAudits() throws {
        let format = OutputFormats.ID.github
        #expect(format.destination == .file(extension: "txt"))
        #expect(format.subjects == [.run, .audit])
    }

    @Test func aFailedScenarioIsAnErrorAtItsFailure() throws {
        let failure = ScenarioFailure(.expectation(key: "focus", expected: "to", actual: "compose"),
                                      at: SourceLocation(file: "mail/send.yaml", line: 7, column: 5))
        let failed = ScenarioResult(name: "Send, then: close", file: "mail/send.yaml", steps: [], transcript: "", failure: failure,
                                    voice: "en-us", rate: 175)
        let passed = ScenarioResult(name: "Passes", file: "mail/ok.yaml", steps: [], transcript: "", voice: "en-us", rate: 175)
        let text = GitHubFormat.run(RunOutput([failed, passed]))
        #expect(text == "::error file=mail/send.yaml,line=7,col=5,title=Earshot%3A Send%2C then%3A close::"
                + "mail/send.yaml:7:5: expectation 'focus' failed%0A    expected: to%0A    actual:   compose\n")
    }

    /// A line feed or `%` in a label cannot end the command or start another.
    @Test func textIsEscapedAsTheRunnerReadsIt() {
        #expect(GitHubFormat.data("50%\nnext\r") == "50%25%0Anext%0D")
        #expect(GitHubFormat.property("a:b,c%") == "a%3Ab%2Cc%25")
        let command = GitHubFormat.command("error", at: SourceLocation(file: "x.yaml", line: 0, column: 0), title: "t",
                                           message: "one\n::error::injected")
        #expect(command == "::error file=x.yaml,title=t::one%0A::error::injected\n")
        #expect(command.split(separator: "\n").count == 1)
    }

    /// GitHub attaches an annotation to a path relative to the repository's root, `..` worked out.
    @Test func filesAreNamedFromTheRepositorysRoot() {
        #expect(GitHubFormat.repositoryPath("/repo/Scenarios/x/../../captures/a.json", root: "/repo") == "captures/a.json")
        #expect(GitHubFormat.repositoryPath("/repo/Scenarios/mail/send.transcript", root: "/repo/") == "Scenarios/mail/send.transcript")
        #expect(GitHubFormat.repositoryPath("/elsewhere/a.yaml", root: "/repo") == "/elsewhere/a.yaml")
        #expect(GitHubFormat.repositoryPath("/repo/../elsewhere/a.yaml", root: "/repo") == "/elsewhere/a.yaml")
    }
}
