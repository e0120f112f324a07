#if os(Linux)
import CEarshotSynth
import EarshotSpeech
import Foundation
import Testing

/// The helper process itself (CEarshotSynth's helper.c): texts in order, several waiting,
/// a helper that dies reported as gone (never this process killed by SIGPIPE).
@Suite("Speech helper processes")
struct HelperProcessTests {
    func start() async throws -> earshot_helper {
        // The engine initialized (and so checkpointed) by the shared actor.
        _ = try await EspeakEngine.shared.synthesize("Ready.", voice: "en-us", rate: 175)
        var helper = earshot_helper(fd: -1, pid: 0, busy: 0)
        #expect(earshot_helper_start(&helper, 22050) == 0)
        return helper
    }

    @Test func textsComeBackInTheOrderSentWithTheirWords() async throws {
        var helper = try await start()
        defer { earshot_helper_stop(&helper) }
        #expect(earshot_helper_send(&helper, "One.") == 0)
        #expect(earshot_helper_send(&helper, "Two words three.") == 0)
        #expect(helper.busy == 2)
        var first = earshot_synthesis(), second = earshot_synthesis()
        #expect(earshot_helper_receive(&helper, &first) == 0)
        #expect(earshot_helper_receive(&helper, &second) == 0)
        defer {
            earshot_synthesis_free(&first)
            earshot_synthesis_free(&second)
        }
        #expect(helper.busy == 0)
        #expect(first.word_count == 1 && second.word_count == 3)
        #expect(first.sample_count > 1000 && second.sample_count > first.sample_count)
    }

    @Test func aHelperToldAnotherVoiceSpeaksAsThisProcessDoesWithIt() async throws {
        var helper = try await start()
        defer { earshot_helper_stop(&helper) }
        for (voice, rate) in [("en-gb", 200), ("fr", 175), ("en-us", 175)] {
            #expect(earshot_helper_select(&helper, voice, Int32(rate)) == 0)
            #expect(earshot_helper_send(&helper, "Cancel the draft.") == 0)
            var result = earshot_synthesis()
            #expect(earshot_helper_receive(&helper, &result) == 0)
            let samples = Array(UnsafeBufferPointer(start: result.samples, count: result.sample_count))
            earshot_synthesis_free(&result)
            let here = try await EspeakEngine.shared.synthesize("Cancel the draft.", voice: voice, rate: rate)
            #expect(samples == here.samples, "\(voice) \(rate)")
        }
    }

    @Test func aHelperThatDiedIsReportedGone() async throws {
        var helper = try await start()
        defer { earshot_helper_stop(&helper) }
        kill(helper.pid, SIGKILL)
        var status: Int32 = 0
        waitpid(helper.pid, &status, 0)
        helper.pid = 0   // reaped here
        // The first send may still fit in the socket; the answer never comes.
        let sent = earshot_helper_send(&helper, "Anyone there?")
        var result = earshot_synthesis()
        #expect(sent == -3 || earshot_helper_receive(&helper, &result) == -3)
        #expect(earshot_helper_send(&helper, "Still there?") == -3 || earshot_helper_ready(&helper) != 0)
    }
}
#endif
