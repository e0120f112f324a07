import EarshotReader
import EarshotSpeech

extension TimelineItem {
    /// What is heard in a run, in order: utterances that were spoken
    /// (interrupted ones are left out) and earcons.
    public static func timeline(of steps: [StepRecord]) -> [TimelineItem] {
        steps.flatMap(\.events).compactMap { event in
            switch event {
            case .speech(let utterance) where !utterance.interrupted:
                return .utterance(utterance.text)
            case .earcon(let earcon, _):
                return .earcon(earcon)
            default:
                return nil
            }
        }
    }
}
