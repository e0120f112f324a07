/// The silences between what is heard: the same on the reader's virtual
/// clock and in the audio a spoken run writes.
///
/// ```swift
/// // An utterance, then an earcon, then another utterance:
/// // [utterance] gap [earcon] earconGap [utterance] gap
/// SpeechTiming.gap        // 0.25
/// SpeechTiming.earconGap  // 0.05
/// ```
public enum SpeechTiming {
    /// Seconds of silence after each utterance.
    public static let gap = 0.25
    /// Seconds of silence after each earcon.
    public static let earconGap = 0.05
}
