import EarshotCore

/// Something that turns text into 16-bit mono PCM.
///
/// ```swift
/// let engine = EspeakEngine.shared
/// let speech = try await engine.synthesize("Cancel. Button.", voice: "en-us", rate: 175)
/// speech.samples.count  // 22050 a second
/// ```
///
/// ``EspeakEngine`` is the real one; ``ToneEngine`` makes fixed tones per
/// word, so rendering, timing and caching can be tested without espeak-ng.
public protocol SpeechEngine: Sendable {
    /// Samples a second.
    var sampleRate: Int { get async throws }
    /// Names the engine and its version, for the utterance cache key (`espeak-ng 1.51`).
    var version: String { get async throws }
    /// Checks a voice and rate before anything is spoken with them: a voice that is not installed
    /// is ``SpeechError/unknownVoice(_:suggestions:)``, a rate out of range ``SpeechError/badRate(_:)``.
    func validate(voice: String, rate: Int) async throws
    /// Speaks a text with a voice at a rate in words a minute.
    func synthesize(_ text: String, voice: String, rate: Int) async throws -> Synthesis
    /// Speaks each request as it comes, in order, handing each synthesis on; returns when the requests end.
    func synthesizeEach(_ requests: AsyncStream<SpeechRequest>,
                        deliver: @Sendable (SpeechRequest, Synthesis) -> Void) async throws
}

extension SpeechEngine {
    /// Any voice, any rate espeak-ng takes.
    public func validate(voice: String, rate: Int) async throws {
        guard SpeechRate.range.contains(rate) else { throw SpeechError.badRate(rate) }
    }

    public func synthesizeEach(_ requests: AsyncStream<SpeechRequest>,
                               deliver: @Sendable (SpeechRequest, Synthesis) -> Void) async throws {
        for await request in requests {
            try Task.checkCancellation()
            deliver(request, try await synthesize(request.text, voice: request.voice, rate: request.rate))
        }
    }
}

/// A text to speak with a voice at a rate.
public struct SpeechRequest: Hashable, Sendable {
    public var text: String
    public var voice: String
    public var rate: Int

    public init(text: String, voice: String, rate: Int) {
        self.text = text
        self.voice = voice
        self.rate = rate
    }
}

/// The PCM of one utterance and where its words start.
public struct Synthesis: Hashable, Sendable {
    public var samples: [Int16]
    public var words: [WordMark]
    /// Characters left out of the speech for want of a reading: a Japanese ideograph neither
    /// MeCab nor Unihan reads (docs/decisions.md). The transcript keeps them.
    public var unread: Int

    public init(samples: [Int16], words: [WordMark] = [], unread: Int = 0) {
        self.samples = samples
        self.words = words
        self.unread = unread
    }

    /// The warning for a text with characters left out of its speech.
    public static func unreadWarning(_ text: String, characters: Int) -> String {
        "\(characters) character\(characters == 1 ? " of \(SpeechError.quoted(text)) has" : "s of \(SpeechError.quoted(text)) have") "
            + "no Japanese reading (neither MeCab nor Unihan gives one) and \(characters == 1 ? "is" : "are") left out of its audio; "
            + "the transcript keeps \(characters == 1 ? "it" : "them")"
    }
}

/// A word's position in the text and the sample where it starts.
public struct WordMark: Hashable, Sendable, Codable {
    /// Characters from the start of the text (1-based, as espeak-ng counts).
    public var textPosition: Int
    public var length: Int
    public var sample: Int

    public init(textPosition: Int, length: Int, sample: Int) {
        self.textPosition = textPosition
        self.length = length
        self.sample = sample
    }
}

/// Why speech could not be made, with the fix in the message.
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A text in a message: quoted, cut to its start when long.
    public static func quoted(_ text: String) -> String {
        text.count > 80 ? "'\(text.prefix(60))…' (\(text.count) characters)" : "'\(text)'"
    }

    /// espeak-ng's data (voices, dictionaries) is missing.
    case dataMissing(String)
    /// A Japanese voice, and MeCab or its dictionary, which read Japanese before it is spoken, missing.
    case readingsMissing(voice: String)
    /// No voice by that name; close matches.
    case unknownVoice(String, suggestions: [String])
    /// A rate outside espeak-ng's range.
    case badRate(Int)
    case synthesisFailed(String)
    /// The speech worker executable (`earshot-speech`) is not where Earshot looks.
    case workerMissing(String)
    /// Two workers in turn crashed, stalled or answered garbage on a text.
    case workerFailed(text: String, reason: String)
    /// The speech worker could not be run, ended, or answered garbage before it said hello;
    /// `said` is what it wrote to its standard error (the dynamic loader's complaint about a
    /// missing libespeak-ng, espeak-ng's about its data).
    case workerDidNotStart(executable: String, reason: String, said: String)

    public var description: String {
        switch self {
        case .dataMissing(let detail):
            "espeak-ng's data is missing (\(detail)); install it with: apt-get install -y espeak-ng-data"
        case .readingsMissing(let voice):
            "the voice '\(voice)' speaks Japanese, which is read with MeCab first, and MeCab or its dictionary is missing;"
                + " install them with: apt-get install -y mecab libmecab-dev mecab-ipadic-utf8 (or run scripts/ensure-deps.sh)"
        case .unknownVoice(let voice, let suggestions):
            // A long name is shown by its start and its length, not whole.
            "no espeak-ng voice '\(voice.count > 80 ? "\(voice.prefix(60))…' (\(voice.count) characters)" : voice + "'")"
                + (suggestions.isEmpty ? "" : "; close matches: \(suggestions.joined(separator: ", "))")
                + "; run 'earshot voices' for the list"
        case .badRate(let rate):
            SpeechRate.outOfRange("rate \(rate)")
        case .synthesisFailed(let detail):
            "espeak-ng could not speak: \(detail)"
        case .workerMissing(let detail):
            "the speech worker is missing: \(detail); build it beside earshot with: swift build --product earshot-speech"
                + " (or name it in EARSHOT_SPEECH_WORKER)"
        case .workerFailed(let text, let reason):
            "espeak-ng failed twice, in two fresh workers, on \(Self.quoted(text)): \(reason); check its data with"
                + " 'espeak-ng -w /dev/null \"Hello\"' and reinstall it if that fails: apt-get install --reinstall espeak-ng-data"
        case .workerDidNotStart(let executable, let reason, let said):
            "the speech worker '\(executable)' did not start: \(reason)"
                + (said.isEmpty ? "" : "; it said: \(said)")
                + "; install espeak-ng's library and data (apt-get install libespeak-ng-dev espeak-ng-data)"
                + " and build the worker beside earshot (make build)"
        }
    }
}

/// Where speech workers spent their time on utterances (`EspeakEngine.timeSpent`, summed over
/// them), in seconds. `synthesizing` is on the clock, so it also holds the time a worker waited
/// for a core while other processes ran; `synthesizingCPU` is the CPU time of the same calls,
/// what synthesis costs. `earshot bench` reports both (docs/performance.md).
public struct SpeechTime: Hashable, Sendable {
    /// Putting the worker's espeak-ng back to its checkpoint before each utterance.
    public var restoring: Double
    /// Reading a text before it is spoken (Japanese, with MeCab).
    public var reading: Double
    /// In `espeak_Synth`, on the clock.
    public var synthesizing: Double
    /// In `espeak_Synth`, CPU time (a forked child's whole CPU time).
    public var synthesizingCPU: Double

    public init(restoring: Double = 0, reading: Double = 0, synthesizing: Double = 0, synthesizingCPU: Double = 0) {
        self.restoring = restoring
        self.reading = reading
        self.synthesizing = synthesizing
        self.synthesizingCPU = synthesizingCPU
    }

    public static func += (total: inout SpeechTime, time: SpeechTime) {
        total.restoring += time.restoring
        total.reading += time.reading
        total.synthesizing += time.synthesizing
        total.synthesizingCPU += time.synthesizingCPU
    }

    public static func - (after: SpeechTime, before: SpeechTime) -> SpeechTime {
        SpeechTime(restoring: after.restoring - before.restoring, reading: after.reading - before.reading,
                   synthesizing: after.synthesizing - before.synthesizing,
                   synthesizingCPU: after.synthesizingCPU - before.synthesizingCPU)
    }
}
