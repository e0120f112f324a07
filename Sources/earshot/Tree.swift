import ArgumentParser
import EarshotCore
import EarshotReader
import EarshotScenario

extension Earshot {
    /// `earshot tree SCENE`: the scope in reading order with each element's description.
    struct Tree: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the scope in reading order: each element's id, description and [hint].",
            discussion: """
                SCENE is a scene file, or a scenario file whose scene is shown. With no --present, the \
                parent view is shown as VoiceOver finds it. Each --present shows a presentation on top of \
                the last (as if its presenter had been activated); --detent rests the topmost sheet at a detent.

                Example:
                  earshot tree Scenarios/mail/mail.yaml --present compose --detent medium
                """
        )

        @Argument(help: "A scene or scenario YAML file.")
        var scene: String

        @Option(name: .customLong("present"), help: "Show this presentation (repeatable, bottom-most first).")
        var presentations: [String] = []

        @Option(help: "Rest the topmost sheet at this detent (medium, large or a custom detent's id).")
        var detent: String?

        @OptionGroup var platform: SceneOptions

        @OptionGroup var hinting: HintOptions

        @OptionGroup var project: ProjectOptions

        func run() throws {
            let scene = try loadScene(self.scene, boundary: project.boundary(named: [self.scene]), os: platform.os,
                                      language: platform.language)
            var state = scene.openingState()
            for id in presentations {
                guard scene.presentations[id] != nil else {
                    let known = scene.presentationOrder
                    throw CommandError.badInput("\(Self.errorPrefix)--present '\(id)' names no presentation of scene '\(scene.name)' (expected one of: \(known.isEmpty ? "none defined" : known.joined(separator: ", ")))")
                }
                state.present(id, in: scene, presenter: nil)
            }
            if let detent {
                guard let top = state.topmost, let presentation = scene.presentations[top.id] else {
                    throw CommandError.badInput("\(Self.errorPrefix)--detent needs a sheet showing (expected --present ID first)")
                }
                let ids = presentation.detents.map(\.id)
                guard ids.contains(detent), presentation.style.isResizable else {
                    throw CommandError.badInput("\(Self.errorPrefix)'\(top.id)' has no detent '\(detent)' (expected one of: \(ids.joined(separator: ", ")))")
                }
                state.stack[state.stack.count - 1].detent = detent
            }
            let tree = SceneTree(scene: scene, state: state, hints: !hinting.noHints)
            if !tree.lines.isEmpty { printText(tree.text) }
        }
    }
}
