import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReports
import EarshotScenario
import EarshotSpeech
import EarshotSuite
import Foundation

extension Earshot {
    /// `earshot audit SCENE …`: explores each scene's reachable states and prints the findings.
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check sheets against the Human Interface Guidelines by walking every reachable state with VoiceOver.",
            discussion: """
                SCENE is a scene file, or a scenario file whose scene is audited. From the scene as it \
                opens, Earshot activates every element, runs custom actions, types into text fields, \
                resizes and dismisses, visiting each state once, and checks the sheet rules on the \
                way. Each finding names the rule, its severity, FILE:LINE:COLUMN, the gestures that show \
                it, and a fix.

                Exit status: 0 no errors (warnings allowed), 1 an error was found, 2 bad input.

                Configuration: --config FILE, or .earshot.yml in the current folder when there is \
                one: rule severities (error, warning, off), maxStates, os and the baseline file. \
                Flags win over it. A scene file suppresses findings with a reason (audit: and \
                auditSkip:); they are listed as suppressed and do not fail the audit.

                Baseline: with --baseline FILE (or the configuration's baseline:), only errors the \
                baseline does not list fail; --update-baseline writes the current findings to it and \
                exits 0. Findings are matched by fingerprint (rule, file, element), not by line.

                Reports: --format FORMAT prints the audit in another format (html: a page to open in \
                a browser); --report FORMAT:PATH writes one beside what is printed, a file, or for \
                html DIR/index.html; repeatable. The formats are listed under --format below.

                Rules: \(Rule.all.map(\.id).joined(separator: ", ")).

                Examples:
                  earshot audit Scenarios/mail/mail.yaml
                  earshot audit Scenarios/*/*.yaml --format sarif > earshot.sarif
                  earshot audit Scenarios/*/*.yaml --report html:build/audit
                  earshot audit scene.yaml --skip sheet-button-labels
                  earshot audit Scenarios/*/*.yaml --baseline earshot-baseline.json --update-baseline
                """
        )

        @Argument(help: "Scene (or scenario) YAML files.")
        var scenes: [String]

        @Option(help: ArgumentHelp("\(OutputFormats.names(for: .audit)).", valueName: "format"))
        var format = "text"

        @OptionGroup var reporting: ReportOptions<AuditResult>

        @Option(name: .customLong("rule"), help: "Run only this rule (repeatable).")
        var only: [String] = []

        @Option(name: .customLong("skip"), help: "Leave this rule out (repeatable).")
        var skip: [String] = []

        @Option(name: .customLong("max-states"), help: "States explored at most per scene (default: the configuration's maxStates, else 2000); past it a note says the audit was cut off.")
        var maxStates: Int?

        @OptionGroup var platform: SceneOptions

        @OptionGroup var configFile: ConfigOptions

        @Option(help: "A baseline file: only errors it does not list fail (default: the configuration's baseline).")
        var baseline: String?

        @Flag(name: .customLong("update-baseline"), help: "Write the current findings to the baseline file and exit 0.")
        var updateBaseline = false

        func validate() throws {
            if scenes.isEmpty { throw ValidationError("give at least one SCENE file") }
            if let maxStates, maxStates < 1 { throw ValidationError("--max-states \(maxStates) (expected 1 or more)") }
            let known = Rule.all.map(\.id)
            for id in only + skip where !known.contains(id) {
                let hint = TextMatching.nearest(to: id, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw ValidationError("unknown rule '\(id)' (expected one of: \(known.joined(separator: ", ")))\(hint)")
            }
            _ = try printedFormat()
            _ = try reportTargets()
        }

        /// `--format`, checked.
        private func printedFormat() throws -> Reporting<AuditResult> {
            do {
                return try Reporting<AuditResult>.named(format)
            } catch {
                throw ValidationError(error.message(option: "--format"))
            }
        }

        /// `--report FORMAT:PATH` values, checked.
        private func reportTargets() throws -> [(report: Reporting<AuditResult>, path: String)] {
            do {
                return try reporting.targets()
            } catch {
                throw ValidationError(error.message(option: "--report"))
            }
        }

        @OptionGroup var project: ProjectOptions

        func run() throws {
            let boundary = project.boundary(named: scenes)
            let configuration = try loadAuditConfiguration(configFile.config, boundary: boundary)
            let rules = configuration.enabledRules(only: only, skip: skip)
            let stateLimit = maxStates ?? configuration.stateLimit
            let os = platform.os ?? configuration.os
            let language = platform.language ?? configuration.language
            let baselinePath = baseline ?? configuration.baseline
            if updateBaseline, baselinePath == nil {
                throw usage("--update-baseline needs a file: --baseline FILE, or baseline: in the configuration")
            }
            let reports = try checkedOutputs(baseline: baselinePath)
            let known = try baselinePath.flatMap(readBaseline)

            var loaded: [(String, Scene)] = []
            var failed: CommandError?
            // Each scene once, however many of the files named are scenarios that use it
            // (`earshot audit Scenarios/*/*.yaml`), under the first file that named it.
            var audited = Set<String>()   // a scene's file, name and presentations
            for path in scenes {
                // Scene and scenario files, and captures (imported as scenes with no behaviours).
                do {
                    let scene = try loadScene(path, boundary: boundary, os: os, language: language,
                                              osWrittenAt: platform.os == nil ? configuration.osLocation : nil,
                                              languageWrittenAt: platform.language == nil ? configuration.languageLocation : nil,
                                              overlays: configuration.overlays)
                    // Several scene files that build on one capture (`base:`) share its location: their
                    // names and presentations tell them apart.
                    let file = URL(fileURLWithPath: scene.location.file).resolvingSymlinksInPath().standardizedFileURL.path
                    let identity = ([file, scene.name] + scene.presentationOrder).joined(separator: "\u{0}")
                    guard audited.insert(identity).inserted else { continue }
                    loaded.append((path, scene))
                } catch let error as CommandError {
                    // Every scene's problems are printed, then the audit stops.
                    for line in error.lines { printError(line) }
                    // The machine's problem (3) outweighs the files'.
                    if failed?.status != ExitStatus.environment { failed = error }
                }
            }
            if let failed { throw failed.status == ExitStatus.environment ? CommandError.environment([]) : CommandError.badInput([]) }

            let audits = loaded.map { path, scene in
                SceneAudit(file: path, scene: scene, report: Auditor(scene: scene, rules: rules, stateLimit: stateLimit).run(),
                           configuration: configuration)
            }
            var result = AuditResult(audits, rules: rules, baseline: known)
            if updateBaseline, let baselinePath {
                let updated = (known ?? Baseline(findings: [])).updated(with: result)
                do {
                    guard case .success(let target) = OutputPath.file(baselinePath) else {
                        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "it is not a regular file"])
                    }
                    try OutputPath.write(try updated.json(), to: target)
                } catch {
                    throw CommandError.environment("\(Self.errorPrefix)cannot write the baseline \(FileError.describe(error, path: baselinePath))")
                }
                printError("earshot audit: wrote \(updated.findings.count) \(updated.findings.count == 1 ? "finding" : "findings") to the baseline \(baselinePath)")
                result = AuditResult(audits, rules: rules, baseline: updated)
            }
            let printed = try printedFormat()
            let page = try printed.render(result)
            if printed.isForPeople { printText(page, terminator: "") } else { print(page, terminator: "") }
            // One report that cannot be written does not keep the others from being written.
            var unwritten = 0
            for (format, path, target) in reports {
                do {
                    try format.write(result, to: target)
                } catch {
                    printError("\(Self.errorPrefix)cannot write the \(format.name) report \(FileError.describe(error, path: path))")
                    unwritten += 1
                }
            }
            if unwritten > 0 { throw CommandError.environment([]) }
            if result.failed, !updateBaseline { throw CommandError.failed }
        }

        /// The reports' targets (``OutputPath``), checked with the files the audit reads and the
        /// baseline it may write (``OutputPlan``) before anything is written; `--format` prints to
        /// standard output, so a report there too is refused.
        private func checkedOutputs(baseline: String?) throws -> [(Reporting<AuditResult>, String, OutputPath.Target)] {
            var plan = OutputPlan()
            var problems: [String] = []
            if let file = configurationFile(configFile.config) {
                plan.reads(file, as: "the configuration")
            }
            for scene in scenes { plan.reads(scene, as: "the scene") }
            if let baseline {
                if updateBaseline {
                    plan.writes(baseline, as: "the baseline")
                    if case .failure(let problem) = OutputPath.file(baseline) {
                        problems.append("the baseline '\(baseline)' \(problem.message)")
                    }
                } else {
                    plan.reads(baseline, as: "the baseline")
                }
            }
            plan.writes("-", as: "--format \(format)")
            let targets = checkedReports(try reportTargets(), plan: &plan, problems: &problems)
            try refuse(problems + plan.conflicts, command: "audit")
            return targets
        }

        /// The baseline at `path`; a missing file is bad input unless it is about to be written.
        private func readBaseline(_ path: String) throws -> Baseline? {
            let data: Data
            switch InputFile.read(path) {
            case .success(let bytes): data = bytes
            case .failure(.missing):
                if updateBaseline { return nil }
                throw usage("baseline file '\(path)' does not exist (write it with --update-baseline)")
            case .failure(let problem):
                if problem.isEnvironment { throw CommandError.environment("\(Self.errorPrefix)baseline file '\(path)' \(problem.message)") }
                throw usage("baseline file '\(path)' \(problem.message)")
            }
            do {
                return try Baseline(json: data)
            } catch {
                throw CommandError.badInput("\(path):1:1: error: \(error.description)")
            }
        }

        private func usage(_ message: String) -> CommandError {
            .badInput("\(Self.errorPrefix)\(message)")
        }
    }
}
