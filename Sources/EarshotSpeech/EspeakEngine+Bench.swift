/// `earshot bench`'s baseline, apart from the scheduler the runs use: espeak-ng's own speed,
/// with none of Earshot's work around it.
extension EspeakEngine {
    /// For `earshot bench`: the seconds a bare `espeak_Synth` takes over the texts, one after
    /// another in one engine (no restore, no fork between them, samples counted and dropped),
    /// measured inside a worker.
    public func bareSynthesis(_ texts: [String], voice: String, rate: Int) throws -> (seconds: Double, samples: Int) {
        try check(voice: voice, rate: rate)
        let index: Int
        if let idle = workers.indices.first(where: { workers[$0].waiting.isEmpty && workers[$0].worker.voice == voice && workers[$0].worker.rate == rate }) {
            index = idle
        } else {
            let (worker, _) = try startWorker()
            workers.append(Slot(worker: worker))
            index = try bind(workers.count - 1, SpeechRequest(text: "", voice: voice, rate: rate))
        }
        let allowance = stallSeconds + Double(texts.reduce(0) { $0 + $1.utf8.count }) * Self.stallSecondsPerCharacter
        let result = try workers[index].worker.bare(texts, until: SpeechWorker.now() + allowance)
        guard result.seconds >= 0 else { throw SpeechError.synthesisFailed("espeak_Synth failed in the benchmark") }
        return result
    }
}
