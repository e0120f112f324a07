import EarshotCalibration
import EarshotReports
import EarshotScenario
import Foundation
import Testing

/// A calibration's reports: what a person reads escaped, what a machine reads parseable, and
/// every disagreement in each.
@Suite("Calibration reports")
struct CalibrationFormatsTests {
    static func run() throws -> CalibrationRun {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/calibration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scene: S\nplatform: ios\nroot:\n  - button: \"<b>Send</b> | now\"\n".write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        try """
            recording: "Tags <i>and</i> pipes | too"
            platform: ios
            os: "27"
            hints: false
            source: "a test"
            screens:
              - screen: s
                scene: s.yaml
                moves:
                  - { gesture: next, utterance: "<b>Send</b> | now, button" }
                  - { gesture: current, utterance: "<b>Send</b> | now, knob" }
            """.write(to: folder.appendingPathComponent("s.recording.yaml"), atomically: true, encoding: .utf8)
        let recording = try Recording.load(path: folder.appendingPathComponent("s.recording.yaml").path)
        return CalibrationRun([try Calibrator().calibrate(recording)])
    }

    @Test func htmlEscapesWhatWasSaid() throws {
        let html = CalibrationFormats.html(try Self.run())
        #expect(!html.contains("<b>Send</b>"))
        #expect(html.contains("&lt;b&gt;Send&lt;/b&gt;"))
        #expect(html.contains("<tr class=\"failed\">"))
        #expect(html.contains("words.button"))
    }

    @Test func markdownKeepsItsTablesWhole() throws {
        let markdown = CalibrationFormats.markdown(try Self.run())
        #expect(!markdown.contains("<i>") && !markdown.contains("<b>"))
        #expect(markdown.contains("pipes \\| too |"))
        #expect(markdown.contains("**1 of 2 utterances agree (50%)**"))
        #expect(markdown.contains("## Disagreements"))
    }

    @Test func jsonHoldsEachMoveAndTheOriginOfItsDifference() throws {
        let object = try JSONSerialization.jsonObject(with: Data(try CalibrationFormats.json(try Self.run()).utf8)) as? [String: Any]
        let recordings = try #require(object?["recordings"] as? [[String: Any]])
        let moves = try #require(recordings.first?["moves"] as? [[String: Any]])
        #expect(moves.map { $0["agrees"] as? Bool } == [true, false])
        let origin = try #require(((moves[1]["differences"] as? [[String: Any]])?.first?["origins"] as? [[String: Any]])?.first)
        #expect(origin["kind"] as? String == "profile")
        #expect(origin["path"] as? String == "words.button")
        #expect(origin["evidence"] as? String == "ios.en: words")
        #expect(object?["agreement"] as? Double == 50)
    }
}
