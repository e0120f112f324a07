import EarshotCore

/// What a speech request is, for the transcript and the expectations.
public enum SpeechKind: String, Hashable, Sendable, Codable {
    /// An element's description (what `expect: "TEXT"` checks).
    case description
    /// An element's hint.
    case hint
    /// `Actions Available` after the hint.
    case actionsAvailable
    /// An announcement posted by an effect.
    case announcement
    /// Anything else VoiceOver says: a rotor's name, a new value, a switch's state, typing echo.
    case feedback
}

/// One speech request of a step, spoken or interrupted.
public struct Utterance: Hashable, Sendable {
    public var text: String
    public var kind: SpeechKind
    public var priority: SpeechPriority
    /// Cancelled before it was spoken: in the transcript, not in the audio.
    public var interrupted: Bool
    /// The element it describes, if any.
    public var element: ElementRef?
    /// Start and length in seconds: on the reader's virtual clock (the length estimated by
    /// ``SpeechDuration``), or, in a spoken run's results, on the audio's timeline.
    public var start: Double
    public var duration: Double

    public init(text: String, kind: SpeechKind, priority: SpeechPriority = .default, interrupted: Bool = false,
                element: ElementRef? = nil, start: Double = 0, duration: Double = 0) {
        self.text = text
        self.kind = kind
        self.priority = priority
        self.interrupted = interrupted
        self.element = element
        self.start = start
        self.duration = duration
    }
}

/// Everything the screen reader decided, in order: the one event stream
/// that transcripts, audio, expectations, audits and reports read.
public enum ReaderEvent: Hashable, Sendable {
    case speech(Utterance)
    /// An earcon and when it starts, in seconds (on the same clock as ``Utterance/start``).
    case earcon(Earcon, at: Double)
    /// The cursor moved (nil: onto no element).
    case focus(ElementRef?)
    case presented(String)
    case dismissed(String)
    /// A sheet changed detent: presentation id, new detent id.
    case detentChanged(String, String)
    /// The step could not act (touching an element that does not exist, typing while nothing is editing).
    case stepFailed(String)

    public var utterance: Utterance? {
        if case .speech(let utterance) = self { return utterance }
        return nil
    }

    public var earcon: Earcon? {
        if case .earcon(let earcon, _) = self { return earcon }
        return nil
    }
}

/// The events of one step, with the step as written.
public struct StepRecord: Hashable, Sendable {
    /// The step as written, the heading of its block in a transcript: `swipeRight`,
    /// `touch: compose`, `type: anna@example.com` (``Gesture/written``).
    public var written: String
    public var events: [ReaderEvent]

    public init(written: String, events: [ReaderEvent]) {
        self.written = written
        self.events = events
    }

    /// The name ``written`` had before: a step's text is called `written` everywhere else
    /// (``Gesture/written``, a report's step screen).
    @available(*, deprecated, renamed: "written")
    public var step: String { written }
}
