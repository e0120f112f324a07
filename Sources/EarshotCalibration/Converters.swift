import EarshotCore
import EarshotScenario
import Foundation

/// Recordings made from what other tools print (`earshot convert`, docs/calibration.md):
/// one screen, each phrase a move.
///
/// ```swift
/// let moves = try RecordingConverter.guidepup(#"["Inbox, heading", "Compose, button"]"#)
/// moves.map(\.utterance)   // ["Inbox, heading", "Compose, button"]
/// ```
public enum RecordingConverter {
    /// What a converter reads.
    public enum Input: String, CaseIterable, Sendable {
        /// Guidepup's `spokenPhraseLog()`: a JSON array of strings, or the array as Node's
        /// `console.log` prints it (single quotes), or one phrase a line; each phrase after a
        /// `voiceOver.next()`.
        case guidepup
        /// Utterances typed from VoiceOver's Caption Panel, one a line, each a `next` unless the
        /// line starts with a gesture and a colon (`activate: Sent`); `#` starts a comment.
        case captions
    }

    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { message }
    }

    public static func moves(_ input: Input, text: String, file: String = "<input>") throws -> [Recording.Move] {
        switch input {
        case .guidepup: try guidepup(text, file: file)
        case .captions: captions(text, file: file)
        }
    }

    /// Guidepup's spoken phrase log: each phrase a `next`.
    public static func guidepup(_ text: String, file: String = "<input>") throws -> [Recording.Move] {
        var body = Substring(text.drop { $0 == "\u{FEFF}" })
        // `console.log('spokenPhraseLog:', log)` prints a label first.
        if let bracket = body.firstIndex(of: "["), body[..<bracket].allSatisfy({ $0 != "\n" && $0 != "\"" && $0 != "'" }) {
            body = body[bracket...]
        }
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        let lineOf = { (offset: String.Index) -> Int in text[..<offset].count { $0 == "\n" } + 1 }
        guard trimmed.hasPrefix("[") else {
            // One phrase a line.
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                let phrase = line.trimmingCharacters(in: .whitespaces)
                guard !phrase.isEmpty else { return nil }
                return Recording.Move(.next, utterance: phrase, source: "line \(index + 1)", location: SourceLocation(file: file, line: index + 1, column: 1))
            }
        }
        if let data = trimmed.data(using: .utf8), let phrases = try? JSONSerialization.jsonObject(with: data) as? [Any] {
            var moves: [Recording.Move] = []
            for (index, phrase) in phrases.enumerated() {
                guard let phrase = phrase as? String else {
                    throw Problem(line: 1, column: 1, message: "item \(index + 1) of the log is not a string")
                }
                moves.append(Recording.Move(.next, utterance: phrase, source: "phrase \(index + 1)", location: SourceLocation(file: file, line: 1, column: 1)))
            }
            return moves
        }
        // Node's inspection: [ 'Inbox, heading', "Don't save, button", … ].
        var moves: [Recording.Move] = []
        var index = trimmed.index(after: trimmed.startIndex)
        while index < trimmed.endIndex {
            let character = trimmed[index]
            if character == "'" || character == "\"" || character == "`" {
                var phrase = ""
                var cursor = trimmed.index(after: index)
                var closed = false
                while cursor < trimmed.endIndex {
                    let next = trimmed[cursor]
                    if next == "\\", trimmed.index(after: cursor) < trimmed.endIndex {
                        cursor = trimmed.index(after: cursor)
                        let escaped = trimmed[cursor]
                        phrase.append(escaped == "n" ? "\n" : escaped)
                    } else if next == character {
                        closed = true
                        break
                    } else {
                        phrase.append(next)
                    }
                    cursor = trimmed.index(after: cursor)
                }
                guard closed else {
                    throw Problem(line: 1, column: 1, message: "phrase \(moves.count + 1) of the log has no closing \(character)")
                }
                moves.append(Recording.Move(.next, utterance: phrase, source: "phrase \(moves.count + 1)", location: SourceLocation(file: file, line: 1, column: 1)))
                index = trimmed.index(after: cursor)
            } else if character == "]" {
                return moves
            } else if character == "," || character.isWhitespace {
                index = trimmed.index(after: index)
            } else {
                let offset = text.range(of: String(trimmed[index...].prefix(20)))?.lowerBound ?? text.startIndex
                throw Problem(line: lineOf(offset), column: 1, message: "the log is not a list of phrases: '\(trimmed[index...].prefix(20))'")
            }
        }
        throw Problem(line: 1, column: 1, message: "the log's list has no closing ]")
    }

    /// Caption Panel lines: `[GESTURE:] UTTERANCE`.
    public static func captions(_ text: String, file: String = "<input>") -> [Recording.Move] {
        let gestures = Recording.Gesture.allCases.map(\.rawValue)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            var gesture = Recording.Gesture.next
            var utterance = trimmed
            if let colon = trimmed.firstIndex(of: ":"), gestures.contains(String(trimmed[..<colon])),
               let named = Recording.Gesture(rawValue: String(trimmed[..<colon])) {
                gesture = named
                utterance = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            // A touch names its element by the label VoiceOver spoke first.
            let element = gesture == .touch ? utterance.components(separatedBy: ", ").first : nil
            return Recording.Move(gesture, utterance: utterance, element: element, source: "line \(index + 1)",
                                  location: SourceLocation(file: file, line: index + 1, column: 1))
        }
    }
}
