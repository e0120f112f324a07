import EarshotCore
import EarshotScenario
import Foundation

/// The profile overlay that would make Earshot say what the recordings say
/// (`earshot calibrate --suggest FILE`): one fact per profile key path a correction names, from
/// the recording's OS version on, with the moves that show it as its source. Where moves ask
/// different values of one fact, the one most moves ask is taken and the others are reported.
public struct Suggestion: Hashable, Sendable {
    public var overlay: ProfileOverlay
    /// Facts the moves asked different values of: the value not taken, and where it was asked.
    public var conflicts: [Conflict]
    /// Disagreeing moves no profile fact can settle (the element's own words, an order).
    public var unsettled: Int

    /// A value asked of a fact that the overlay does not take (more moves asked another).
    public struct Conflict: Hashable, Sendable {
        public var path: String
        public var value: String
        /// The recording and line that asked it.
        public var at: String
    }

    public init(_ run: CalibrationRun, name: String = "Suggested by earshot calibrate") {
        struct Key: Hashable { var platform: Platform; var language: String; var path: String }
        var asked: [Key: [(value: String, from: String, at: String)]] = [:]
        var order: [Key] = []
        var unsettled = 0
        for result in run.results {
            let recording = result.recording
            for move in result.moves where !move.agrees {
                let corrections = move.differences.compactMap(\.correction)
                if corrections.count < move.differences.count || move.differences.isEmpty { unsettled += 1 }
                for correction in corrections {
                    let key = Key(platform: recording.platform, language: recording.language, path: correction.fact.path)
                    if asked[key] == nil { order.append(key) }
                    let place = "\(CalibrationRun.displayPath(recording.file)):\(move.move.location.line)"
                    asked[key, default: []].append((correction.value, recording.os, place))
                }
            }
        }
        var facts: [ProfileOverlay.Fact] = []
        var conflicts: [Conflict] = []
        for key in order {
            let askings = asked[key]!
            var counts: [String: Int] = [:]
            for asking in askings { counts[asking.value, default: 0] += 1 }
            let value = askings.map(\.value).max { counts[$0]! < counts[$1]! }!
            let taken = askings.filter { $0.value == value }
            let from = taken.map(\.from).min { Profile.version($1, isAtLeast: $0) }!
            for other in askings where other.value != value { conflicts.append(Conflict(path: key.path, value: other.value, at: other.at)) }
            let places = taken.prefix(5).map(\.at).joined(separator: ", ") + (taken.count > 5 ? " and \(taken.count - 5) more" : "")
            let path = key.path.split(separator: ".").map(String.init)
            guard !key.path.contains("[") else { continue }
            facts.append(ProfileOverlay.Fact(path: path, value: .text(value), platform: key.platform, language: key.language, from: from,
                                             source: "VoiceOver on \(key.platform.rawValue) \(from) said \"\(value)\" here: recorded at \(places)"))
        }
        self.overlay = ProfileOverlay(name: name, facts: facts)
        self.conflicts = conflicts
        self.unsettled = unsettled
    }
}
