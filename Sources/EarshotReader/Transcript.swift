/// The transcript of docs/format.md: one block per step, the step as written, then
/// one indented line per spoken request or earcon.
///
/// ```
/// swipeRight
///   speak: Compose. Button.
/// doubleTap
///   earcon: screenChanged
///   speak: To. Text Field.
///   hint: Double tap to edit.
/// ```
public enum Transcript {
    /// The whole transcript, ending in a newline; byte-identical for the same steps.
    public static func text(of steps: [StepRecord]) -> String {
        steps.map(block).joined()
    }

    /// One step's block.
    public static func block(_ step: StepRecord) -> String {
        var text = step.written + "\n"
        for line in lines(of: step.events) { text += "  " + line + "\n" }
        return text
    }

    /// The word a transcript line of speech starts with: `speak` (descriptions and feedback),
    /// `hint` (hints, `Actions Available`) or `announce`.
    public static func word(for kind: SpeechKind) -> String {
        switch kind {
        case .description, .feedback: "speak"
        case .hint, .actionsAvailable: "hint"
        case .announcement: "announce"
        }
    }

    /// The event lines: `speak:`, `hint:`, `announce:`, `earcon:`; cancelled
    /// requests marked `(interrupted)` after the colon word.
    public static func lines(of events: [ReaderEvent]) -> [String] {
        events.compactMap { event in
            switch event {
            case .speech(let utterance):
                return word(for: utterance.kind) + (utterance.interrupted ? " (interrupted)" : "") + ": " + utterance.text
            case .earcon(let earcon, _):
                return "earcon: " + earcon.rawValue
            default:
                return nil
            }
        }
    }
}
