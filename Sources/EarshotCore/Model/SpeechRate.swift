/// The speaking rates a scenario, `earshot say` and the speech engines take: espeak-ng's, in
/// words a minute (docs/format.md, `rate:`): `espeakRATE_MINIMUM` 80, `espeakRATE_MAXIMUM` 450
/// and `espeakRATE_NORMAL` 175 in espeak-ng's `speak_lib.h` ("speaking speed in word per
/// minute. Values 80 to 450"). Said once, so that every check and every message agree.
///
/// ```swift
/// SpeechRate.range.contains(200)     // true
/// SpeechRate.outOfRange("--rate 500")   // "--rate 500 is out of range (expected a whole number …)"
/// ```
public enum SpeechRate {
    /// espeak-ng's range.
    public static let range: ClosedRange<Int> = 80...450
    /// The rate a scenario speaks at unless it says (espeak-ng's own default).
    public static let standard = 175
    /// What a rate must be, for the `expected` part of an error.
    public static let expected = "a whole number of words a minute from \(range.lowerBound) to \(range.upperBound)"

    /// The message for a rate out of range, `what` naming it (`rate 500`, `--rate 500`).
    public static func outOfRange(_ what: String) -> String { "\(what) is out of range (expected \(expected))" }
}
