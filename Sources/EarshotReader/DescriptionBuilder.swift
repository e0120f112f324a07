import EarshotCore

/// Builds what is spoken for an element, from the profile's words (SPEC §4.2).
///
/// ```swift
/// let builder = DescriptionBuilder(scene: scene)
/// builder.speech(for: send, in: state).description // "Send. Dimmed. Button."
/// ```
///
/// The description is composed from small steps, in VoiceOver's order:
/// label and value, selected, trait words, the tab position.
public struct DescriptionBuilder: Sendable {
    public let scene: Scene
    private var words: Profile.Words { scene.profile.words }

    public init(scene: Scene) { self.scene = scene }

    /// The description, hint and `Actions Available` of an element now.
    public func speech(for ref: ElementRef, in state: SceneState, hints: Bool = true) -> ElementSpeech {
        let element = scene[ref]
        var base = labelAndValue(ref, in: state)
        var ownHint = element.hint.flatMap { $0.isEmpty ? nil : $0 }
        if base.isEmpty, let hint = ownHint {
            base = hint          // step 4: the hint takes the empty description's place
            ownHint = nil
        }
        if isSelected(ref) { base = base.isEmpty ? words.selected + "." : words.selected + ": " + base }
        var text = Self.join(base, traitWords(ref, in: state))
        if let position = tabPosition(ref, in: state) { text += " " + position + "." }
        let hint = hints ? combinedHint(ownHint, system: systemHint(ref, in: state)) : nil
        let actions = element.actions.isEmpty ? nil : scene.profile.hints.actionsAvailable
        return ElementSpeech(description: text, hint: hint, actionsAvailable: actions)
    }

    /// The description alone.
    public func description(of ref: ElementRef, in state: SceneState) -> String {
        speech(for: ref, in: state, hints: false).description
    }

    /// `description + "." + " " + trait words`, or the description as it is without trait words.
    static func join(_ description: String, _ traits: [String]) -> String {
        guard !traits.isEmpty else { return description }
        let words = traits.map { $0 + "." }.joined(separator: " ")
        guard !description.isEmpty else { return words }
        return (description.hasSuffix(".") ? description : description + ".") + " " + words
    }

    // MARK: Steps

    /// Step 1: `label: value`, the value alone when the label is empty.
    /// Switches never speak their value here; secure fields never speak their text;
    /// a back button labelled with the profile's Back drops its label.
    func labelAndValue(_ ref: ElementRef, in state: SceneState) -> String {
        let element = scene[ref]
        var label = state.label(of: ref, in: scene)
        if element.traits.contains(.backButton), label == scene.profile.backLabel { label = "" }
        let value = spokenValue(ref, in: state) ?? ""
        if value.isEmpty { return label }
        return label.isEmpty ? value : label + ": " + value
    }

    /// The value as spoken: a slider's number formatted (`50%`), the grabber's detent word.
    public func spokenValue(_ ref: ElementRef, in state: SceneState) -> String? {
        let element = scene[ref]
        if element.system == .grabber { return grabberValue(ref, in: state) }
        if element.role == .switch || element.traits.contains(.switchButton) || element.traits.contains(.secure) {
            return nil
        }
        guard let value = state.value(of: ref, in: scene), !value.isEmpty else { return nil }
        if element.unit == .percent {
            return words.percent.replacingOccurrences(of: "{value}", with: value)
        }
        return value
    }

    private func grabberValue(_ ref: ElementRef, in state: SceneState) -> String? {
        guard let id = scene[ref].surface.presentationID,
              let shown = state.stack.last(where: { $0.id == id }) else { return nil }
        return scene.profile.grabber?.values[shown.detent] ?? shown.detent
    }

    private func isSelected(_ ref: ElementRef) -> Bool {
        scene[ref].selected || scene[ref].extraTraits.contains(.selected)
    }

    /// Step 3: the trait words in VoiceOver's order, without their periods.
    func traitWords(_ ref: ElementRef, in state: SceneState) -> [String] {
        let element = scene[ref]
        let traits = element.traits
        var result: [String] = []
        if !state.isEnabled(ref, in: scene) { result.append(words.dimmed) }
        if traits.contains(.button), !traits.contains(.switchButton), !traits.contains(.tab),
           !traits.contains(.backButton) {
            result.append(words.button)
        }
        if traits.contains(.backButton) { result.append(words.backButton) }
        if traits.contains(.switchButton) {
            result.append(words.switchButton)
            switch state.value(of: ref, in: scene) {
            case "on": result.append(words.on)
            case "off": result.append(words.off)
            case "mixed": result.append(words.mixed)
            default: break
            }
        }
        if traits.contains(.tab) { result.append(words.tab) }
        let editing = state.editing == ref
        if traits.contains(.textEntry) {
            result.append(traits.contains(.secure) ? words.secureTextField : words.textField)
            if editing { result.append(words.isEditing) }
        }
        if traits.contains(.header) { result.append(words.heading) }
        if traits.contains(.link) { result.append(words.link) }
        if traits.contains(.adjustable) { result.append(words.adjustable) }
        if traits.contains(.image) { result.append(words.image) }
        if traits.contains(.searchField) {
            result.append(words.searchField)
            if editing, !traits.contains(.textEntry) { result.append(words.isEditing) }
        }
        return result
    }

    /// Step 6: `N of M` for a tab in a tab bar, counting the visible tabs.
    func tabPosition(_ ref: ElementRef, in state: SceneState) -> String? {
        guard scene[ref].traits.contains(.tab), let parent = scene[ref].parent, scene[parent].tabBar else {
            return nil
        }
        let tabs = scene.layout.orderedChildren[parent.index].filter {
            scene[$0].traits.contains(.tab) && !state.isHidden($0, in: scene)
        }
        guard let index = tabs.firstIndex(of: ref) else { return nil }
        return words.position
            .replacingOccurrences(of: "{index}", with: String(index + 1))
            .replacingOccurrences(of: "{count}", with: String(tabs.count))
    }

    /// The system hint: left out when the element is not enabled, and while a text entry is editing.
    func systemHint(_ ref: ElementRef, in state: SceneState) -> String? {
        let element = scene[ref]
        guard element.system != .grabber, state.isEnabled(ref, in: scene) else { return nil }
        let traits = element.traits
        if traits.contains(.switchButton) { return scene.profile.hints.toggle }
        if traits.contains(.adjustable) { return scene.profile.hints.adjustable }
        if element.role.isTextEntry || traits.contains(.textEntry) {
            return state.editing == ref ? nil : scene.profile.hints.textEntry
        }
        return nil
    }

    /// `HINT. System hint.`, either alone, or nil.
    func combinedHint(_ own: String?, system: String?) -> String? {
        switch (own, system) {
        case (nil, nil): nil
        case (let own?, nil): own
        case (nil, let system?): system
        case (let own?, let system?): (own.hasSuffix(".") ? own : own + ".") + " " + system
        }
    }
}
