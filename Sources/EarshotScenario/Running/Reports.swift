import EarshotReader
import Foundation

/// Reports CI systems read (SPEC §5.3): JUnit XML and JSON.
public enum Reports {
    /// JUnit XML: one testcase per scenario, failures carrying their message.
    public static func junit(_ results: [ScenarioResult]) -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"earshot\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"earshot\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for result in results {
            let classname = (result.file as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: ".")
            xml += "    <testcase name=\"\(escape(result.name))\" classname=\"\(escape(classname))\" file=\"\(escape(result.file))\""
            if let failure = result.failure {
                xml += ">\n      <failure message=\"\(escape(failure.message))\" type=\"\(failure.diff == nil ? "expectation" : "golden")\">"
                xml += escape(failure.report) + "</failure>\n"
                xml += "      <system-out>\(escape(result.transcript))</system-out>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                // Characters XML 1.0 cannot hold are dropped.
                if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// JSON: per scenario its file, name, whether it passed, its steps with their events, and its failure.
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
        var steps: [JSONStep]
        var failure: JSONFailure?

        init(_ result: ScenarioResult) {
            file = result.file
            name = result.name
            passed = result.passed
            steps = result.steps.map(JSONStep.init)
            failure = result.failure.map(JSONFailure.init)
        }
    }

    private struct JSONStep: Encodable {
        var step: String
        var events: [JSONEvent]
        init(_ record: StepRecord) {
            step = record.step
            events = record.events.compactMap(JSONEvent.init)
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
        var element: Int?
        var time: Double?

        init?(_ event: ReaderEvent) {
            switch event {
            case .speech(let utterance):
                type = "speech"
                text = utterance.text
                kind = utterance.kind.rawValue
                priority = utterance.priority.rawValue
                interrupted = utterance.interrupted
                element = utterance.element?.index
                time = (utterance.start * 1000).rounded() / 1000
            case .earcon(let earcon, let at):
                type = "earcon"
                self.earcon = earcon.rawValue
                time = (at * 1000).rounded() / 1000
            case .focus(let ref):
                type = "focus"
                element = ref?.index
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
