import EarshotCalibration
import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation

/// Recordings written into a fresh folder beside the scenes they name.
enum CalibrationFixtures {
    /// A mail screen whose Compose button presents a sheet with a grabber, a text field, a
    /// slider and a labelled group: every gesture a recording names has something to do.
    static let scene = """
        scene: Mail
        platform: ios
        root:
          - heading: Inbox
          - button: Compose
            id: compose
            activate: { present: compose }
          - group: Filters
            children:
              - button: Unread
              - button: Flagged
          - slider: Text Size
            id: size
            value: 50
            min: 0
            max: 100
            step: 10
          - button: Archive
            magicTap: { announce: "Archived" }
        presentations:
          compose:
            style: sheet
            detents: [medium, large]
            grabber: true
            escape: sheet
            content:
              - button: Cancel
                id: cancel
                placement: topLeading
                activate: cancel
              - textField: To
                id: to
        """

    /// Writes `files` (name → text) into a new folder and returns it.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// A recording of one screen, the mail scene, with `moves` (YAML list items) and `header` keys.
    static func recording(_ moves: String, os: String = "17", hints: Bool = false) -> String {
        """
        recording: Mail
        platform: ios
        os: "\(os)"
        hints: \(hints)
        source: "written for a test"
        screens:
          - screen: inbox
            scene: mail.yaml
            moves:
        \(moves.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))

        """
    }

    /// Calibrates a recording of the mail scene.
    static func calibrate(_ moves: String, os: String = "17", hints: Bool = false, overlays: [ProfileOverlay] = []) throws -> RecordingResult {
        let folder = try folder(["mail.yaml": scene, "mail.recording.yaml": recording(moves, os: os, hints: hints)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try Recording.load(path: folder.appendingPathComponent("mail.recording.yaml").path)
        return try Calibrator(overlays: overlays).calibrate(recording)
    }
}
