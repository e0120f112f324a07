import EarshotCore
import EarshotFiles
import EarshotReader
import EarshotScenario
import Foundation

/// Replays a recording of real VoiceOver in Earshot and compares each utterance
/// (docs/calibration.md): the screens made from their captures or scenes in the recording's
/// OS version and language (and the team's profile overlays), each move performed as its
/// gesture says, and each disagreement traced to the profile fact, or the element's own text,
/// that gave Earshot its words.
///
/// ```swift
/// let recording = try Recording.load(path: "compose.recording.yaml")
/// let result = try Calibrator().calibrate(recording)
/// result.agreed           // 5
/// result.moves.count      // 6
/// ```
public struct Calibrator: Sendable {
    public var overlays: [ProfileOverlay]
    /// Where the screens' scene and capture paths may lead.
    public var boundary: ProjectBoundary

    public init(overlays: [ProfileOverlay] = [], boundary: ProjectBoundary = .project) {
        self.overlays = overlays
        self.boundary = boundary
    }

    /// Replays every screen of `recording`. A screen that cannot be made (a capture that does not
    /// import, a scene with mistakes, another platform's) is bad input at its own lines.
    public func calibrate(_ recording: Recording) throws(LoadError) -> RecordingResult {
        let facts: [ProfileFact]
        do {
            facts = try Profile.facts(recording.platform, language: recording.language, os: recording.os, overlays: overlays)
        } catch {
            throw LoadError([Diagnostic("\(error)", at: recording.osLocation, expected: "a version and language the platform's profile has")])
        }
        var warnings: [String] = []
        var moves: [MoveResult] = []
        var number = 0
        let phrases = Phrases(facts: facts)
        for screen in recording.screens {
            var reader = ScreenReader(scene: try scene(of: screen, in: recording, warnings: &warnings), hints: recording.hints)
            for move in screen.moves {
                number += 1
                moves.append(replay(move, number: number, screen: screen.name, on: &reader, phrases: phrases))
            }
        }
        return RecordingResult(recording: recording, moves: moves, warnings: warnings)
    }

    func scene(of screen: Recording.Screen, in recording: Recording, warnings: inout [String]) throws(LoadError) -> Scene {
        var scene = try SceneLoader.load(path: screen.origin.path, warnings: &warnings, boundary: boundary)
        guard scene.platform == recording.platform else {
            let what = if case .capture = screen.origin { "capture" } else { "scene" }
            throw LoadError([Diagnostic("screen '\(screen.name)': its \(what) is of \(scene.platform.rawValue), the recording of \(recording.platform.rawValue)",
                                        at: screen.location, expected: "a \(what) of the platform the recording was made on")])
        }
        scene = try SceneLoader.scene(scene, os: recording.os, language: recording.language, osWrittenAt: recording.osLocation,
                                      languageWrittenAt: recording.languageLocation, overlays: overlays)
        return scene
    }

    /// One move: performed, its words compared, a disagreement traced; then the cursor put back
    /// where VoiceOver was, so that one difference is counted once and not at every later move.
    func replay(_ move: Recording.Move, number: Int, screen: String, on reader: inout ScreenReader, phrases: Phrases) -> MoveResult {
        let counted = perform(move, on: &reader)
        let records = reader.steps[counted]
        let earshot = records.flatMap(\.events).compactMap(\.utterance).filter { !$0.interrupted }.map(\.text).joined(separator: ", ")
        let recorded = Utterance(move.utterance), ours = Utterance(earshot)
        var result = MoveResult(number: number, screen: screen, move: move, earshot: earshot,
                                steps: records.map(\.written), agrees: recorded.normalized == ours.normalized)
        result.focus = reader.cursor.map { reader.state.label(of: $0, in: reader.scene) }
        if !result.agrees {
            result.differences = Tracing(reader: reader, phrases: phrases).differences(earshot: ours, recorded: recorded)
        }
        resynchronize(after: move, agrees: result.agrees, reader: &reader, result: &result)
        return result
    }

    /// Performs the move's gesture; returns the reader's steps whose words are the move's.
    private func perform(_ move: Recording.Move, on reader: inout ScreenReader) -> Range<Int> {
        let start = reader.steps.count
        switch move.gesture {
        case .appear: reader.appear()
        case .current:
            if let cursor = reader.cursor { reader.touch(element: cursor) }
        case .next: reader.swipeRight()
        case .previous: reader.swipeLeft()
        case .first: reader.first()
        case .last: reader.last()
        case .activate: reader.doubleTap()
        case .escape: reader.scrub()
        case .magicTap: reader.magicTap()
        case .increment: reader.swipeUp()
        case .decrement: reader.swipeDown()
        case .in, .out:
            let rotor = reader.rotor
            reader.rotor(.containers)
            if move.gesture == .in { reader.swipeDown() } else { reader.swipeUp() }
            // The rotor as it was, so that a later increment adjusts; only the flick's words count.
            reader.rotor(rotor ?? .adjust)
            return (start + 1)..<(start + 2)
        case .touch:
            if let element = move.element, reader.resolve(element) != nil {
                reader.touch(element)
            } else if let frame = move.frame {
                reader.tap(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            } else {
                reader.touch(move.element ?? "")
            }
        }
        return start..<reader.steps.count
    }

    /// Where VoiceOver was after the move, Earshot's cursor goes too, saying nothing: the element
    /// the move names (by identifier or label) or, when the words disagree and none is named, the
    /// element Earshot would describe with VoiceOver's words.
    private func resynchronize(after move: Recording.Move, agrees: Bool, reader: inout ScreenReader, result: inout MoveResult) {
        var target: ElementRef?
        if let element = move.element {
            target = reader.resolve(element)
            if target == nil, let frame = move.frame {
                target = reader.scope.last { reader.scene[$0].frame == frame }
            }
            guard let target else {
                result.notes.append("VoiceOver was on '\(element)', which the screen does not hold")
                return
            }
            guard target != reader.cursor else { return }
            result.notes.append("VoiceOver was on '\(element)', Earshot on '\(result.focus ?? "nothing")'")
            result.agrees = false
        } else if !agrees, move.gesture != .appear || reader.cursor != nil {
            let wanted = Utterance(move.utterance).normalized
            // Each candidate is tried on a copy without the steps so far, which a touch would copy.
            var base = reader
            base.forgetSteps()
            target = reader.scope.first { ref in
                guard ref != reader.cursor else { return false }
                var copy = base
                copy.touch(element: ref)
                return Utterance(copy.spoken.joined(separator: ", ")).normalized == wanted
                    || Utterance(copy.lastDescription ?? "").normalized == wanted
            }
            guard let target else { return }
            result.notes.append("VoiceOver's words are Earshot's for '\(reader.state.label(of: target, in: reader.scene))'; Earshot went on from there")
        }
        if let target { reader.touch(element: target) }
    }
}

