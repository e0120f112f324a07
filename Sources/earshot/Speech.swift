import ArgumentParser
import EarshotCore
import EarshotFiles
import EarshotSpeech
import Foundation

extension Earshot {
    /// `earshot say TEXT -o FILE.wav`: one phrase through espeak-ng, in a speech worker.
    struct Say: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Speak one phrase into a WAV file with espeak-ng.",
            discussion: """
                Example:
                  earshot say "Sheet Grabber: Expanded. Button." -o grabber.wav --rate 200
                """
        )

        @Argument(help: "The text to speak.")
        var text: String

        @Option(name: .shortAndLong, help: "The WAV file to write (16-bit mono PCM at 22050 Hz); - for standard output.")
        var output: String

        @Option(help: "An espeak-ng voice (see 'earshot voices'); default: the language's (en-us for en).")
        var voice: String?

        @Option(help: "The language of the text (en, de, es, fr, ja, ko, pt-BR, ru, zh-Hans): picks its voice unless --voice says.")
        var language: String?

        @Option(help: "Words a minute, 80 to 450.")
        var rate = 175

        func run() async throws {
            if let language, !Profile.languages.contains(language) {
                throw CommandError.badInput("\(Self.errorPrefix)--language \(language) is not one Earshot has (expected one of: \(Profile.languages.joined(separator: ", ")))")
            }
            let voice = self.voice ?? (try? Profile.bundled(.ios, language: language ?? "en"))?.voice ?? "en-us"
            guard SpeechRate.range.contains(rate) else {
                throw CommandError.badInput("\(Self.errorPrefix)" + SpeechRate.outOfRange("--rate \(rate)"))
            }
            // Checked before espeak-ng starts: a device, FIFO or folder is never replaced; `-` streams.
            let target: OutputPath.Target
            switch OutputPath.file(output) {
            case .success(let checked): target = checked
            case .failure(let problem):
                throw CommandError.badInput("\(Self.errorPrefix)-o '\(output)' \(problem.message)")
            }
            do {
                let engine = EspeakEngine.shared
                let speech = try await engine.synthesize(text, voice: voice, rate: rate)
                if speech.unread > 0 { printError("earshot say: warning: " + Synthesis.unreadWarning(text, characters: speech.unread)) }
                let sampleRate = try await engine.sampleRate
                switch target {
                case .standardOutput:
                    try WAVFile.encode(speech.samples, sampleRate: sampleRate).withUnsafeBytes {
                        try AtomicFile.writeAll($0, to: STDOUT_FILENO, path: "standard output")
                    }
                case .path(let path):
                    try WAVFile.write(speech.samples, sampleRate: sampleRate, to: URL(fileURLWithPath: path))
                }
            } catch let error as SpeechError {
                // A voice that is not installed is the user's input; the rest is the machine's.
                if case .unknownVoice = error { throw CommandError.badInput("\(Self.errorPrefix)\(error)") }
                throw CommandError.environment("\(Self.errorPrefix)\(error)")
            } catch {
                throw CommandError.environment("\(Self.errorPrefix)cannot write \(FileError.describe(error, path: output))")
            }
        }
    }

    /// `earshot voices`: the espeak-ng voices installed.
    struct Voices: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the espeak-ng voices installed (the names --voice takes)."
        )

        func run() async throws {
            do {
                for voice in try await EspeakEngine.shared.voices() {
                    printText("\(voice.identifier)\t\(voice.name)\t\(voice.languages.joined(separator: " "))")
                }
            } catch {
                throw CommandError.environment("\(Self.errorPrefix)\(error)")
            }
        }
    }
}
