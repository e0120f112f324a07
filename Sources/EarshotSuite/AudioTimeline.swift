import EarshotReader
import EarshotScenario
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

extension ScenarioResult {
    /// Puts the result on its audio's clock: each spoken utterance's start and length become
    /// those of its cue in the WAV, each earcon's time its cue's start, an interrupted utterance
    /// starts where the audio then stands (with no length), and ``length`` is the WAV's.
    ///
    /// ```swift
    /// let layout = AudioLayout(TimelineItem.timeline(of: result.steps), sampleRate: 22050) { lengths[$0]! }
    /// result.takeTimes(from: layout)   // result.clock == .audio
    /// ```
    ///
    /// `layout` must lay out this result's timeline (``TimelineItem/timeline(of:)``).
    public mutating func takeTimes(from layout: AudioLayout) {
        var item = 0
        var position = 0   // the sample where the next item starts
        for step in steps.indices {
            for index in steps[step].events.indices {
                switch steps[step].events[index] {
                case .speech(var utterance):
                    if utterance.interrupted {
                        utterance.start = layout.seconds(position)
                        utterance.duration = 0
                    } else {
                        let cue = layout.cues[item]
                        utterance.start = layout.seconds(cue.startSample)
                        utterance.duration = layout.seconds(cue.endSample - cue.startSample)
                        position = layout.sample(after: item)
                        item += 1
                    }
                    steps[step].events[index] = .speech(utterance)
                case .earcon(let earcon, _):
                    steps[step].events[index] = .earcon(earcon, at: layout.seconds(layout.cues[item].startSample))
                    position = layout.sample(after: item)
                    item += 1
                default:
                    break
                }
            }
        }
        precondition(item == layout.cues.count, "the layout is not of this result's timeline")
        clock = .audio
        length = layout.duration
    }
}
