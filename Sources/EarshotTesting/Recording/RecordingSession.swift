import EarshotCore
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
    public var name: String
    public var platform: Platform
    public var os: String
    public var language: String
    /// Whether the utterances hold VoiceOver's hints (`currentSpeech()`'s do not, as far as
    /// Apple's example shows).
    public var hints: Bool
    public var source: String
    public var recorder: Recording.Recorder

    private var screens: [(name: String, capture: String, moves: [Recording.Move])] = []

    public init(name: String, platform: Platform, os: String, language: String = "en", hints: Bool = false, source: String,
                recorder: Recording.Recorder = .xcuitest) {
        self.name = name
        self.platform = platform
        self.os = os
        self.language = language
        self.hints = hints
        self.source = source
        self.recorder = recorder
    }

    /// A new screen, with its capture (XCUITest's `debugDescription`, or any capture `earshot
    /// import` reads): the moves recorded next are made on it.
    public mutating func screen(_ name: String, capture: String) {
        screens.append((name, capture, []))
    }

    /// A move on the current screen and what VoiceOver said; `element` is the identifier or
    /// label of the element VoiceOver was on after it, where known.
    public mutating func record(_ gesture: Recording.Gesture, utterance: String, element: String? = nil) {
        if screens.isEmpty { screens.append(("screen", "", [])) }
        screens[screens.count - 1].moves.append(Recording.Move(gesture, utterance: utterance, element: element))
    }

    /// The moves recorded so far on the current screen.
    public var moves: [Recording.Move] { screens.last?.moves ?? [] }

    /// Writes the recording to `url` (`NAME.recording.yaml`) and each screen's capture beside it
    /// (`NAME-SCREEN.debugdescription.txt`), none replacing a file already there. Screens with no
    /// move are left out. Returns the files written.
    @discardableResult
    public func write(to url: URL) throws -> [URL] {
        let folder = url.deletingLastPathComponent()
        let base = url.lastPathComponent.components(separatedBy: ".recording.").first ?? url.deletingPathExtension().lastPathComponent
        var written: [URL] = []
        var kept: [Recording.Screen] = []
        var used: Set<String> = []
        for screen in screens where !screen.moves.isEmpty {
            var fileName = "\(base)-\(Self.slug(screen.name)).debugdescription.txt"
            var number = 1
            while !used.insert(fileName).inserted {
                number += 1
                fileName = "\(base)-\(Self.slug(screen.name))-\(number).debugdescription.txt"
            }
            let capture = folder.appendingPathComponent(fileName)
            try Self.writeNew(screen.capture, to: capture)
            written.append(capture)
            kept.append(Recording.Screen(name: screen.name, origin: .capture(fileName), moves: screen.moves))
        }
        let recording = Recording(name: name, platform: platform, os: os, language: language, hints: hints, source: source,
                                  recorder: recorder, screens: kept)
        try Self.writeNew(recording.yaml, to: url)
        return written + [url]
    }

    /// A screen's name as a file name: letters, digits and dashes.
    static func slug(_ name: String) -> String {
        let slug = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        return slug.split(separator: "-").joined(separator: "-").isEmpty ? "screen" : slug.split(separator: "-").joined(separator: "-")
    }

    /// Writes a new file; one already there is an error, not replaced.
    static func writeNew(_ text: String, to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: url.path])
        }
        try Data(text.utf8).write(to: url, options: .withoutOverwriting)
    }
}
