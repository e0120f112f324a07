import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReports
import EarshotRunner
import EarshotScenario
import EarshotSpeech
import EarshotSuite
import Foundation

extension Earshot {
    /// `earshot run [PATH …]`: scenario files or folders, spoken or headless.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenarios: gestures, expectations and golden transcripts; speak them into Audio/.",
            discussion: """
                PATH is a scenario file or a folder searched for them (default Scenarios/). Each scenario \
                runs on a fresh scene; a failed expectation stops it and shows expected and actual with the \
                last transcript lines. NAME.transcript beside NAME.yaml is its golden transcript.

                --report FORMAT:PATH writes a report beside what is printed, in each format listed \
                under --report below; sarif holds the audit steps' findings. --report html:DIR \
                writes DIR/index.html and a page per scenario: the screen drawn \
                after each step, what VoiceOver said, and (unless headless) the audio with its \
                captions, linked (or copied) into DIR/audio/ so the folder stands on its own.

                Standard output: one line per scenario (✓ or ✗, name, file), then 'N passed, M failed'.
                Exit status: 0 all passed, 1 a scenario failed, 2 bad input, 3 environment.

                Examples:
                  earshot run --headless
                  earshot run Scenarios/mail --report junit:build/earshot.xml
                  earshot run --report html:build/report     # open build/report/index.html
                  earshot run --headless --shard 2/4 --jobs 2
                """
        )

        @Argument(help: "Scenario files or folders.")
        var paths: [String] = []

        @Flag(help: "Transcript only: no audio, espeak-ng never started.")
        var headless = false

        @Option(name: .customLong("audio-dir"), help: "Where WAV, WebVTT and the utterance cache go.")
        var audioDir = "Audio"

        @OptionGroup var reporting: ReportOptions<RunOutput>

        @Flag(help: "Rewrite the golden transcripts that differ or are missing (--record all; the files written are listed).")
        var update = false

        @Option(help: "When golden transcripts are written (EARSHOT_RECORD too): never, a missing one fails, with the command that records it (the default when CI=true); missing, a missing one is recorded from this run (the default elsewhere); all, as --update. Never from a scenario that failed.")
        var record: RecordMode?

        @Option(help: "Scenarios run, and report pages are written, in parallel (the output is the same as with one); default: the cores.")
        var jobs: Int?

        @Option(name: .customLong("configuration"), help: "Run only this configuration of each scenario (its name: default, os26, de, os18-ja); repeatable.")
        var configurations: [String] = []

        @Option(help: "I/N: run the I-th of N shards (a stable split for CI matrices).")
        var shard: String?

        @Option(help: "Override every scenario's espeak-ng voice.")
        var voice: String?

        @Option(help: "Override every scenario's rate (words a minute, 80 to 450).")
        var rate: Int?

        @OptionGroup var platform: SceneOptions

        @OptionGroup var hinting: HintOptions

        @OptionGroup var configFile: ConfigOptions

        @OptionGroup var project: ProjectOptions

        func run() async throws {
            let boundary = project.boundary(named: paths.isEmpty ? ["Scenarios"] : paths)
            let reportTargets = try parseReports()
            let configuration = try loadAuditConfiguration(configFile.config, boundary: boundary)
            let shardSpec = try parseShard()
            if let rate, !SpeechRate.range.contains(rate) { throw usage(SpeechRate.outOfRange("--rate \(rate)")) }
            if let jobs, jobs < 1 { throw usage("--jobs \(jobs) (expected 1 or more)") }

            var files: [String]
            do {
                files = try Suite.discover(paths.isEmpty ? ["Scenarios"] : paths)
            } catch {
                throw CommandError.loading(error)
            }
            if let (index, count) = shardSpec { files = Suite.shard(files, index: index, of: count) }
            let outputs = try plan(reports: reportTargets, files: files)

            if let voice, !headless {
                // Checked before anything runs: espeak-ng reads a voice it does not have as a path.
                do {
                    try await EspeakEngine.shared.validate(voice: voice, rate: rate ?? 175)
                } catch let error as SpeechError {
                    guard case .unknownVoice = error else {
                        throw CommandError.environment("\(Self.errorPrefix)\(error)")
                    }
                    throw usage("--voice \(SpeechError.quoted(voice)): \(error)")
                }
            }

            var options = Suite.Options()
            options.headless = headless
            options.audioFolder = URL(fileURLWithPath: audioDir)
            options.jobs = jobs ?? Suite.defaultJobs
            options.voice = voice
            options.rate = rate
            options.hints = hinting.hints
            options.os = platform.os ?? configuration.os
            options.language = platform.language ?? configuration.language
            if platform.os == nil { options.osWrittenAt = configuration.osLocation }
            if platform.language == nil { options.languageWrittenAt = configuration.languageLocation }
            options.configurations = configuration.configurations
            options.selected = configurations
            if update, let record, record != .all { throw usage("--update is --record all, not --record \(record.rawValue)") }
            options.record = update ? .all : record ?? .from()
            options.audit = configuration
            options.boundary = boundary
            options.outputs = outputs.plan
            let onTerminal = isatty(STDERR_FILENO) == 1
            let outcome: Suite.Outcome
            do {
                // Loading, running and speaking overlap; bad input still stops the run before anything is written.
                outcome = try await Suite(options: options).run(files: files) { line in
                    if onTerminal { writeStandard("\r\u{1B}[K" + line, to: STDERR_FILENO) }
                }
                if onTerminal && !headless { writeStandard("\r\u{1B}[K", to: STDERR_FILENO) }
            } catch let error as LoadError {
                throw CommandError.loading(error)
            } catch let error as Suite.EnvironmentError {
                throw CommandError.environment("\(Self.errorPrefix)\(error.description)")
            }

            for result in outcome.results {
                printText("\(result.passed ? "✓" : "✗") \(result.title)  \(result.file)")
                if let failure = result.failure {
                    printText(failure.report.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
                }
            }
            let output = RunOutput(outcome.results, audioFolder: headless ? nil : URL(fileURLWithPath: audioDir), jobs: options.jobs)
            // One report that cannot be written does not keep the others from being written.
            let errors = output.write(outputs.reports.map { ($0.0, $0.2) })
            var unwritten = 0
            for ((format, path, _), error) in zip(outputs.reports, errors) {
                guard let error else { continue }
                printError("\(Self.errorPrefix)cannot write the \(format.name) report \(FileError.describe(error, path: path))")
                unwritten += 1
            }
            for (path, new) in outcome.written {
                printText(new ? "recorded \(FilePath.display(path)) (new: look it over, then commit it)" : "wrote \(FilePath.display(path))")
            }
            for (text, characters) in outcome.unread.sorted(by: { $0.key < $1.key }) {
                printError("earshot run: warning: " + Synthesis.unreadWarning(text, characters: characters))
            }
            if !headless {
                printText("Audio in \(audioDir)/: \(outcome.results.count) WAV and WebVTT files (\(outcome.synthesized) utterances synthesized, \(outcome.reused) reused)")
            }
            printText("\(outcome.passed) passed, \(outcome.failed) failed")
            if unwritten > 0 { throw CommandError.environment([]) }
            if outcome.failed > 0 { throw CommandError.failed }
        }

        /// Every file this run reads and writes, checked against each other before anything is
        /// written (``OutputPlan``): each report's target (``OutputPath``), the scenario files, their
        /// golden transcripts and the configuration. The scenes are checked as they load (``Suite``).
        private func plan(reports: [(report: Reporting<RunOutput>, path: String)], files: [String]) throws
            -> (plan: OutputPlan, reports: [(Reporting<RunOutput>, String, OutputPath.Target)]) {
            var plan = OutputPlan()
            var problems: [String] = []
            if let file = configurationFile(configFile.config) {
                plan.reads(file, as: "the configuration")
            }
            for file in files { plan.reads(file, as: "the scenario") }
            for file in files {
                let golden = Golden.path(for: file)
                plan.writes(golden, as: "the golden transcript of '\(file)'")
                if update, case .failure(let problem) = OutputPath.file(golden) {
                    problems.append("the golden transcript '\(golden)' \(problem.message)")
                }
            }
            if !headless, case .failure(let problem) = OutputPath.folder(audioDir) {
                problems.append("--audio-dir '\(audioDir)' \(problem.message)")
            }
            let targets = checkedReports(reports, plan: &plan, problems: &problems)
            try refuse(problems + plan.conflicts, command: "run")
            return (plan, targets)
        }

        private func usage(_ message: String) -> CommandError {
            .badInput("\(Self.errorPrefix)\(message)")
        }

        private func parseReports() throws -> [(report: Reporting<RunOutput>, path: String)] {
            do {
                return try reporting.targets()
            } catch {
                throw usage(error.message(option: "--report"))
            }
        }

        private func parseShard() throws -> (Int, Int)? {
            guard let shard else { return nil }
            let parts = shard.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw usage("--shard '\(shard)' (expected I/N with 1 ≤ I ≤ N)")
            }
            return (index, count)
        }
    }
}

extension RecordMode: ExpressibleByArgument {}
