// Apple's XCUIAutomation exists only in Xcode's SDKs: on Linux (and before the 27 SDKs) this file
// compiles to nothing. It was written against Apple's published reference for XCUIVoiceOverService
// (enable(), disable(), moveForward(), moveBackward(), moveIn(), moveOut(), currentSpeech(), each
// speech an Output whose utterance is "Add Favorites, button") and has not been compiled by this
// project's CI, which runs on Linux: what it writes is RecordingSession's, which the tests hold
// (RecordingSessionTests), and docs/calibration.md says so.
#if canImport(XCUIAutomation)
import EarshotCore
import EarshotScenario
import Foundation
import XCUIAutomation
#if canImport(UIKit)
import UIKit
#endif

/// Walks an app's screens with the real VoiceOver (`XCUIDevice.voiceOverService`, 27 and later)
/// and writes what it said as a recording `earshot calibrate` replays.
///
/// ```swift
/// @MainActor func testRecordCompose() throws {
///     let app = XCUIApplication()
///     app.launch()
///     let recorder = try VoiceOverRecorder(app: app, name: "Compose from the inbox")
///     try recorder.screen("inbox")          // the app's debugDescription, and what VoiceOver says there
///     try recorder.walk()                   // flick right until the last element
///     app.buttons["compose"].tap()
///     try recorder.screen("compose")        // the sheet: VoiceOver's first words are its `appear`
///     try recorder.walk()
///     try recorder.write(to: URL(fileURLWithPath: "/tmp/compose.recording.yaml"))
/// }
/// ```
@available(iOS 27, macOS 27, visionOS 27, watchOS 27, tvOS 27, *)
@MainActor
public final class VoiceOverRecorder {
    public let app: XCUIApplication
    private let service: XCUIVoiceOverService
    public private(set) var session: RecordingSession

    /// Turns VoiceOver on. `source` says where the recording was made (default: the device's
    /// model and OS, and the date).
    public init(app: XCUIApplication, name: String, source: String? = nil, hints: Bool = false,
                device: XCUIDevice = .shared) throws {
        self.app = app
        self.service = device.voiceOverService
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let language = Locale.current.language.languageCode?.identifier ?? "en"
        let date = ISO8601DateFormatter().string(from: Date()).prefix(10)
        session = RecordingSession(name: name, platform: Self.platform, os: "\(version.majorVersion)", language: language, hints: hints,
                                   source: source ?? "XCUIVoiceOverService, OS \(version.majorVersion).\(version.minorVersion).\(version.patchVersion), \(date)")
        if !service.isEnabled { try service.enable() }
    }

    /// Starts a screen: the app's `debugDescription` as its capture, and what VoiceOver says
    /// where its cursor is as the screen's `appear`.
    @discardableResult
    public func screen(_ name: String) throws -> String {
        session.screen(name, capture: app.debugDescription)
        return try spoken(.appear) { try service.currentSpeech() }
    }

    /// What VoiceOver says of the element under its cursor.
    @discardableResult public func current() throws -> String { try spoken(.current) { try service.currentSpeech() } }
    /// One flick right.
    @discardableResult public func next() throws -> String { try spoken(.next) { try service.moveForward() } }
    /// One flick left.
    @discardableResult public func previous() throws -> String { try spoken(.previous) { try service.moveBackward() } }

    #if os(iOS) || os(macOS)
    /// Into the container under the cursor.
    @discardableResult public func moveIn() throws -> String { try spoken(.in) { try service.moveIn() } }
    /// Out of the container.
    @discardableResult public func moveOut() throws -> String { try spoken(.out) { try service.moveOut() } }
    #endif

    /// A move the test made itself (a tap that activates, a scrub) and what VoiceOver then said.
    @discardableResult
    public func record(_ gesture: Recording.Gesture, after perform: () throws -> Void) throws -> String {
        try perform()
        return try spoken(gesture) { try service.currentSpeech() }
    }

    /// Flicks right until VoiceOver says the same as the move before (the last element), at most
    /// `limit` times; the repeated move is dropped.
    @discardableResult
    public func walk(limit: Int = 200) throws -> [String] {
        var said: [String] = []
        for _ in 0..<limit {
            let utterance = try service.moveForward().utterance
            if utterance == session.moves.last?.utterance { break }
            session.record(.next, utterance: utterance)
            said.append(utterance)
        }
        return said
    }

    /// Writes the recording and its captures (``RecordingSession/write(to:)``) and turns VoiceOver off.
    @discardableResult
    public func write(to url: URL) throws -> [URL] {
        defer { try? service.disable() }
        return try session.write(to: url)
    }

    private func spoken(_ gesture: Recording.Gesture, speech: () throws -> XCUIVoiceOverService.Output) throws -> String {
        let utterance = try speech().utterance
        session.record(gesture, utterance: utterance)
        return utterance
    }

    private static var platform: Platform {
        #if os(macOS)
        .macos
        #elseif os(visionOS)
        .visionos
        #elseif os(watchOS)
        .watchos
        #elseif canImport(UIKit)
        UIDevice.current.userInterfaceIdiom == .pad ? .ipados : .ios
        #else
        .ios
        #endif
    }
}
#endif
