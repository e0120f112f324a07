import Foundation
import Testing

/// Runs the built `earshot` with arguments and environment; returns status, stdout and stderr.
private func earshot(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let products = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug")
        .standardized
    let candidates = [Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("earshot"),
                      Bundle.main.bundleURL.appendingPathComponent("earshot"),
                      products.appendingPathComponent("earshot")]
    let binary = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

@Suite("earshot say and voices")
struct SpeechCommandTests {
    @Test func sayWritesAWAV() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).wav")
        let result = try earshot(["say", "Cancel. Button.", "-o", file.path, "--rate", "200"])
        #expect(result.status == 0)
        let data = try Data(contentsOf: file)
        #expect(data.count > 44 + 10_000)
        #expect(String(decoding: data.prefix(4), as: UTF8.self) == "RIFF")
    }

    @Test func anUnknownVoiceIsAnEnvironmentErrorWithCloseMatches() throws {
        let result = try earshot(["say", "Hi", "-o", "/tmp/never.wav", "--voice", "en-uss"])
        #expect(result.status == 3)
        #expect(result.err.contains("no espeak-ng voice 'en-uss'"))
        #expect(result.err.contains("en-us"))
        #expect(result.err.contains("earshot voices"))
    }

    @Test func missingEspeakDataIsAnEnvironmentErrorNamingThePackage() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try earshot(["say", "Hi", "-o", empty.appendingPathComponent("x.wav").path],
                                 environment: ["EARSHOT_ESPEAK_DATA": empty.path])
        #expect(result.status == 3)
        #expect(result.err.contains("espeak-ng-data"))
    }

    @Test func treeNeverStartsTheEngine() throws {
        // Headless work needs no espeak-ng data: the engine is only started to speak.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/mail/mail.yaml")
            .standardized.path
        let result = try earshot(["tree", scene], environment: ["EARSHOT_ESPEAK_DATA": empty.path])
        #expect(result.status == 0)
        #expect(result.out.contains("Compose. Button."))
    }

    @Test func aRateOutOfRangeIsBadInput() throws {
        #expect(try earshot(["say", "Hi", "-o", "/tmp/never.wav", "--rate", "5"]).status == 2)
    }

    @Test func voicesListsTheInstalledVoices() throws {
        let result = try earshot(["voices"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").contains { $0.hasPrefix("gmw/en-US\t") })
    }
}
