import EarshotSpeech
import Foundation
import Testing

@Suite("WAV and WebVTT files")
struct WAVTests {
    @Test func theHeaderDescribes16BitMonoPCM() throws {
        let samples: [Int16] = [0, 1, -1, Int16.max, Int16.min]
        let data = [UInt8](try WAVFile.encode(samples, sampleRate: 22050))
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
        #expect(u32(4) == 36 + samples.count * 2)
        #expect(String(decoding: data[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(u32(16) == 16)
        #expect(u16(20) == 1)            // PCM
        #expect(u16(22) == 1)            // mono
        #expect(u32(24) == 22050)
        #expect(u32(28) == 44100)        // bytes a second
        #expect(u16(32) == 2)            // block align
        #expect(u16(34) == 16)           // bits
        #expect(String(decoding: data[36..<40], as: UTF8.self) == "data")
        #expect(u32(40) == samples.count * 2)
        #expect(data.count == 44 + samples.count * 2)
        #expect(WAVFile.decode(Data(data))?.samples == samples)
    }

    @Test func filesAreWrittenByRenaming() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let url = folder.appendingPathComponent("out.wav")
        try WAVFile.write([1, 2, 3], sampleRate: 22050, to: url)
        try WAVFile.write([4, 5], sampleRate: 22050, to: url)
        #expect(WAVFile.decode(try Data(contentsOf: url))?.samples == [4, 5])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func webVTTHasTheHeaderNumberedCuesAndMillisecondTimes() {
        let text = WebVTT.text(of: [Cue(text: "Compose. Button.", startSample: 0, endSample: 22050),
                                    Cue(text: "[screen changed]", startSample: 22050 * 61, endSample: 22050 * 3601 + 11025)],
                               sampleRate: 22050)
        #expect(text == """
            WEBVTT

            1
            00:00:00.000 --> 00:00:01.000
            Compose. Button.

            2
            00:01:01.000 --> 01:00:01.500
            [screen changed]

            """)
    }

    @Test func cueTextCannotBreakTheFormat() {
        let text = WebVTT.text(of: [Cue(text: "a --> b\nc", startSample: 0, endSample: 1)], sampleRate: 22050)
        #expect(text.hasSuffix("a -> b c\n"))
    }

    @Test func timestampsRoundToTheNearestMillisecond() {
        #expect(WebVTT.timestamp(11, 22050) == "00:00:00.000")
        #expect(WebVTT.timestamp(12, 22050) == "00:00:00.001")
    }
}

@Suite("WAV size limit")
struct WAVLimitTests {
    /// The RIFF sizes are 32 bits: past 4 GiB the header overflowed (a trap, SIGILL) after
    /// everything was synthesized. Now the run stops with the file's name before writing it.
    @Test func audioPastTheWAVLimitIsAnErrorBeforeAnythingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-wav-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let utterance = [Int16](repeating: 1, count: 1 << 20)   // shared: nothing 4 GiB is made
        let items = Array(repeating: TimelineItem.utterance("x"), count: 2_100)
        let layout = AudioLayout(items, sampleRate: 22_050) { _ in utterance.count }
        #expect {
            try layout.write(named: "long", in: folder) { _ in utterance }
        } throws: { "\($0)".contains("long.wav: the audio would be") && "\($0)".contains("4 GiB") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func theLargestWAVStillHasAHeader() throws {
        #expect(WAVFile.maximumSamples * 2 + 36 <= Int(UInt32.max))
        #expect((WAVFile.maximumSamples + 1) * 2 + 36 > Int(UInt32.max))
    }
}
