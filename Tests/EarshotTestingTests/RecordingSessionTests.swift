import EarshotScenario
import EarshotTesting
import Foundation
import Testing

/// What `VoiceOverRecorder` writes on a Mac is a `RecordingSession`'s files: they load as a
/// recording, with each screen's capture beside it, and never replace a file.
@Suite("Writing a recording")
struct RecordingSessionTests {
    static let capture = """
        Attributes: Application, pid: 1, label: 'Mail'
        Element subtree:
         →Application, 0x1, pid: 1, {{0.0, 0.0}, {393.0, 852.0}}, label: 'Mail'
            Window (Main), 0x2, {{0.0, 0.0}, {393.0, 852.0}}
              Button, 0x3, {{16.0, 100.0}, {100.0, 44.0}}, identifier: 'compose', label: 'Compose'
        """

    @Test func theRecordingAndItsCapturesLoadAndNothingIsReplaced() throws {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = RecordingSession(name: "Compose", platform: .ios, os: "27", source: "a test")
        session.screen("Inbox / Main", capture: Self.capture)
        session.record(.current, utterance: "Compose, button", element: "compose")
        session.screen("empty", capture: Self.capture)   // no move: left out
        let url = folder.appendingPathComponent("compose.recording.yaml")
        let written = try session.write(to: url)
        #expect(written.map(\.lastPathComponent) == ["compose-inbox-main.debugdescription.txt", "compose.recording.yaml"])
        let recording = try Recording.load(path: url.path)
        #expect(recording.recorder == .xcuitest)
        #expect(recording.hints == false)
        #expect(recording.screens.map(\.name) == ["Inbox / Main"])
        #expect(recording.screens.first?.written == "compose-inbox-main.debugdescription.txt")
        #expect(recording.moves.first?.move.element == "compose")
        #expect(throws: (any Error).self) { try session.write(to: url) }
    }
}
