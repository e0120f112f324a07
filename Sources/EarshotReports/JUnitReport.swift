import EarshotCore
import EarshotReader
import EarshotRunner
import EarshotScenario
import Foundation

/// Reports CI systems read about a run: JUnit XML (here) and JSON (RunJSON.swift).
///
/// Times are seconds on each scenario's clock (``ScenarioResult/clock``): the audio's in a
/// spoken run, the reader's estimate in a headless one.
public enum Reports {
    /// JUnit XML: one testcase per scenario, its `time` how long the scenario took to run (as every
    /// JUnit dashboard reads it), its `length` property the scenario's length on its clock (the
    /// audio's, or the reader's estimate), its `file` and `line` the scenario's file and first line
    /// (a failing one's, the step that failed), failures carrying their message; the suite's
    /// `clock` property says which clock the lengths are on.
    /// The testcases are written on `jobs` lanes (the XML is the same whatever it is).
    public static func junit(_ results: [ScenarioResult], jobs: Int = 1) -> String {
        let failures = results.filter { !$0.passed }.count
        let time = seconds(results.reduce(0) { $0 + $1.runSeconds })
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"earshot\" tests=\"\(results.count)\" failures=\"\(failures)\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"earshot\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
        let clocks = Set(results.map(\.clock.rawValue))
        xml += "    <properties>\n      <property name=\"earshot.version\" value=\"\(EarshotVersion.current)\"/>\n"
        if !clocks.isEmpty {
            // One clock in a run (audio when spoken, estimated when headless); "mixed" if results were put together.
            let clock = clocks.count == 1 ? clocks.first! : "mixed"
            xml += "      <property name=\"clock\" value=\"\(clock)\"/>\n"
        }
        xml += "    </properties>\n"
        for testcase in Lanes.map(results, jobs: jobs, testcase) { xml += testcase }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// A scenario's `<testcase>` element, indented, with its line end.
    private static func testcase(_ result: ScenarioResult) -> String {
        let classname = (result.file as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: ".")
        var xml = "    <testcase name=\"\(escape(result.title))\" classname=\"\(escape(classname))\" file=\"\(escape(result.file))\""
        xml += " line=\"\(line(of: result))\" time=\"\(seconds(result.runSeconds))\">\n"
        xml += "      <properties><property name=\"length\" value=\"\(seconds(result.length))\"/>"
        if !result.configuration.isStandard {
            // The configuration it ran in, as JUnit consumers group by properties.
            xml += "<property name=\"configuration\" value=\"\(escape(result.configuration.name))\"/>"
            if let platform = result.configuration.platform { xml += "<property name=\"platform\" value=\"\(platform.rawValue)\"/>" }
            if let os = result.configuration.os { xml += "<property name=\"os\" value=\"\(escape(os))\"/>" }
            if let language = result.configuration.language { xml += "<property name=\"language\" value=\"\(escape(language))\"/>" }
        }
        xml += "</properties>\n"
        if let failure = result.failure {
            xml += "      <failure message=\"\(escape(failure.message))\" type=\"\(failure.kind == .goldenDiffers ? "golden" : "expectation")\">"
            xml += escape(failure.report) + "</failure>\n"
            xml += "      <system-out>\(escape(result.transcript))</system-out>\n"
        }
        return xml + "    </testcase>\n"
    }

    /// The line a testcase points at: the failing step's (a golden mismatch is in the transcript
    /// file, so it points at the scenario), else the scenario's first line.
    static func line(of result: ScenarioResult) -> Int {
        if let failure = result.failure, failure.location.file == result.file, failure.location.line > 0 {
            return failure.location.line
        }
        return max(result.location?.line ?? 1, 1)
    }

    /// JUnit's `time`: seconds with three decimals (`1.500`).
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? value : 0)
    }

    /// User text for an attribute's value or an element's text: markup escaped, and every
    /// character XML 1.0 cannot hold dropped (`Char`: tab, line feed, carriage return,
    /// U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and up; a Swift string holds no lone surrogate), so
    /// the file always parses. A carriage return is written `&#13;`, which a parser keeps
    /// (a bare one it reads as a line feed).
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if isXMLCharacter(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Whether XML 1.0 can hold a character (its `Char` production).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
