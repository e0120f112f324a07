
/// What a scenario's listener hears and when, made once for each result: every utterance and
/// earcon, in the order the reader made them, with the reader step that made it, whether it was
/// heard (an utterance cut off by later speech was not), and its start and length on one clock,
/// the reader's estimate (``Clock/estimated``) or, once a spoken run has written
/// the audio, the audio's (``Clock/audio``). Every report reads its times here:
/// JSON each sound's, JUnit, Markdown and HTML the length, the HTML page each step's span; the
/// audio is the heard sounds, laid out. The reader's events keep the estimate they were made
/// with; a spoken run replaces the timeline, it never rewrites them.
///
/// The reader's estimate is made from its steps (``init(estimatedFrom:length:)``, EarshotReader),
/// the audio's by the layout a spoken run wrote (``measured(by:)``, EarshotSpeech); the audio
/// itself is made of the ``heard`` sounds.
///
/// ```swift
/// let result = ScenarioRunner().run(scenario)
/// result.timeline.sounds.first   // Sound(step: 0, kind: .utterance("Compose. Button."), heard: true, start: 0, …)
/// result.timeline.clock          // .estimated
/// ```
public struct Timeline: Hashable, Sendable {
    /// Where a timeline's times come from.
    public enum Clock: String, Hashable, Sendable {
        /// The reader's virtual clock: lengths estimated from the text (`SpeechDuration`), as in a headless run.
        case estimated
        /// The audio a spoken run wrote: each utterance's real length, as in its WAV and WebVTT.
        case audio
    }

    /// One utterance or earcon.
    public struct Sound: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case utterance(String)
            case earcon(Earcon)
        }

        /// The reader step that made it (an index in ``ScenarioResult/steps``).
        public let step: Int
        public let kind: Kind
        /// False for an utterance later speech cut off; it starts, and is not heard to its end.
        public let heard: Bool
        /// Seconds from the scenario's start, on the timeline's clock.
        public let start: Double
        /// How long it is heard: an utterance's length (0 when not heard on the audio's clock,
        /// where it takes no time), an earcon's tone.
        public let duration: Double

        public init(step: Int, kind: Kind, heard: Bool, start: Double, duration: Double) {
            self.step = step
            self.kind = kind
            self.heard = heard
            self.start = start
            self.duration = duration
        }
    }

    public let sounds: [Sound]
    public let clock: Clock
    /// Seconds from the scenario's start to the end of its last step, the silence after its last
    /// sound included.
    public let length: Double

    public init(sounds: [Sound], clock: Clock, length: Double) {
        self.sounds = sounds
        self.clock = clock
        self.length = length
    }

    /// What is heard, in order: the utterances spoken to their end and the earcons, the audio's
    /// input (`AudioLayout`).
    public var heard: [Sound.Kind] {
        sounds.compactMap { $0.heard ? $0.kind : nil }
    }

    /// The same timeline with another length (the sounds and clock kept).
    public func lasting(_ length: Double) -> Timeline {
        Timeline(sounds: sounds, clock: clock, length: length)
    }

    /// Each scenario step's span, for a report that follows the sound: a step starts with its
    /// first sound, or, when it makes none, where the sound before it ended; it ends where the
    /// next step starts, the last at the timeline's length. `records` are each scenario step's
    /// reader steps (a scenario result's `StepScreen/records`).
    public func spans(of records: [Range<Int>]) -> [(start: Double, end: Double)] {
        var byStep: [Int: [Sound]] = [:]
        for sound in sounds { byStep[sound.step, default: []].append(sound) }
        var starts: [Double] = []
        var heardUntil = 0.0
        for range in records {
            var first: Double?
            let before = heardUntil
            for step in range {
                for sound in byStep[step] ?? [] {
                    first = first ?? sound.start
                    if sound.heard { heardUntil = max(heardUntil, sound.start + sound.duration) }
                }
            }
            starts.append(max(first ?? before, starts.last ?? 0))
        }
        return starts.indices.map { index in
            (starts[index], index + 1 < starts.count ? starts[index + 1] : max(length, starts[index]))
        }
    }
}
