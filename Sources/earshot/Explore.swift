import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReader
import EarshotReports
import EarshotScenario
import Foundation

extension Earshot {
    /// `earshot explore SCENE`: drive the screen reader by hand, one gesture a line.
    struct Explore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore a scene by hand: type gestures, hear (read) what VoiceOver says as you go.",
            discussion: """
                Each line is a step as a scenario writes it (swipeRight, touch: compose, type: hello, \
                rotor: actions, vo: right, key: tab, expect: "Compose. Button.", audit) or one of the \
                keys below; what the step makes VoiceOver say is printed at once, as the transcript shows it.

                \(Keys.help)

                Standard input may be a terminal or a file: `earshot explore mail.yaml < steps.txt`.
                """
        )

        @Argument(help: "A scene or scenario YAML file.")
        var scene: String

        @OptionGroup var platform: SceneOptions

        @OptionGroup var hinting: HintOptions

        @Option(help: "Write the gestures that acted, each with what was spoken and where focus is, as a scenario FILE.yaml (and its golden transcript) when the session ends. FILE must not exist.")
        var record: String?

        @OptionGroup var project: ProjectOptions

        func run() throws {
            project.apply(named: [self.scene] + (record.map { [$0] } ?? []))
            if let record, FileManager.default.fileExists(atPath: record) {
                throw CommandError.badInput("earshot explore: error: --record '\(record)' exists; name a new file (nothing is overwritten)")
            }
            let scene = try loadScene(self.scene, os: platform.os, language: platform.language)
            var session = ExploreSession(reader: ScreenReader(scene: scene, hints: !hinting.noHints))
            defer { if let record { writeRecording(session, to: record, scene: scene) } }
            let interactive = isatty(STDIN_FILENO) == 1
            if interactive { printText("\(scene.name): \(Keys.oneLine)") }
            while true {
                if interactive { writeStandard("> ", to: STDOUT_FILENO) }
                guard let line = readLine() else { break }
                guard let output = session.handle(line) else { break }
                if !output.isEmpty { printText(output) }
            }
        }

        /// The session as a scenario beside `path`'s folder, naming the scene by a path relative
        /// to it, and its golden transcript, which the scenario then matches when run.
        private func writeRecording(_ session: ExploreSession, to path: String, scene: Scene) {
            let file = URL(fileURLWithPath: path).standardizedFileURL
            let sceneFile = URL(fileURLWithPath: scene.location.file).standardizedFileURL
            let yaml = "scenario: \(YAMLText.quoted("Recorded in " + scene.name))\n"
                + "scene: \(YAMLText.quoted(FilePath.relative(from: file.deletingLastPathComponent().path, to: sceneFile.path) ?? sceneFile.path))\n"
                + "steps:\n" + session.recorded.joined(separator: "\n") + (session.recorded.isEmpty ? "  []\n" : "\n")
            do {
                try yaml.write(to: file, atomically: true, encoding: .utf8)
                let scenario = try ScenarioLoader.load(path: file.path)
                let result = ScenarioRunner(hints: !hinting.noHints).run(scenario)
                try result.transcript.write(toFile: Golden.path(for: file.path), atomically: true, encoding: .utf8)
                printError("earshot explore: wrote \(path) (\(session.recorded.count / 2) steps) and \(Golden.path(for: path))")
            } catch {
                printError("earshot explore: error: the recording could not be written: \(error)")
            }
        }
    }
}

/// The one-key gestures of `earshot explore`: the gestures' `key`s (``Gesture/Kind/key``).
enum Keys {
    static let table: [(key: String, step: String)] = Gesture.Kind.all.compactMap { kind in kind.key.map { ($0, kind.name) } }

    static var help: String {
        "Keys: " + table.map { "\($0.key) \($0.step)" }.joined(separator: ", ")
            + "; t the scope now (as earshot tree), ? help, q quit."
    }

    static var oneLine: String { "n/p next/previous, d double tap, s scrub, t scope, ? help, q quit" }
}

/// One exploring session: a reader and what each line of input does to it.
struct ExploreSession {
    var reader: ScreenReader
    /// Each gesture that acted, as a scenario step, and an `expect:` of what it spoke and where
    /// focus went (`--record`).
    var recorded: [String] = []

    /// Records a gesture that acted, as it was typed (quotes kept, so that `touch: "Sort: Price"`
    /// reads back as one step), with the expectations it now meets.
    private mutating func record(_ step: ScenarioStep) {
        recorded.append("  - " + step.source)
        var checks: [String] = []
        if let said = reader.lastDescription { checks.append("speech: " + YAMLText.quoted(said)) }
        if let focused = reader.focused { checks.append("focus: " + YAMLText.quoted(focused.id ?? focused.label)) }
        recorded.append("  - expect: { " + (checks.isEmpty ? "presented: \(reader.presented.map(YAMLText.quoted) ?? "none")" : checks.joined(separator: ", ")) + " }")
    }

    /// The text to print for a line of input; nil to stop.
    mutating func handle(_ line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text {
        case "": return ""
        case "q", "quit", "exit": return nil
        case "?", "help": return Keys.help
        case "t", "tree":
            let tree = SceneTree(scene: reader.scene, state: reader.state, hints: reader.hints)
            return tree.text
        default: break
        }
        let written = Keys.table.first { $0.key == text }?.step ?? text
        let step: ScenarioStep
        do {
            step = try ScenarioStep.parse(written)
        } catch {
            return error.description
        }
        switch step.action {
        case .expect(let expectations):
            return expectations.map { expectation in
                guard let mismatch = expectation.mismatch(in: reader) else { return "✓ \(expectation.key)" }
                return "✗ \(expectation.key)\n    expected: \(mismatch.expected)\n    actual:   \(mismatch.actual)"
            }.joined(separator: "\n")
        case .audit:
            let report = Auditor(scene: reader.scene).run(from: reader)
            return AuditFormats.text([SceneAudit(file: reader.scene.location.file, scene: reader.scene.name, report: report)])
        case .gesture(let gesture):
            let failures = reader.failures.count
            gesture.perform(on: &reader)
            var output = Transcript.block(reader.steps.last!).trimmingCharacters(in: .newlines)
            for failure in reader.failures.dropFirst(failures) { output += "\n  cannot act: \(failure.message)" }
            if reader.failures.count == failures { record(step) }
            return output
        }
    }
}
