import EarshotCore

extension Timeline {
    /// The timeline on its audio's clock: each heard utterance's start and length those of its
    /// cue in the WAV, each earcon's start its cue's (its length its tone's, as on the estimate),
    /// an utterance not heard starting where the audio then stands, taking no time; the length
    /// the WAV's.
    ///
    /// ```swift
    /// let layout = AudioLayout(result.timeline.heard, sampleRate: 22050) { lengths[$0]! }
    /// let heard = result.timeline.measured(by: layout)   // .clock == .audio
    /// ```
    ///
    /// `layout` must lay out this timeline's heard sounds (``Timeline/heard``).
    public func measured(by layout: AudioLayout) -> Timeline {
        var item = 0
        var position = 0   // the sample where the next item starts
        var measured: [Sound] = []
        measured.reserveCapacity(sounds.count)
        for sound in sounds {
            guard sound.heard else {
                measured.append(Sound(step: sound.step, kind: sound.kind, heard: false, start: layout.seconds(position), duration: 0))
                continue
            }
            let cue = layout.cues[item]
            let duration: Double
            switch sound.kind {
            case .utterance: duration = layout.seconds(cue.endSample - cue.startSample)
            case .earcon(let earcon): duration = earcon.length
            }
            measured.append(Sound(step: sound.step, kind: sound.kind, heard: true, start: layout.seconds(cue.startSample),
                                  duration: duration))
            position = layout.sample(after: item)
            item += 1
        }
        precondition(item == layout.cues.count, "the layout is not of this timeline's heard sounds")
        return Timeline(sounds: measured, clock: .audio, length: layout.duration)
    }
}
