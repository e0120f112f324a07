import EarshotCore
import EarshotFiles
import EarshotScenario
import Foundation

/// One recorded move replayed: what VoiceOver said, what Earshot said, and why they differ.
public struct MoveResult: Hashable, Sendable {
    /// Its place in the recording, from 1.
    public var number: Int
    public var screen: String
    public var move: Recording.Move
    /// What Earshot said for it: its utterances joined by `, ` (empty: nothing).
    public var earshot: String
    /// Earshot's steps, as a transcript writes them.
    public var steps: [String]
    /// Whether the words agree under the normalisation, and Earshot was where VoiceOver was.
    public var agrees: Bool
    /// The element Earshot's cursor was on after the move, by its label.
    public var focus: String?
    /// Each difference of words, with where Earshot's came from.
    public var differences: [Difference] = []
    /// What else was found: the cursor in another place, put back where VoiceOver was.
    public var notes: [String] = []

    public init(number: Int, screen: String, move: Recording.Move, earshot: String, steps: [String], agrees: Bool) {
        self.number = number
        self.screen = screen
        self.move = move
        self.earshot = earshot
        self.steps = steps
        self.agrees = agrees
    }
}

/// Words Earshot said where VoiceOver said others (either may be empty), and what gave
/// Earshot's words: a profile fact, the element's own text, or nothing found.
public struct Difference: Hashable, Sendable {
    public var earshot: String
    public var recorded: String
    public var origins: [Origin]
    /// The overlay fact that would make Earshot say VoiceOver's words here, where one profile
    /// fact gave all of Earshot's.
    public var correction: Correction?

    public enum Origin: Hashable, Sendable {
        /// A profile fact (or a team's overlay fact) with its evidence.
        case profile(ProfileFact)
        /// The element's own text, from its capture or scene (`label`, `value`, `hint`).
        case element(field: String, text: String)
        /// No fact or text of the element holds these words (an order or a joining Earshot made).
        case unexplained
    }

    /// A profile value that would give VoiceOver's words.
    public struct Correction: Hashable, Sendable {
        public var fact: ProfileFact
        public var value: String
    }
}

/// A recording replayed.
public struct RecordingResult: Hashable, Sendable {
    public var recording: Recording
    public var moves: [MoveResult]
    /// What importing its captures said.
    public var warnings: [String]

    public var agreed: Int { moves.count { $0.agrees } }
}

/// Several recordings replayed (`earshot calibrate`), with the figures of each group.
public struct CalibrationRun: Hashable, Sendable {
    public var results: [RecordingResult]

    public init(_ results: [RecordingResult]) {
        self.results = results
    }

    public var agreed: Int { results.reduce(0) { $0 + $1.agreed } }
    public var total: Int { results.reduce(0) { $0 + $1.moves.count } }
    /// Agreement in percent (100 with no moves).
    public var agreement: Double { Self.percent(agreed, of: total) }

    /// A path as reports show it: relative to the working directory where it is under it.
    public static func displayPath(_ path: String) -> String { FilePath.display(path) }

    public static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 100 : (Double(part) * 1000 / Double(whole)).rounded() / 10
    }

    /// The figures by group: the folder each recording is in, its platform and OS version.
    public var groups: [Group] {
        var groups: [Group] = []
        for result in results {
            let recording = result.recording
            let folder = URL(fileURLWithPath: recording.file).deletingLastPathComponent().lastPathComponent
            let key = Group(folder: folder, platform: recording.platform, os: recording.os, language: recording.language,
                            recordings: 0, agreed: 0, total: 0)
            if let index = groups.firstIndex(where: { $0.sameKey(as: key) }) {
                groups[index].add(result)
            } else {
                var group = key
                group.add(result)
                groups.append(group)
            }
        }
        return groups
    }

    public struct Group: Hashable, Sendable {
        public var folder: String
        public var platform: Platform
        public var os: String
        public var language: String
        public var recordings: Int
        public var agreed: Int
        public var total: Int

        public var agreement: Double { CalibrationRun.percent(agreed, of: total) }

        func sameKey(as other: Group) -> Bool {
            (folder, platform, os, language) == (other.folder, other.platform, other.os, other.language)
        }

        mutating func add(_ result: RecordingResult) {
            recordings += 1
            agreed += result.agreed
            total += result.moves.count
        }
    }
}
