import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotReader
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

        @Option(help: "The OS version whose VoiceOver facts apply (e.g. 17, 18, 26), instead of the scene's os:.")
        var os: String?

        @Option(help: "The language VoiceOver speaks (en, de, ru, ja), instead of the scene's language:.")
        var language: String?

        @Flag(name: .customLong("no-hints"), help: "Leave hints out.")
        var noHints = false

        @OptionGroup var project: ProjectOptions

        func run() throws {
            project.apply(named: [self.scene])
            let scene = try loadScene(self.scene, os: os, language: language)
            var session = ExploreSession(reader: ScreenReader(scene: scene, hints: !noHints))
            let interactive = isatty(STDIN_FILENO) == 1
            if interactive { printText("\(scene.name): \(Keys.oneLine)") }
            while true {
                if interactive { FileHandle.standardOutput.write(Data("> ".utf8)) }
                guard let line = readLine() else { break }
                guard let output = session.handle(line) else { break }
                if !output.isEmpty { printText(output) }
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
            return output
        }
    }
}
