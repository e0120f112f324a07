import EarshotAudit
import EarshotCore
import EarshotReports
import EarshotRunner
import EarshotScenario
import EarshotSuite
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the output targets hold every writer to: a report that is not a valid file of its format,
/// or a golden diff that does not describe the two transcripts, is a finding (`fatalError`, which
/// libFuzzer saves as a crash).
enum OutputChecks {
    /// Renders every format that reports on a run, and on an audit of the scene, and checks each:
    /// JUnit is XML 1.0 without a character XML forbids, JSON and SARIF parse, Markdown holds no
    /// bidirectional control, and no writer throws (a report that cannot be written).
    static func reports(_ result: ScenarioResult, scene: Scene) {
        let run = RunOutput([result])
        for format in Reporting<RunOutput>.all {
            let text: String
            do { text = try format.render(run) } catch { fatalError("the \(format.name) report of a run cannot be written: \(error)") }
            check(text, format: format.name, of: "run")
        }
        let report = Auditor(scene: scene, stateLimit: 60).run()
        let audit = AuditResult([SceneAudit(file: "fuzz.yaml", scene: scene, report: report)])
        for format in Reporting<AuditResult>.all {
            let text: String
            do { text = try format.render(audit) } catch { fatalError("the \(format.name) report of an audit cannot be written: \(error)") }
            check(text, format: format.name, of: "audit")
        }
    }

    static func check(_ text: String, format: String, of subject: String) {
        switch format {
        case "junit":
            if let bad = text.unicodeScalars.first(where: { !isXMLCharacter($0) }) {
                fatalError("the JUnit report holds U+\(String(bad.value, radix: 16, uppercase: true)), which XML forbids")
            }
            let parser = XMLParser(data: Data(text.utf8))
            if !parser.parse() { fatalError("the JUnit report is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")") }
        case "json", "sarif":
            do { _ = try JSONSerialization.jsonObject(with: Data(text.utf8)) } catch {
                fatalError("the \(format) report of a \(subject) is not JSON: \(error)")
            }
        case "markdown":
            if let bad = text.unicodeScalars.first(where: isBidiControl) {
                fatalError("the Markdown report holds the bidirectional control U+\(String(bad.value, radix: 16, uppercase: true))")
            }
        default:
            break
        }
    }

    /// XML 1.0's Char production.
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The golden diff of two transcripts: its header, then only context (` `), removed (`-`),
    /// added (`+`) and `@@` lines; the removed and context lines, in order, come from the golden
    /// transcript and the added and context lines from this run's; equal transcripts change no line.
    static func goldenDiff(golden: String, actual: String) {
        let diff = Golden.diff(golden: golden, actual: actual)
        // Lines end at each line feed, whatever comes before it: "\r\n" is one Character to Swift.
        func split(_ text: String) -> [[UInt8]] { text.utf8.split(separator: 10, omittingEmptySubsequences: false).map(Array.init) }
        let lines = split(diff)
        guard lines.count >= 2, lines[0] == Array("--- golden".utf8), lines[1] == Array("+++ this run".utf8) else {
            fatalError("the golden diff has no header: \(diff.prefix(80))")
        }
        let old = split(golden), new = split(actual)
        var i = old.startIndex, j = new.startIndex
        var changed = 0
        for bytes in lines.dropFirst(2) where bytes != Array("@@".utf8) {
            let line = String(decoding: bytes, as: UTF8.self)
            guard bytes.count >= 2, bytes[1] == 32 else { fatalError("a golden diff line without its mark: \(line)") }
            let mark = Character(Unicode.Scalar(bytes[0]))
            let body = Array(bytes.dropFirst(2))
            if mark == " " || mark == "-" {
                guard let found = old[i...].firstIndex(where: { $0 == body }) else { fatalError("'\(line)' is not in the golden transcript, in order") }
                i = found + 1
            }
            if mark == " " || mark == "+" {
                guard let found = new[j...].firstIndex(where: { $0 == body }) else { fatalError("'\(line)' is not in this run's transcript, in order") }
                j = found + 1
            }
            guard mark == " " || mark == "-" || mark == "+" else { fatalError("a golden diff line marked '\(mark)'") }
            if mark != " " { changed += 1 }
        }
        let same = old == new
        if same && changed > 0 { fatalError("the golden diff of equal transcripts changes \(changed) lines") }
        if !same && changed == 0 { fatalError("the golden diff of different transcripts changes nothing") }
    }
}
