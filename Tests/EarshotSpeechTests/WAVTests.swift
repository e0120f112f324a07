@testable import EarshotSpeech
import EarshotTestSupport
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
        let folder = testTemporaryDirectory.appendingPathComponent(UUID().uuidString)
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
        #expect(text.hasSuffix("a --&gt; b\nc\n"))
    }

    /// A label with "\r\r" put a blank line inside a cue (a CR is a WebVTT line break too).
    @Test(arguments: [("a\r\rb", "a\nb"), ("a\r\nb", "a\nb"), ("a\u{2028}b\u{2029}c", "a\nb\nc"), ("a\n \n\u{85}b", "a\nb"),
                      ("--->", "---&gt;"), ("<b>&amp;</b>", "&lt;b&gt;&amp;amp;&lt;/b&gt;"), ("\r\n", "")])
    func captionTextIsNormalised(_ text: String, _ expected: String) {
        #expect(WebVTT.cueText(text) == expected)
        let file = WebVTT.text(of: [Cue(text: text, startSample: 0, endSample: 1), Cue(text: "next", startSample: 1, endSample: 2)],
                               sampleRate: 22050)
        let cues = file.components(separatedBy: "\n\n")
        #expect(cues.count == 3)   // the header, and each cue one block: no blank line inside
        #expect(!file.contains("\r"))
        #expect(file.components(separatedBy: "-->").count == 3)   // only the two timing lines
    }

    @Test func timestampsRoundToTheNearestMillisecond() {
        #expect(WebVTT.timestamp(11, 22050) == "00:00:00.000")
        #expect(WebVTT.timestamp(12, 22050) == "00:00:00.001")
    }
}

/// Past the 4 GiB a RIFF's 32-bit sizes hold, WAV files are RF64 (EBU Tech 3306): the
/// headers are checked byte for byte, without writing 4 GiB.
@Suite("WAV files past 4 GiB")
struct RF64Tests {
    func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) | u16(bytes, at + 2) << 16 }
    func u64(_ bytes: [UInt8], _ at: Int) -> Int { u32(bytes, at) | u32(bytes, at + 4) << 32 }
    func text(_ bytes: [UInt8], _ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    @Test func theLargestRIFFIsStillRIFFAndItsSizeFits32Bits() throws {
        let samples = WAVFile.maximumRIFFSamples
        let header = [UInt8](try WAVFile.header(sampleCount: samples, sampleRate: 22_050))
        #expect(header.count == 44)
        #expect(text(header, 0..<4) == "RIFF")
        #expect(u32(header, 4) == 36 + samples * 2)
        #expect(u32(header, 4) == 0xFFFF_FFFF - 1)   // 36 + an even number of bytes
        #expect(u32(header, 40) == samples * 2)
    }

    @Test func onePastTheRIFFLimitIsRF64WithItsSizesInDs64() throws {
        let samples = WAVFile.maximumRIFFSamples + 1   // 2,147,483,630 samples: 27 hours at 22,050 Hz
        let header = [UInt8](try WAVFile.header(sampleCount: samples, sampleRate: 22_050))
        #expect(header.count == 80)
        #expect(text(header, 0..<4) == "RF64")
        #expect(u32(header, 4) == 0xFFFF_FFFF)           // look in ds64
        #expect(text(header, 8..<16) == "WAVEds64")
        #expect(u32(header, 16) == 28)                   // ds64 size
        #expect(u64(header, 20) == 72 + samples * 2)     // RIFF size: the file's less 8
        #expect(u64(header, 28) == samples * 2)          // data size
        #expect(u64(header, 36) == samples)              // sample count
        #expect(u32(header, 44) == 0)                    // table length
        #expect(text(header, 48..<52) == "fmt ")
        #expect(u32(header, 52) == 16)
        #expect(u16(header, 56) == 1)                    // PCM
        #expect(u16(header, 58) == 1)                    // mono
        #expect(u32(header, 60) == 22_050)
        #expect(u32(header, 64) == 44_100)
        #expect(u16(header, 68) == 2)
        #expect(u16(header, 70) == 16)
        #expect(text(header, 72..<76) == "data")
        #expect(u32(header, 76) == 0xFFFF_FFFF)          // look in ds64
        #expect(header == [UInt8](try WAVFile.rf64Header(sampleCount: samples, sampleRate: 22_050)))
    }

    @Test func anRF64FileDecodesToItsSamples() throws {
        let samples: [Int16] = [0, 1, -1, Int16.max, Int16.min, 7]
        var data = try WAVFile.rf64Header(sampleCount: samples.count, sampleRate: 16_000)
        data.append(contentsOf: samples.flatMap { [UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF)] })
        data.append(contentsOf: Array("LIST".utf8) + [4, 0, 0, 0] + Array("INFO".utf8))   // after the data: not samples
        let decoded = try #require(WAVFile.decode(data))
        #expect(decoded.samples == samples)
        #expect(decoded.sampleRate == 16_000)
    }

    @Test func aSampleRateTheHeaderCannotHoldIsAnError() throws {
        #expect {
            try WAVFile.header(sampleCount: 1, sampleRate: 3_000_000_000)
        } throws: { "\($0)" == "a WAV file cannot hold audio at 3000000000 Hz (expected 1 to 2147483647 Hz)" }
    }

    @Test func aFormatChunkCutShortIsNotAWAVAndNoCrash() {
        let bytes = Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0]
        #expect(WAVFile.decode(Data(bytes)) == nil)
    }
}
