@testable import EarshotCapture
@testable import EarshotFiles
@testable import EarshotScenario
import EarshotSpeech
@testable import EarshotSuite
@testable import earshot
import Foundation
import Testing

/// docs/cli.md's table of limits says the numbers the code holds.
@Suite("The limits docs/cli.md gives")
struct LimitsDocTests {
    /// Each row's first number, by the start of its first column.
    static func rows() throws -> [String: Int] {
        let text = try String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- limits -->")).upperBound
        let end = try #require(text.range(of: "<!-- end of limits -->")).lowerBound
        var rows: [String: Int] = [:]
        for line in text[start..<end].split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| what") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let digits = cells[1].drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
            rows[cells[0]] = Int(String(digits))
        }
        return rows
    }

    @Test func theTableSaysTheCodesLimits() throws {
        let rows = try Self.rows()
        func row(_ start: String) -> Int? { rows.first { $0.key.hasPrefix(start) }?.value }
        #expect(row("nesting of a YAML file") == YAMLDocument.maximumNesting)
        #expect(row("elements, effects or conditions nested") == SceneDecoder.maximumDepth)
        #expect(row("nodes of a scene") == YAMLDocument.maximumNodes)
        #expect(row("one alias repeating") == YAMLDocument.maximumRepeats)
        #expect(row("elements nested in a capture") == Capture.maximumDepth)
        #expect(row("one attribute value or text") == WebDriverAgentReader.maximumValueLength)
        #expect(row("one utterance") == SuiteAudio.maximumUtterance)
        #expect(row("a line `earshot explore` reads") == InputLines.maximumLength)
        #expect(row("the utterance cache") == UtteranceCache.defaultSizeLimit)
        #expect(row("files open at once") == OpenFiles.minimum)
        #expect(row("address space for each thread") == LargeStack.size)
        #expect(rows.count == 11)
    }
}
