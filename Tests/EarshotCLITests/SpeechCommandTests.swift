import EarshotTestSupport
import Foundation
import Testing

private func earshot(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let result = try EarshotProcess.run(arguments, environment: environment)
    return (result.status, result.out, result.err)
}

@Suite("earshot say and voices")
struct SpeechCommandTests {
    @Test func sayWritesAWAV() throws {
        let file = testTemporaryDirectory.appendingPathComponent("\(UUID().uuidString).wav")
        let result = try earshot(["say", "Cancel. Button.", "-o", file.path, "--rate", "200"])
        #expect(result.status == 0)
        let data = try Data(contentsOf: file)
        #expect(data.count > 44 + 10_000)
        #expect(String(decoding: data.prefix(4), as: UTF8.self) == "RIFF")
    }

    /// The forked fallback (used where the worker cannot restore a checkpoint) says
    /// the same samples as the checkpoint, for one utterance and for one after a language switch.
    @Test func theForkedFallbackSpeaksTheSameSamples() throws {
        for (text, voice) in [("Sheet Grabber: Expanded. Button.", "en-us"), ("Bonjour. Bouton.", "fr")] {
            var samples: [Data] = []
            for isolation in ["checkpoint", "fork"] {
                let file = testTemporaryDirectory.appendingPathComponent("\(UUID().uuidString).wav")
                let result = try earshot(["say", text, "-o", file.path, "--voice", voice],
                                         environment: ["EARSHOT_ESPEAK_ISOLATION": isolation])
                #expect(result.status == 0, "\(result.err)")
                samples.append(try Data(contentsOf: file))
            }
            #expect(samples[0].count > 44 + 10_000)
            #expect(samples[0] == samples[1])
        }
    }

    /// A voice that is not installed is the user's input (exit 2), checked before espeak-ng sees it.
    /// espeak-ng's audio library initialised PulseAudio's client in the worker, which made
    /// `$HOME/.config/pulse` and a `pulse-*` folder in the temporary folder on every spoken run
    /// and `say`; Earshot only synthesizes, and writes nothing outside its outputs.
    @Test func speakingWritesNothingOutsideEarshotsOutputs() throws {
        let home = try EarshotProcess.temporaryFolder(), temporary = try EarshotProcess.temporaryFolder()
        let project = try EarshotProcess.temporaryFolder()
        try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/notes"),
                                         to: project.appendingPathComponent("notes"))
        // Where PulseAudio's client writes when no XDG folders are named.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XDG_") && !$0.key.hasPrefix("PULSE") }
        environment["HOME"] = home.path
        environment["TMPDIR"] = temporary.path
        environment.removeValue(forKey: "CI")
        func earshot(_ arguments: [String]) throws -> Int32 {
            try StartedProcess(arguments, environment: environment, in: project).finish().result.status
        }
        #expect(try earshot(["say", "閉じる", "-o", "close.wav", "--language", "ja"]) == 0)
        #expect(try earshot(["run", "notes"]) == 0)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("Audio/notes-nonmodal-at-medium.wav").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// An ideograph with no Japanese reading is left out of the audio with a warning naming the
    /// text, where a run of them failed the spoken run as if espeak-ng's data were damaged (exit 3).
    @Test func kanjiWithoutAReadingAreLeftOutWithAWarning() throws {
        let project = try EarshotProcess.temporaryFolder()
        let rare = "龞鿷齒鼘鼩鿏鼐齹龰龀鿩鿗齊鼜鼐鿼龫齪齂齃"
        try "scene: Rare\nlanguage: ja\nroot:\n  - button: \"𠀁\(rare)\"\n".write(to: project.appendingPathComponent("rare.yaml"), atomically: true, encoding: .utf8)
        try "scenario: Rare\nscene: rare.yaml\nsteps: [swipeRight]\n".write(to: project.appendingPathComponent("run.yaml"), atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["run", "run.yaml"], in: project)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("earshot run: warning: 13 characters of '𠀁\(rare)、ボタン' have no Japanese reading"), "\(run.err)")
        let said = try EarshotProcess.run(["say", "𠀁𠀂ボタン", "-o", "rare.wav", "--language", "ja"], in: project)
        #expect(said.status == 0)
        #expect(said.err == "earshot say: warning: 2 characters of '𠀁𠀂ボタン' have no Japanese reading (neither MeCab nor Unihan gives one) and are left out of its audio; the transcript keeps them\n")
    }

    @Test func anUnknownVoiceIsBadInputWithCloseMatches() throws {
        let result = try earshot(["say", "Hi", "-o", "/tmp/never.wav", "--voice", "en-uss"])
        #expect(result.status == 2)
        #expect(result.err.contains("no espeak-ng voice 'en-uss'"))
        #expect(result.err.contains("en-us"))
        #expect(result.err.contains("earshot voices"))
    }

    @Test func missingEspeakDataIsAnEnvironmentErrorNamingThePackage() throws {
        let empty = testTemporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try earshot(["say", "Hi", "-o", empty.appendingPathComponent("x.wav").path],
                                 environment: ["EARSHOT_ESPEAK_DATA": empty.path])
        #expect(result.status == 3)
        #expect(result.err.contains("espeak-ng-data"))
    }

    /// A worker that ends at start is an environment error (exit 3) with what it wrote to its
    /// standard error, not a 30-second wait for its hello.
    @Test func aWorkerThatCannotStartIsReportedWithItsOwnWords() throws {
        let folder = try EarshotProcess.temporaryFolder()
        let worker = folder.appendingPathComponent("broken-worker")
        try writeExecutable(Data("#!/bin/sh\necho 'cannot find espeak-ng-data/phontab' >&2\nexit 1\n".utf8), to: worker)
        let result = try earshot(["say", "Hi", "-o", folder.appendingPathComponent("x.wav").path],
                                 environment: ["EARSHOT_SPEECH_WORKER": worker.path])
        #expect(result.status == 3)
        #expect(result.err.contains("earshot say: error: the speech worker '\(worker.path)' did not start: the worker ended"))
        #expect(result.err.contains("exit status 1"))
        #expect(result.err.contains("it said: cannot find espeak-ng-data/phontab"))
        #expect(result.err.contains("make build"))
    }

    @Test func treeNeverStartsTheEngine() throws {
        // Headless work needs no espeak-ng data: the engine is only started to speak.
        let empty = testTemporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/mail/mail.yaml")
            .standardized.path
        let result = try earshot(["tree", scene], environment: ["EARSHOT_ESPEAK_DATA": empty.path])
        #expect(result.status == 0)
        #expect(result.out.contains("Compose. Button."))
    }

    /// A rate out of espeak-ng's range is bad input, worded alike wherever it is given: `say`,
    /// `run --rate` and a scenario's `rate:` (SpeechRate, said once).
    @Test func aRateOutOfRangeIsBadInputWordedAlikeEverywhere() throws {
        let expected = "(expected a whole number of words a minute from 80 to 450)"
        let say = try earshot(["say", "Hi", "-o", "/tmp/never.wav", "--rate", "5"])
        #expect(say.status == 2 && say.err.contains("earshot say: error: --rate 5 is out of range " + expected))
        let project = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try "scenario: S\nrate: 500\nscene:\n  scene: A\n  root: [ { button: OK } ]\nsteps:\n  - swipeRight\n"
            .write(to: project.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let written = try EarshotProcess.run(["run", "--headless", "s.yaml"], in: project)
        #expect(written.status == 2 && written.err.contains("s.yaml:2:7: error: rate 500 is out of range " + expected))
        let option = try EarshotProcess.run(["run", "--headless", "--rate", "79", "s.yaml"], in: project)
        #expect(option.status == 2 && option.err.contains("--rate 79 is out of range " + expected))
    }

    @Test func voicesListsTheInstalledVoices() throws {
        let result = try earshot(["voices"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").contains { $0.hasPrefix("gmw/en-US\t") })
    }
}
