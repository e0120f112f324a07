import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotScenario
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

                Rules: \(Rule.all.map(\.id).joined(separator: ", ")).

                Exit status: 0 no errors (warnings allowed), 1 an error was found, 2 bad input.

                Examples:
                  earshot audit Scenarios/mail/mail.yaml
                  earshot audit Scenarios/*/*.yaml --format sarif > earshot.sarif
                  earshot audit scene.yaml --skip sheet-button-labels
                """
        )

        @Argument(help: "Scene (or scenario) YAML files.")
        var scenes: [String]

        @Option(help: "text, json or sarif.")
        var format: Format = .text

        @Option(name: .customLong("rule"), help: "Run only this rule (repeatable).")
        var only: [String] = []

        @Option(name: .customLong("skip"), help: "Leave this rule out (repeatable).")
        var skip: [String] = []

        @Option(name: .customLong("max-states"), help: "States explored at most per scene; past it a note says the audit was cut off.")
        var maxStates = 2000

        @Option(help: "The OS version whose VoiceOver facts apply (e.g. 17, 18, 26), instead of each scene's os:.")
        var os: String?

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, sarif
        }

        func validate() throws {
            if scenes.isEmpty { throw ValidationError("give at least one SCENE file") }
            if maxStates < 1 { throw ValidationError("--max-states \(maxStates) (expected 1 or more)") }
            let known = Rule.all.map(\.id)
            for id in only + skip where !known.contains(id) {
                let hint = TextMatching.nearest(to: id, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw ValidationError("unknown rule '\(id)' (expected one of: \(known.joined(separator: ", ")))\(hint)")
            }
        }

        func run() throws {
            var rules = Set(only.isEmpty ? Rule.all.map(\.id) : only)
            rules.subtract(skip)

            var loaded: [(String, Scene)] = []
            var failed = false
            for path in scenes {
                // Scene and scenario files, and captures (imported as scenes with no behaviours).
                do {
                    loaded.append((path, try loadScene(path, os: os)))
                } catch {
                    failed = true
                }
            }
            if failed { throw ExitCode(ExitStatus.badInput) }

            let audits = loaded.map { path, scene in
                SceneAudit(file: path, scene: scene.name, report: Auditor(scene: scene, rules: rules, stateLimit: maxStates).run())
            }
            switch format {
            case .text: printText(AuditFormats.text(audits))
            case .json: print(try AuditFormats.json(audits), terminator: "")
            case .sarif: print(try AuditFormats.sarif(audits.flatMap(\.report.findings)), terminator: "")
            }
            if audits.contains(where: \.report.hasErrors) { throw ExitCode(ExitStatus.failed) }
        }
    }
}
