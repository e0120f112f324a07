import EarshotReader
import EarshotScenario

extension ScenarioResult {
    /// The result made again with some of its parts changed, for tests that need a result no
    /// scenario makes (a hostile name, known times). Results are immutable once made.
    public func remade(steps: [StepRecord]? = nil, transcript: String? = nil, failure: ScenarioFailure?? = nil,
                       timeline: Timeline? = nil, screens: [StepScreen]? = nil) -> ScenarioResult {
        let steps = steps ?? self.steps
        return ScenarioResult(name: name, file: file, steps: steps, transcript: transcript ?? self.transcript,
                              failure: failure ?? self.failure, findings: findings, voice: voice, rate: rate,
                              voiceLocation: voiceLocation,
                              timeline: timeline ?? (steps == self.steps ? self.timeline : Timeline(estimatedFrom: steps, length: length)),
                              runSeconds: runSeconds, scene: scene, opening: opening, screens: screens ?? self.screens,
                              location: location)
    }
}
