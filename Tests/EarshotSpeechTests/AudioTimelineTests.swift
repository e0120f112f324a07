import EarshotCore
import EarshotSpeech
import Testing

/// A spoken run's results are on their audio's clock: the timeline is measured by the WAV's
/// layout, replacing the reader's estimate, and the events keep theirs.
@Suite("The timeline on the audio's clock")
struct AudioTimelineTests {
    @Test func theLayoutGivesEverySoundItsPlaceInTheWAV() {
        let estimated = Timeline(sounds: [
            .init(step: 0, kind: .utterance("Compose. Button."), heard: true, start: 0, duration: 1),
            .init(step: 1, kind: .earcon(.screenChanged), heard: true, start: 1.25, duration: Earcon.screenChanged.length),
            .init(step: 1, kind: .utterance("Message sent"), heard: false, start: 1.5, duration: 0.8),
            .init(step: 1, kind: .utterance("To. Text Field."), heard: true, start: 1.5, duration: 1.2),
        ], clock: .estimated, length: 3)
        let heard = estimated.heard
        #expect(heard == [.utterance("Compose. Button."), .earcon(.screenChanged), .utterance("To. Text Field.")])
        let layout = AudioLayout(heard, sampleRate: 1000) { $0 == "Compose. Button." ? 700 : 900 }
        let measured = estimated.measured(by: layout)
        #expect(measured.clock == .audio && measured.length == layout.duration)
        #expect(measured.sounds.map(\.step) == estimated.sounds.map(\.step))
        #expect(measured.sounds[0].start == 0 && measured.sounds[0].duration == 0.7)
        // The earcon at its cue, lasting its tone; the cut-off utterance where the audio then
        // stands, taking no time; the next at its own cue.
        #expect(measured.sounds[1].start == layout.seconds(layout.cues[1].startSample))
        #expect(measured.sounds[1].duration == Earcon.screenChanged.length)
        #expect(measured.sounds[2].start == layout.seconds(layout.sample(after: 1)) && measured.sounds[2].duration == 0)
        #expect(measured.sounds[3].start == layout.seconds(layout.cues[2].startSample) && measured.sounds[3].duration == 0.9)
    }
}
