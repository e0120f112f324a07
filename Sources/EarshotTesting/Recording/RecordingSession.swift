import EarshotCore
import EarshotFiles
import EarshotScenario
import Foundation

/// A recording of real VoiceOver being made: the screens in the order they were met, each with
/// its capture (the app's `debugDescription`) and the moves VoiceOver made there with what it
/// said. ``VoiceOverRecorder`` fills one from `XCUIVoiceOverService` on a Mac; anything else can
/// too (a test that drives another tool), and it is written the same way:
///
/// ```swift
/// var session = RecordingSession(name: "Compose", platform: .ios, os: "27", source: "iPhone 16 simulator, 2026-11-20")
/// session.screen("inbox", capture: app.debugDescription)
/// session.record(.current, utterance: "Inbox, heading")
/// session.record(.next, utterance: "Compose, button")
/// try session.write(to: URL(fileURLWithPath: "Recordings/compose.recording.yaml"))
/// // Recordings/compose.recording.yaml and Recordings/compose-inbox.debugdescription.txt
/// ```
///
/// `earshot calibrate Recordings/compose.recording.yaml` then replays it anywhere (docs/calibration.md).
public struct RecordingSession: Sendable {
    /// The recording so far. Its screens' captures are written beside it by ``write(to:)``,
    /// which names them; until then each screen's `capture` path is empty.
    public private(set) var recording: Recording
    /// Each screen's capture text, in the order of the recording's screens.
    private var captures: [String] = []

    /// `hints`: whether the utterances hold VoiceOver's hints (`currentSpeech()`'s do not, as far
    /// as Apple's example shows).
    public init(name: String, platform: Platform, os: String, language: String = "en", hints: Bool = false, source: String,
                recorder: Recording.Recorder = .xcuitest) {
        recording = Recording(name: name, platform: platform, os: os, language: language, hints: hints, source: source,
                              recorder: recorder, screens: [])
    }

    /// A new screen, with its capture (XCUITest's `debugDescription`, or any capture `earshot
    /// import` reads): the moves recorded next are made on it.
    public mutating func screen(_ name: String, capture: String) {
        recording.screens.append(Recording.Screen(name: name, origin: .capture(""), moves: []))
        captures.append(capture)
    }

    /// A move on the current screen and what VoiceOver said; `element` is the identifier or
    /// label of the element VoiceOver was on after it, where known.
    public mutating func record(_ gesture: Recording.Gesture, utterance: String, element: String? = nil) {
        if recording.screens.isEmpty { screen("screen", capture: "") }
        recording.screens[recording.screens.count - 1].moves.append(Recording.Move(gesture, utterance: utterance, element: element))
    }

    /// The moves recorded so far on the current screen.
    public var moves: [Recording.Move] { recording.screens.last?.moves ?? [] }

    /// Writes the recording to `url` (`NAME.recording.yaml`) and each screen's capture beside it
    /// (`NAME-SCREEN.debugdescription.txt`), none replacing a file already there
    /// (``AtomicFile/writeNew(_:to:)``). Screens with no move are left out. Returns the files written.
    @discardableResult
    public func write(to url: URL) throws -> [URL] {
        let folder = url.deletingLastPathComponent()
        let base = url.lastPathComponent.components(separatedBy: ".recording.").first ?? url.deletingPathExtension().lastPathComponent
        var written: [URL] = []
        var kept = recording
        kept.screens = []
        var used: Set<String> = []
        for (screen, capture) in zip(recording.screens, captures) where !screen.moves.isEmpty {
            var fileName = "\(base)-\(Self.slug(screen.name)).debugdescription.txt"
            var number = 1
            while !used.insert(fileName).inserted {
                number += 1
                fileName = "\(base)-\(Self.slug(screen.name))-\(number).debugdescription.txt"
            }
            let file = folder.appendingPathComponent(fileName)
            try AtomicFile.writeNew(Data(capture.utf8), to: file)
            written.append(file)
            kept.screens.append(Recording.Screen(name: screen.name, origin: .capture(fileName), moves: screen.moves))
        }
        try AtomicFile.writeNew(Data(kept.yaml.utf8), to: url)
        return written + [url]
    }

    /// A screen's name as a file name: letters, digits and dashes.
    static func slug(_ name: String) -> String {
        let parts = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined().split(separator: "-")
        return parts.isEmpty ? "screen" : parts.joined(separator: "-")
    }
}
