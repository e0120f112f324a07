import EarshotCore

extension Timeline {
    /// The reader's estimate: each sound at the time its event carries.
    public init(estimatedFrom steps: [StepRecord], length: Double) {
        var sounds: [Sound] = []
        for (index, step) in steps.enumerated() {
            for event in step.events {
                switch event {
                case .speech(let utterance):
                    sounds.append(Sound(step: index, kind: .utterance(utterance.text), heard: !utterance.interrupted,
                                        start: utterance.start, duration: utterance.duration))
                case .earcon(let earcon, let at):
                    sounds.append(Sound(step: index, kind: .earcon(earcon), heard: true, start: at, duration: earcon.length))
                default:
                    break
                }
            }
        }
        self.init(sounds: sounds, clock: .estimated, length: length)
    }
}
