import EarshotAudit
import EarshotScenario
import Foundation

/// `markdown`: a summary for a pull request or a CI job's page (GitHub's `$GITHUB_STEP_SUMMARY`).
///
/// ```sh
/// earshot run --headless --report markdown:$GITHUB_STEP_SUMMARY
/// earshot audit Scenarios/*/*.yaml --format markdown
/// ```
///
/// A run: the counts, a table of the scenarios (failures first: scenario, status, duration,
/// file), then each failure's report in a fenced block. An audit: the counts, a table of the
/// findings that count (severity, rule, file:line, message), then how many the scene files
/// suppress and the baseline knows. Text from the files is escaped so that it shows as written,
/// cannot break the table, and pings no one, links nothing and reorders nothing on GitHub
/// (``cell(_:)``).
enum MarkdownFormat {
    /// A run's summary.
    static func run(_ run: RunOutput) -> String {
        let results = run.results
        let passed = results.filter(\.passed).count
        var text = "## Earshot: \(passed) passed, \(results.count - passed) failed\n\n"
        guard !results.isEmpty else { return text + "No scenarios ran.\n" }
        let clocks = Set(results.map(\.clock))
        let clock = clocks.count == 1 ? (clocks.first == .audio ? "the length of its audio" : "estimated from its speech (a headless run)")
                                      : "on its own clock"
        text += "Each scenario's duration is in seconds, \(clock).\n\n"
        text += "| Scenario | Status | Duration (s) | File |\n| --- | --- | ---: | --- |\n"
        // Failures first, each group in the run's order.
        let rows = results.enumerated().sorted { ($0.element.passed ? 1 : 0, $0.offset) < ($1.element.passed ? 1 : 0, $1.offset) }.map(\.element)
        for result in rows {
            text += "| \(Self.cell(result.title)) | \(result.passed ? "✓ passed" : "✗ failed") | \(HTMLText.seconds(result.length)) | \(Self.cell(result.file)) |\n"
        }
        for result in rows {
            guard let failure = result.failure else { continue }
            text += "\n### ✗ \(Self.cell(result.title))\n\n" + Self.fenced(failure.report)
        }
        return text
    }

    /// An audit's summary.
    static func audit(_ result: AuditResult) -> String {
        let counted = result.findings.filter { $0.baselineState != .unchanged }
        let errors = counted.filter { $0.severity == .error }.count
        let states = result.scenes.reduce(0) { $0 + $1.report.statesExplored }
        var text = "## Earshot audit: \(Self.count(errors, "error")), \(Self.count(counted.count - errors, "warning"))\n\n"
        text += "\(Self.count(result.scenes.count, "scene")), \(Self.count(states, "state")) explored.\n\n"
        if counted.isEmpty {
            text += "No findings.\n"
        } else {
            text += "| Severity | Rule | File:line | Message |\n| --- | --- | --- | --- |\n"
            for finding in counted {
                let place = "\(finding.location.file):\(finding.location.line)"
                text += "| \(finding.severity.rawValue) | \(Self.cell(finding.rule)) | \(Self.cell(place)) | \(Self.cell(finding.message)) |\n"
            }
        }
        var notes: [String] = []
        if !result.suppressed.isEmpty { notes.append("\(result.suppressed.count) suppressed by the scene files") }
        if result.fixed != nil {
            notes.append("\(Self.count(result.findings.count - counted.count, "known finding")) from the baseline")
        }
        if let fixed = result.fixed, !fixed.isEmpty { notes.append("\(fixed.count) in the baseline no longer found") }
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "; ") + ".\n" }
        return text
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Text in a table cell or heading, shown as written: Markdown's punctuation escaped, line
    /// breaks as spaces, control characters dropped, bidirectional controls shown (``shown(_:)``),
    /// and nothing GitHub would act on: a zero-width space (`&#8203;`) follows each `@` (a
    /// mention `@team` pinged the team, `a@b.org` was a mail link) and goes before the `:` of
    /// `://` and the `.` of `www.` (bare URLs became links).
    static func cell(_ text: String) -> String {
        let breaker = "&#8203;"
        let scalars = Array(text.unicodeScalars)
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result += " "
            } else if let visible = shown(scalar) {
                result += "\\<" + visible.dropFirst().dropLast() + "\\>"
            } else if scalar == "@" {
                result += "@" + breaker
            } else if scalar == ":", scalars[(index + 1)...].starts(with: ["/", "/"]) {
                result += breaker + ":"
            } else if scalar == ".", index >= 3, String(String.UnicodeScalarView(scalars[(index - 3)..<index])).lowercased() == "www" {
                result += breaker + "."
            } else if "\\`*_[]<>|~&#!".unicodeScalars.contains(scalar) {
                result += "\\" + String(scalar)
            } else if !isControl(scalar) {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The bidirectional controls (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069)
    /// written as `<U+202E>`: left in, they reorder what is shown around them (text that reads
    /// other than it is, "Trojan Source").
    static func shown(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
        default:
            nil
        }
    }

    /// C0 and C1 controls and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` in a fenced code block whose fence is longer than any run of backticks in it
    /// (where GitHub makes no mention or link), bidirectional controls shown, other control
    /// characters but line feeds and tabs dropped.
    static func fenced(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            if let visible = shown(scalar) {
                body += visible
            } else if scalar == "\n" || scalar == "\t" || !isControl(scalar) {
                body.unicodeScalars.append(scalar)
            }
        }
        var longest = 0, run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(fence)text\n\(body)\n\(fence)\n"
    }
}
