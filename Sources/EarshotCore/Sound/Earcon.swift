/// The short sounds VoiceOver plays, and what each sounds like.
///
/// ```swift
/// let earcon = Earcon.screenChanged
/// earcon.notes    // [660 Hz for 60 ms, 990 Hz for 80 ms]: a rising pair
/// earcon.length   // 0.14 seconds
/// ```
///
/// The reader emits them in its events; the audio plays each as its notes
/// (`EarshotSpeech` makes the samples). Each lasts at most 150 ms and differs
/// from the others in pitch and shape, so a listener tells them apart.
public enum Earcon: String, CaseIterable, Hashable, Sendable, Codable {
    case boundary, screenChanged, layoutChanged, failure

    /// One note of an earcon's tone.
    public struct Note: Hashable, Sendable {
        /// Hertz.
        public var frequency: Double
        public var milliseconds: Double

        public init(_ frequency: Double, _ milliseconds: Double) {
            self.frequency = frequency
            self.milliseconds = milliseconds
        }
    }

    /// The tone's notes, in order.
    public var notes: [Note] {
        switch self {
        case .boundary: [Note(196, 70)]                                      // one low thud
        case .screenChanged: [Note(660, 60), Note(990, 80)]                  // rising pair
        case .layoutChanged: [Note(880, 50), Note(880, 0), Note(1175, 50)]   // two quick high notes
        case .failure: [Note(330, 70), Note(220, 80)]                        // falling pair
        }
    }

    /// Seconds the tone lasts (its notes' lengths added up).
    public var length: Double {
        notes.reduce(0) { $0 + $1.milliseconds } / 1000
    }
}
