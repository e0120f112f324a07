import ArgumentParser
import EarshotBench
import EarshotScenario
import EarshotSpeech
import EarshotSuite
import Foundation

extension Earshot {
    /// `earshot bench [--json]`: generated workloads and the bundled suite, timed.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time the screen reader and speech on generated scenes and the bundled suite.",
            discussion: """
                Walks generated scenes of 1,000, 10,000 and 100,000 elements with swipeRight, presents \
                and dismisses a sheet over the largest, and runs the scenario suite headless, spoken with \
                an empty utterance cache and again with a warm one; the same utterances are timed through \
                bare espeak_Synth calls and through one espeak-ng -w process each; the suite is copied to \
                about 5,000 scenarios and run with every report, with one job and with two, then spoken. Build with \
                'swift build -c release' for meaningful figures; docs/performance.md explains them.

                Standard output: the figures and the targets they meet, or with --json one JSON object.
                Exit status: 0 (1 with --check when a target is missed), 2 bad input, 3 environment.

                Examples:
                  .build/release/earshot bench --json
                  earshot bench --smoke --json          # small sizes, one round: checks that it works
                """
        )

        @Flag(help: "Print one JSON object.")
        var json = false

        @Flag(help: "Small sizes and one round, to check that every phase works (figures not comparable).")
        var smoke = false

        @Option(name: .customLong("scenarios"), help: "The scenario files or folder to run (default Scenarios).")
        var scenarios: [String] = []

        @Option(help: "Rounds of the suite phases; each figure is their median (default 5, 1 with --smoke).")
        var rounds: Int?

        @Flag(help: "Exit with 1 when a target is missed.")
        var check = false

        /// For profiling one workload (perf, callgrind): walk a generated scene of this size and print the rate.
        @Option(name: .customLong("walk-only"), help: ArgumentHelp("Walk one generated scene of N elements only.", visibility: .hidden))
        var walkOnly: Int?

        func run() async throws {
            if let rounds, rounds < 1 {
                throw CommandError.badInput("\(Self.errorPrefix)--rounds \(rounds) (expected 1 or more)")
            }
            if smoke, check {
                throw CommandError.badInput("\(Self.errorPrefix)--check with --smoke: a smoke run's small sizes make "
                                            + "figures no target can judge (expected one of them)")
            }
            if let walkOnly {
                let scene = try SceneGenerator(elements: walkOnly).scene()
                let walk = StepBench.walk(scene)
                print("\(walk.steps) steps over \(walk.walks) walks of \(walk.scope): \(Int(walk.stepsPerSecond)) steps/s in the best slice, \(Int(walk.stepsPerCPUSecond)) per CPU second")
                return
            }
            var options = EarshotBench.Bench.Options()
            options.smoke = smoke
            options.rounds = rounds
            if !scenarios.isEmpty { options.paths = scenarios }
            let onTerminal = isatty(STDERR_FILENO) == 1
            let report: BenchReport
            do {
                report = try await EarshotBench.Bench(options: options).run { phase in
                    if onTerminal { writeStandard("\r\u{1B}[Kbench: " + phase, to: STDERR_FILENO) }
                }
                if onTerminal { writeStandard("\r\u{1B}[K", to: STDERR_FILENO) }
            } catch let error as LoadError {
                throw CommandError.loading(error)
            } catch let error as SuiteBench.FailedScenarios {
                throw CommandError.badInput(error.description)
            } catch let error as SpeechError {
                throw CommandError.environment("\(Self.errorPrefix)\(error.description)")
            } catch let error as SuiteBench.EnvironmentError {
                throw CommandError.environment("\(Self.errorPrefix)\(error.description)")
            } catch let error as Suite.EnvironmentError {
                throw CommandError.environment("\(Self.errorPrefix)\(error.description)")
            }
            print(json ? try report.json() : report.text)
            if check, report.targets.contains(where: { !$0.holds }) { throw CommandError.failed }
        }
    }
}
