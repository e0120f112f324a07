import EarshotCore

/// The scope in reading order, one line per element: what `earshot tree` prints.
///
/// ```
/// compose          Compose. Button.
/// "Sheet Grabber"  Sheet Grabber: Half screen. Button.
/// to               To. Text Field.  [Double tap to edit.]
/// ```
public struct SceneTree: Sendable {
    public struct Line: Hashable, Sendable {
        /// The explicit id; else the label in quotes when no other element has it; else `#index`.
        public var id: String
        public var speech: ElementSpeech
    }

    public let lines: [Line]

    public init(scene: Scene, state: SceneState, hints: Bool = true) {
        let builder = DescriptionBuilder(scene: scene)
        lines = scene.scope(in: state).map { ref in
            Line(id: Self.name(of: ref, in: scene), speech: builder.speech(for: ref, in: state, hints: hints))
        }
    }

    /// How the tree names an element: its id, a unique label in quotes, or `#index`.
    public static func name(of ref: ElementRef, in scene: Scene) -> String {
        let element = scene[ref]
        if let id = element.id { return id }
        if !element.label.isEmpty, scene.elements(labelled: element.label).count == 1 { return "\"\(element.label)\"" }
        return "#\(ref.index)"
    }

    /// The lines as text: the id column padded, the hint and `Actions Available` in brackets.
    public var text: String {
        let width = lines.map(\.id.count).max() ?? 0
        return lines.map { line in
            var text = line.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + line.speech.description
            if let hint = line.speech.hint { text += "  [\(hint)]" }
            if let actions = line.speech.actionsAvailable { text += "  [\(actions)]" }
            return text
        }.joined(separator: "\n")
    }
}
