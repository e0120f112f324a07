import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReports
import EarshotRunner
import EarshotScenario
import Foundation

extension Earshot {
    /// `earshot init [DIR]`: a starter scene, a scenario, its golden transcript and an audit
    /// configuration that pass `earshot run --headless` at once.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a project: a scene, a scenario with its golden transcript, and an audit configuration.",
            discussion: """
                Writes, under DIR (default: the current folder):
                  Scenarios/notes/notes.yaml           a scene: a screen and the sheet it presents
                  Scenarios/notes/new-note.yaml        a scenario: gestures and what must be heard
                  Scenarios/notes/new-note.transcript  its golden transcript, made by running it
                  .earshot.yml                         the audit configuration (kept if there is one)
                  .earshot/schema/*.schema.json        the JSON Schemas the files name on their first line,
                                                       for editors (VS Code's YAML extension) to complete and check
                They pass at once: `earshot run --headless` and `earshot audit Scenarios/notes/notes.yaml`.
                Nothing is overwritten: when a scenario file is already there, nothing is written and \
                the exit status is 2. docs/format.md in Earshot's repository describes every key.
                """
        )

        @Argument(help: "The project folder (created when missing).")
        var folder: String = "."

        func run() throws {
            let root = URL(fileURLWithPath: folder)
            let scenes = root.appendingPathComponent("Scenarios/notes")
            let starter = [("notes.yaml", Starter.scene), ("new-note.yaml", Starter.scenario)]
            let transcript = scenes.appendingPathComponent("new-note.transcript")
            let taken = (starter.map { scenes.appendingPathComponent($0.0) } + [transcript])
                .filter { FileManager.default.fileExists(atPath: $0.path) }
            // A file (or device) where one of the folders goes is the user's to move: bad input, nothing written.
            for path in [root.path, root.appendingPathComponent("Scenarios").path, scenes.path,
                         root.appendingPathComponent(".earshot").path, root.appendingPathComponent(".earshot/schema").path] {
                if case .failure(let problem) = OutputPath.folder(path) {
                    throw CommandError.badInput("\(Self.errorPrefix)'\(path)' \(problem.message); nothing was written")
                }
            }
            if !taken.isEmpty {
                throw CommandError.badInput("\(Self.errorPrefix)\(taken.map { "'\($0.path)'" }.joined(separator: ", ")) already \(taken.count == 1 ? "exists" : "exist"); nothing was written (expected a folder without Scenarios/notes/, or another DIR)")
            }
            do {
                try FileManager.default.createDirectory(atPath: scenes.path, withIntermediateDirectories: true)
                for (name, text) in starter { try AtomicFile.write(text, to: scenes.appendingPathComponent(name)) }
                // The golden transcript is what the scenario makes Earshot say, so it always matches.
                let result = ScenarioRunner().run(try ScenarioLoader.load(path: scenes.appendingPathComponent("new-note.yaml").path))
                guard result.passed else {
                    throw CommandError.environment("\(Self.errorPrefix)the starter scenario failed: \(result.failure?.report ?? "")")
                }
                try AtomicFile.write(result.transcript, to: transcript)
                // The schemas the files' first lines name, for editors; a copy already there is kept.
                let schemas = root.appendingPathComponent(".earshot/schema")
                try FileManager.default.createDirectory(atPath: schemas.path, withIntermediateDirectories: true)
                for name in ["scene.schema.json", "scenario.schema.json"] where !FileManager.default.fileExists(atPath: schemas.appendingPathComponent(name).path) {
                    guard let schema = ResourceFolder.locate(module: "earshot", subfolder: "schema", probe: name)?.appendingPathComponent(name) else {
                        throw CommandError.environment("\(Self.errorPrefix)this earshot has no \(name) beside it (its resources are missing); reinstall it")
                    }
                    try AtomicFile.write(try Data(contentsOf: schema), to: schemas.appendingPathComponent(name))
                }
                let configuration = root.appendingPathComponent(AuditConfiguration.defaultFile)
                let keptConfiguration = FileManager.default.fileExists(atPath: configuration.path)
                if !keptConfiguration { try AtomicFile.write(Starter.configuration, to: configuration) }
                let shown = folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
                printText("""
                    Wrote \(shown)Scenarios/notes/notes.yaml, new-note.yaml and new-note.transcript\(keptConfiguration ? " (kept your \(AuditConfiguration.defaultFile))" : ", and \(shown)\(AuditConfiguration.defaultFile)").
                    Next:\(folder == "." ? "" : "\n  cd \(folder)")
                      earshot run --headless          # runs the scenario, checks its transcript
                      earshot audit Scenarios/notes/notes.yaml
                      earshot run                     # the same, spoken into Audio/
                    """)
            } catch let error as LoadError {
                throw CommandError.environment(error.description)
            } catch let error as CommandError {
                throw error
            } catch {
                throw CommandError.environment("\(Self.errorPrefix)cannot write \(FileError.describe(error, path: root.path))")
            }
        }
    }
}

/// What `earshot init` writes.
enum Starter {
    static let scene = """
        # yaml-language-server: $schema=../../.earshot/schema/scene.schema.json
        # A first scene: a list of notes, and the sheet New Note presents. Each element is one
        # element of the accessibility tree: its role and label, and what activating it does.
        # docs/format.md (in Earshot's repository) lists every key.
        scene: Notes
        platform: ios
        root:
          - heading: Notes
          - text: Groceries
          - button: New Note
            id: newNote
            activate: { present: editor }
        presentations:
          editor:
            style: sheet
            detents: [medium, large]
            grabber: true
            escape: sheet          # a two-finger scrub anywhere in the sheet cancels it
            confirm: discard       # asked first when the sheet has unsaved changes
            title: New Note
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - button: Done
                placement: topTrailing
                enabled: { filled: noteTitle }
                activate: dismiss
              - textField: Title
                id: noteTitle
                required: true
          discard:
            style: actionSheet
            content:
              - button: Discard Changes
                role: destructive
                activate: { dismissAll: true }
              - button: Keep Editing
                role: cancel
                activate: dismiss

        """

    static let scenario = """
        # yaml-language-server: $schema=../../.earshot/schema/scenario.schema.json
        # A first scenario: VoiceOver gestures on the scene, and what must be heard. `earshot run`
        # checks each `expect:` and compares the whole transcript with new-note.transcript beside
        # this file; `earshot run --update` rewrites that file after a change you meant.
        scenario: Start a note and discard it
        scene: notes.yaml
        steps:
          - touch: newNote
          - expect: "New Note. Button."
          - doubleTap
          - expect: { presented: editor, screenChanged: true }
          - touch: noteTitle
          - doubleTap
          - type: Milk
          - expect: { unsaved: true }
          - scrub
          - expect: { presented: discard }
          - touch: Discard Changes
          - doubleTap
          - expect: { presented: none, focus: newNote }

        """

    static let configuration = """
        # The audit's configuration (earshot audit, and audit steps in earshot run).
        # rules:                       # a rule's severity: error, warning or off
        #   sheet-button-labels: warning
        maxStates: 2000                # states explored at most per scene
        # baseline: earshot-baseline.json

        """
}
