@testable import EarshotSpeech
import Foundation
import Testing

/// `SpeechWorker.accepts`, what the fuzzer feeds a worker's bytes through: a sound hello and
/// result are taken, heads that claim more than was asked are refused, and bytes past what is
/// read never end the process.
@Suite("A worker's replies, as bytes")
struct WorkerReplyTests {
    static let magic: UInt32 = 0x3157_5345

    static func message(_ kind: Character, _ payload: [UInt8], length: UInt64? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: magic.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt32(kind.asciiValue!).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: (length ?? UInt64(payload.count)).littleEndian) { bytes += $0 }
        bytes += payload
        withUnsafeBytes(of: SpeechWorker.checksum(payload).littleEndian) { bytes += $0 }
        return bytes
    }

    static func result(samples: [Int16]) -> [UInt8] {
        var payload: [UInt8] = []
        for value in [Int32(0), 0] { withUnsafeBytes(of: value.littleEndian) { payload += $0 } }
        withUnsafeBytes(of: UInt64(samples.count).littleEndian) { payload += $0 }
        withUnsafeBytes(of: UInt64(0).littleEndian) { payload += $0 }
        for value in [0.001, 0, 0.002, 0.002] { withUnsafeBytes(of: value) { payload += $0 } }   // restoring, reading, synthesizing (clock, CPU)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { payload += $0 } }
        return payload
    }

    @Test func aSoundResultIsTakenAndOneLargerThanTheTextCanMakeIsNot() {
        #expect(SpeechWorker.accepts(Self.message("R", Self.result(samples: [1, -1, 2])), asHello: false, text: "Done.", sampleRate: 22_050))
        #expect(!SpeechWorker.accepts(Self.message("R", Self.result(samples: [1]), length: 1 << 34), asHello: false, text: "Done.",
                                      sampleRate: 22_050))
    }

    /// The reader stops at a head that claims 2 MiB for a hello; the 250,000 bytes behind it that
    /// no one reads made the writer's write(2) raise SIGPIPE, which ended the fuzzer silently.
    @Test func bytesNoOneReadsDoNotEndTheProcess() {
        let reply = Self.message("H", [], length: 2 << 20) + [UInt8](repeating: 0x78, count: 250_000)
        for _ in 0..<20 { #expect(!SpeechWorker.accepts(reply, asHello: true, text: "", sampleRate: 22_050)) }
    }
}
