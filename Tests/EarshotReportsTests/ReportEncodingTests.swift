import EarshotCore
@testable import EarshotReader
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
@testable import EarshotSuite
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Encoders that cannot produce invalid files: JUnit that always parses, JSON with finite
/// numbers only (a scenario's `wait` is bounded), Markdown that GitHub shows as written and
/// acts on nothing in.
@Suite("Report encodings")
struct ReportEncodingTests {
    /// What a JUnit file says, as an XML parser reads it.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var testcases: [[String: String]] = []
        var failures: [[String: String]] = []
        var texts: [String: String] = [:]
        private var element = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            element = name
            if name == "testcase" { testcases.append(attributes) }
            if name == "failure" { failures.append(attributes) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            element = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            texts[element, default: ""] += string
        }

        /// Parses `xml`; nil when it is not well-formed.
        static func read(_ xml: String) -> JUnitReader? {
            let reader = JUnitReader()
            let parser = XMLParser(data: Data(xml.utf8))
            parser.delegate = reader
            return parser.parse() ? reader : nil
        }
    }

    /// U+FFFE and U+FFFF are not XML characters: kept, they made a file no parser reads.
    @Test func junitLeavesOutEveryCharacterXMLCannotHold() throws {
        let hostile = "A\u{1}B\u{FFFE}C\u{FFFF}D\u{1B}[0m\u{7F}E\u{10FFFF}"
        let made = OutputFormatTests.made(hostile, file: "mail/\u{FFFF}x.yaml", passed: false, length: 1)
        var failure = made.failure
        failure?.cause = .expectation(key: "\u{FFFE}Send", expected: "\u{FFFF}Send", actual: "Sen\u{1}d")
        failure?.lastLines = ["speak: \u{FFFF}Send\u{8}."]
        let result = made.remade(transcript: "touch: send\u{FFFE}\r\n  speak: Send.\r\n", failure: failure)
        let xml = Reports.junit([result])
        let read = try #require(JUnitReader.read(xml), "the JUnit file does not parse:\n\(xml)")
        #expect(read.testcases.first?["name"] == "ABCD[0m\u{7F}E\u{10FFFF}")
        #expect(read.testcases.first?["file"] == "mail/x.yaml")
        #expect(read.failures.first?["message"] == "expectation 'Send' failed")
        #expect(read.texts["failure"]?.contains("expected: Send\n    actual:   Send") == true)
        #expect(read.texts["failure"]?.contains("speak: Send.") == true)
        // A carriage return is kept as written (a bare one a parser reads as a line feed).
        #expect(read.texts["system-out"] == "touch: send\r\n  speak: Send.\r\n")
    }

    func problems(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "wait.yaml")
            return []
        } catch {
            return error.diagnostics
        }
    }

    static func scenario(waiting value: String) -> String {
        "scenario: Waits\nscene:\n  scene: S\n  root:\n    - button: OK\nsteps:\n  - touch: OK\n  - wait: \(value)\n"
    }

    /// `wait: 1e306s` loaded, and every time after it was infinite, which no JSON report can
    /// hold; now a wait longer than a day is bad input at its value.
    @Test(arguments: ["1e306s", "1e306", "86400.001", "1e5s"])
    func aWaitLongerThanADayIsBadInputAtItsValue(_ value: String) throws {
        let found = problems(Self.scenario(waiting: value))
        #expect(found.map(\.description) == [
            "wait.yaml:8:11: error: wait '\(value)' is longer than a day (expected at most 86400 seconds)",
        ])
    }

    @Test func aWaitOfADayLoadsAndItsTimesAreFinite() throws {
        #expect(problems(Self.scenario(waiting: "86400s")).isEmpty)
        let scenario = try ScenarioLoader.load(yaml: Self.scenario(waiting: "86400s") + "  - touch: OK\n", file: "wait.yaml")
        let result = ScenarioRunner().run(scenario)
        let json = try Reports.json([result])
        let times = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let steps = try #require(times.first?["steps"] as? [[String: Any]])
        let last = try #require((steps.last?["events"] as? [[String: Any]])?.first { $0["type"] as? String == "speech" })
        #expect((last["time"] as? Double ?? 0) > 86_400)
    }

    /// A time that is not a number is left out of the JSON report: JSONEncoder threw on it, and
    /// the run wrote no report at all.
    @Test func jsonLeavesOutATimeThatIsNotANumber() throws {
        let speech = Utterance(text: "Send. Button.", kind: .description, start: .infinity, duration: .nan)
        let result = OutputFormatTests.made("Endless", file: "endless.yaml", passed: true, length: 1)
            .remade(steps: [StepRecord(written: "touch: send", events: [.speech(speech), .earcon(.boundary, at: 1e306)])])
        #expect(result.timeline.sounds.map(\.start) == [.infinity, 1e306])
        let json = try Reports.json([result])
        #expect(!json.contains("inf") && !json.contains("nan"))
        let decoded = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let events = try #require((decoded.first?["steps"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])
        #expect(events.count == 2)
        #expect(events.allSatisfy { $0["time"] == nil && $0["duration"] == nil })
    }

    static func markdown(name: String, file: String = "a.yaml", report lines: [String] = []) throws -> String {
        try Reporting<RunOutput>.named("markdown").render(RunOutput([MarkdownFormatTests.failing(name, file: file, report: lines, length: 1)]))
    }

    /// `@team` in a scenario's name pinged the team on the pull request; a mail address was a link.
    @Test func markdownMentionsNoOne() throws {
        let text = try Self.markdown(name: "Ask @team and @org/sheets, or mail a@b.org", file: "@x.yaml")
        #expect(text.contains("| Ask @&#8203;team and @&#8203;org/sheets, or mail a@&#8203;b.org | ✗ failed | 1.000 | @&#8203;x.yaml |"))
        #expect(text.contains("### ✗ Ask @&#8203;team"))
        // Outside the failure's fenced block, where GitHub makes no mention.
        let written = text.split(separator: "\n").filter { $0.hasPrefix("|") || $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(written.firstRange(of: #/@[A-Za-z0-9]/#) == nil)
    }

    /// A bare URL became a link GitHub showed as one.
    @Test func markdownLinksNothing() throws {
        let text = try Self.markdown(name: "See https://evil.example/x and www.evil.example", file: "http://f.yaml")
        #expect(text.contains("| See https&#8203;://evil.example/x and www&#8203;.evil.example | ✗ failed | 1.000 | http&#8203;://f.yaml |"))
        let written = text.split(separator: "\n").filter { $0.hasPrefix("|") || $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(!written.contains("https://") && !written.contains("http://") && !written.lowercased().contains("www."))
    }

    /// A right-to-left override made a cell, or a failure's report, read other than it is.
    @Test func markdownShowsBidirectionalControls() throws {
        let controls: [Unicode.Scalar] = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
                                          "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"]
        let name = String(String.UnicodeScalarView(controls))
        let text = try Self.markdown(name: "Pay \u{202E}0001\u{202C} " + name, report: ["speak: \u{2067}Send\u{2069}."])
        #expect(text.contains("| Pay \\<U+202E\\>0001\\<U+202C\\> \\<U+202A\\>\\<U+202B\\>\\<U+202C\\>\\<U+202D\\>\\<U+202E\\>"
            + "\\<U+2066\\>\\<U+2067\\>\\<U+2068\\>\\<U+2069\\>\\<U+200E\\>\\<U+200F\\>\\<U+61C\\> | ✗ failed |"))
        #expect(text.contains("    speak: <U+2067>Send<U+2069>.\n"))
        #expect(!text.unicodeScalars.contains { controls.contains($0) })
    }
}
