import EarshotCore
import EarshotReader
import Foundation

/// Reports CI systems read: JUnit XML and JSON.
///
/// Times are seconds on each scenario's clock (``ScenarioResult/clock``): the audio's in a
/// spoken run, the reader's estimate in a headless one.
public enum Reports {
    /// JUnit XML: one testcase per scenario, its `time` how long the scenario took to run (as every
    /// JUnit dashboard reads it), its `length` property the scenario's length on its clock (the
    /// audio's, or the reader's estimate), its `file` and `line` the scenario's file and first line
    /// (a failing one's, the step that failed), failures carrying their message; the suite's
    /// `clock` property says which clock the lengths are on.
    public static func junit(_ results: [ScenarioResult]) -> String {
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
        for result in results {
            let classname = (result.file as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: ".")
            xml += "    <testcase name=\"\(escape(result.name))\" classname=\"\(escape(classname))\" file=\"\(escape(result.file))\""
            xml += " line=\"\(line(of: result))\" time=\"\(seconds(result.runSeconds))\">\n"
            xml += "      <properties><property name=\"length\" value=\"\(seconds(result.length))\"/></properties>\n"
            if let failure = result.failure {
                xml += "      <failure message=\"\(escape(failure.message))\" type=\"\(failure.diff == nil ? "expectation" : "golden")\">"
                xml += escape(failure.report) + "</failure>\n"
                xml += "      <system-out>\(escape(result.transcript))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
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

    /// JSON: per scenario its file, name, whether it passed, the clock of its times, its steps with
    /// their events (speech with its `time` and `duration`, earcons with their `time`), and its failure.
    /// Events name their element as a scenario step would (``elementName(_:in:)``).
    public static func json(_ results: [ScenarioResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(results.map(JSONScenario.init))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct JSONScenario: Encodable {
        var file: String
        var name: String
        var passed: Bool
        var clock: String
        var steps: [JSONStep]
        var failure: JSONFailure?
        /// The Earshot that ran it.
        var version = EarshotVersion.current

        init(_ result: ScenarioResult) {
            file = result.file
            name = result.name
            passed = result.passed
            clock = result.clock.rawValue
            steps = result.steps.map { JSONStep($0, scene: result.scene) }
            failure = result.failure.map(JSONFailure.init)
        }
    }

    private struct JSONStep: Encodable {
        var step: String
        var events: [JSONEvent]
        init(_ record: StepRecord, scene: Scene?) {
            step = record.step
            events = record.events.compactMap { JSONEvent($0, scene: scene) }
        }
    }

    private struct JSONEvent: Encodable {
        var type: String
        var text: String?
        var kind: String?
        var priority: String?
        var interrupted: Bool?
        var earcon: String?
        var presentation: String?
        var detent: String?
        var element: String?
        /// The element's `file:line`, when ``element`` is its index.
        var elementAt: String?
        var time: Double?
        var duration: Double?

        init?(_ event: ReaderEvent, scene: Scene?) {
            switch event {
            case .speech(let utterance):
                type = "speech"
                text = utterance.text
                kind = utterance.kind.rawValue
                priority = utterance.priority.rawValue
                interrupted = utterance.interrupted
                (element, elementAt) = Reports.name(utterance.element, in: scene)
                time = Reports.milliseconds(utterance.start)
                duration = Reports.milliseconds(utterance.duration)
            case .earcon(let earcon, let at):
                type = "earcon"
                self.earcon = earcon.rawValue
                time = Reports.milliseconds(at)
            case .focus(let ref):
                type = "focus"
                (element, elementAt) = Reports.name(ref, in: scene)
            case .presented(let id):
                type = "presented"
                presentation = id
            case .dismissed(let id):
                type = "dismissed"
                presentation = id
            case .detentChanged(let id, let detent):
                type = "detent"
                presentation = id
                self.detent = detent
            case .stepFailed(let message):
                type = "failed"
                text = message
            }
        }
    }

    /// How the reports name an element: its `id`, else its label when no other element of the
    /// scene has it (both work in a scenario's steps: `touch: compose`, `focus: Send`), else
    /// `#INDEX` (its place in the scene, Earshot's own elements last), which only this run's
    /// scene can resolve, with `at`, the `file:line` where the element is written.
    ///
    /// ```swift
    /// Reports.elementName(ref, in: scene)   // ("compose", nil), ("Send", nil), ("#7", "mail.yaml:31")
    /// ```
    public static func elementName(_ ref: ElementRef, in scene: Scene?) -> (name: String, at: String?) {
        guard let scene, scene.elements.indices.contains(ref.index) else { return ("#\(ref.index)", nil) }
        let element = scene[ref]
        if let id = element.id { return (id, nil) }
        if !element.label.isEmpty, scene.resolve(element.label) == ref { return (element.label, nil) }
        let location = element.location
        return ("#\(ref.index)", location.line > 0 ? "\(location.file):\(location.line)" : nil)
    }

    private static func name(_ ref: ElementRef?, in scene: Scene?) -> (String?, String?) {
        guard let ref else { return (nil, nil) }
        let (name, at) = elementName(ref, in: scene)
        return (name, at)
    }

    /// Seconds rounded to the millisecond; nil (the key left out) for a time that is not a
    /// finite number, which JSON cannot hold (a scenario's waits are bounded, so it never is).
    static func milliseconds(_ seconds: Double) -> Double? {
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded.isFinite ? rounded : nil
    }

    private struct JSONFailure: Encodable {
        var file: String
        var line: Int
        var column: Int
        var message: String
        var expected: String?
        var actual: String?
        var diff: String?

        init(_ failure: ScenarioFailure) {
            file = failure.location.file
            line = failure.location.line
            column = failure.location.column
            message = failure.message
            expected = failure.expected
            actual = failure.actual
            diff = failure.diff
        }
    }
}
