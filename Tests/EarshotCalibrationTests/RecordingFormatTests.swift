import EarshotCalibration
import EarshotScenario
import Foundation
import Testing

/// A recording is checked whole when it loads: every problem at its line and column, with what
/// was expected.
@Suite("The recording format")
struct RecordingFormatTests {
    static func problems(_ yaml: String) -> String {
        do {
            _ = try Recording.load(yaml: yaml, file: "r.yaml", relativeTo: "")
            return "loaded"
        } catch {
            return error.description
        }
    }

    static let head = "recording: R\nplatform: ios\nos: \"27\"\nsource: s\nscreens:\n  - screen: a\n    scene: Scenarios/mail/mail.yaml\n    moves:\n"

    @Test func aGoodRecordingLoadsWithItsDefaults() throws {
        let recording = try Recording.load(yaml: Self.head + "      - { gesture: next, utterance: \"Compose, button\", frame: [1, 2, 3, 4] }\n",
                                           file: "r.yaml", relativeTo: "")
        #expect(recording.language == "en")
        #expect(recording.hints)
        #expect(recording.recorder == .byHand)
        #expect(recording.screens.first?.origin == .scene("Scenarios/mail/mail.yaml"))
        #expect(recording.moves.first?.move.frame?.width == 3)
        // Written and read back, the same.
        let again = try Recording.load(yaml: recording.yaml, file: "r.yaml", relativeTo: "")
        #expect(again.moves.map(\.move.utterance) == ["Compose, button"])
        #expect(again.screens.first?.origin == .scene("Scenarios/mail/mail.yaml"))
    }

    @Test(arguments: [
        (head + "      - { gesture: swipe, utterance: x }\n", "r.yaml:9:20: error: unknown gesture 'swipe' (expected one of: appear, current, next"),
        (head + "      - { gesture: nxt, utterance: x }\n", "did you mean 'next'?"),
        (head + "      - { gesture: next }\n", "r.yaml:9:9: error: a move has no 'utterance'"),
        (head + "      - { gesture: touch, utterance: x }\n", "r.yaml:9:20: error: a touch names no element"),
        (head + "      - { gesture: next, utterance: x, frame: [1, 2] }\n", "r.yaml:9:47: error: the frame is not [x, y, width, height]"),
        (head + "      - { gesture: next, utterance: x, elemnt: y }\n", "r.yaml:9:40: error: unknown key 'elemnt' in a move"),
        ("recording: R\nplatform: ios\nos: \"72\"\nsource: s\nscreens: []\n", "r.yaml:3:5: error: unknown ios version '72'"),
        ("recording: R\nplatform: ios\nos: \"27\"\nsource: s\nscreens: []\n", "r.yaml:5:10: error: the recording has no screens"),
        ("recording: R\nplatform: ios\nos: \"27\"\nscreens: []\n", "r.yaml:1:1: error: the recording has no 'source'"),
        ("recording: R\nplatform: iOS\nos: \"27\"\nsource: s\nscreens: []\n", "r.yaml:2:11: error: unknown platform 'iOS'"),
        ("recording: R\nplatform: ios\nos: \"27\"\nsource: s\nscreens:\n  - { screen: a, moves: [{ gesture: next, utterance: x }] }\n",
         "r.yaml:6:5: error: screen 'a' has neither 'capture' nor 'scene'"),
        ("recording: R\nplatform: ios\nos: \"27\"\nsource: s\nscreens:\n  - { screen: a, capture: a.xml, scene: a.yaml, moves: [{ gesture: next, utterance: x }] }\n",
         "error: a screen has both 'capture' and 'scene'"),
        ("scene: S\nroot: []\n", "r.yaml:1:1: error: this is not a recording"),
        ("recording: R\nplatform: ios\nos: \"27\"\nsource: s\nscreens:\n  - { screen: a, capture: missing.xml, moves: [{ gesture: next, utterance: x }] }\n",
         "r.yaml:6:27: error: capture file 'missing.xml' does not exist"),
    ])
    func aBadRecordingIsBadInputAtItsPlace(_ yaml: String, _ expected: String) {
        let said = Self.problems(yaml)
        #expect(said.contains(expected), "\(said)")
    }

    /// JSON is YAML: a recorder may write either.
    @Test func aJSONRecordingLoads() throws {
        let json = #"{"recording": "R", "platform": "ios", "os": "27", "source": "s", "screens": [{"screen": "a", "scene": "Scenarios/mail/mail.yaml", "moves": [{"gesture": "next", "utterance": "Inbox, heading"}]}]}"#
        let recording = try Recording.load(yaml: json, file: "r.recording.json")
        #expect(recording.moves.map(\.move.utterance) == ["Inbox, heading"])
    }

    /// Every problem at once, in the order of the file.
    @Test func everyProblemIsSaid() {
        let said = Self.problems(Self.head + "      - { gesture: swipe, utterance: x }\n      - { gesture: next }\n")
        #expect(said.split(separator: "\n").count == 2)
    }
}
