import EarshotCore

/// What of a scene's state the audit can tell apart, so that the explorer visits each
/// distinguishable state once instead of every combination of element values.
///
/// ```swift
/// let abstraction = StateAbstraction(scene: scene)
/// abstraction.key(a.state) == abstraction.key(b.state)   // true when a and b differ only in a switch
/// ```
///
/// Two states share a key when nothing that decides what the reader does, or what a rule
/// checks, differs between them:
///
/// - the presentations shown, each with its detent, page, page history (with the element each
///   page was left from, where a pop puts the cursor), presenter and unsaved changes, and the
///   text entry in editing: kept whole;
/// - scene variables: only those some condition reads (`state:`), and an unset variable is
///   the `false` it reads as;
/// - each element's value and label: only whether it is empty. No condition reads more of a
///   value than that (`filled:`), no rule reads more of a label or value (`element-label`,
///   `sheet-primary-action`), and nothing the explorer does turns a non-empty value empty: a
///   switch toggles between `on` and `off`, an adjustable steps between numbers, typing adds
///   text. A switch flipped on and a switch left off are one state;
/// - `enabled` and `hidden` set by effects: kept, since scope and activation read them.
///
/// An element whose changed facts equal the file's reads as unchanged, so a switch turned on
/// and off again is the state it started from. Within a key the explorer keeps the first state
/// it met, whose descriptions the rules see in full.
struct StateAbstraction {
    let scene: Scene
    /// The variables some condition reads.
    let readVariables: Set<String>

    init(scene: Scene) {
        self.scene = scene
        var names: Set<String> = []
        func collect(_ condition: Condition) {
            switch condition {
            case .state(let name, _): names.insert(name)
            case .all(let conditions), .any(let conditions): conditions.forEach(collect)
            case .not(let inner): collect(inner)
            case .filled, .unsaved: break
            }
        }
        func collect<Value>(_ value: Conditional<Value>) {
            if case .when(let condition, _, _) = value { collect(condition) }
        }
        for element in scene.elements {
            collect(element.value)
            collect(element.enabled)
            collect(element.hidden)
        }
        readVariables = names
    }

    /// The facts of one changed element that anything can read.
    struct Facts: Hashable {
        var valueFilled: Bool?
        var labelFilled: Bool?
        var enabled: Bool?
        var hidden: Bool?

        var isEmpty: Bool { valueFilled == nil && labelFilled == nil && enabled == nil && hidden == nil }
    }

    /// A state as the audit tells it apart.
    struct Key: Hashable {
        var stack: [SceneState.Shown]
        var editing: ElementRef?
        var variables: [String: String]
        var changed: [ElementRef: Facts]
    }

    func key(_ state: SceneState) -> Key {
        var variables: [String: String] = [:]
        for (name, value) in state.variables where value != "false" && readVariables.contains(name) {
            variables[name] = value
        }
        var changed: [ElementRef: Facts] = [:]
        for (ref, override) in state.overrides {
            let facts = self.facts(of: override, on: scene[ref])
            if !facts.isEmpty { changed[ref] = facts }
        }
        return Key(stack: state.stack, editing: state.editing, variables: variables, changed: changed)
    }

    /// An override's facts, leaving out those equal to the file's.
    private func facts(of override: SceneState.Override, on element: Element) -> Facts {
        var facts = Facts()
        if let value = override.value {
            let filled = !(value ?? "").isEmpty
            // A value chosen by a condition is replaced by the override: keep the fact.
            if case .constant(let written) = element.value, filled == !(written ?? "").isEmpty {} else {
                facts.valueFilled = filled
            }
        }
        if let label = override.label, label.isEmpty != element.label.isEmpty {
            facts.labelFilled = !label.isEmpty
        }
        if let enabled = override.enabled,
           enabled != (element.enabled.constantValue.map { $0 && !element.extraTraits.contains(.notEnabled) }) {
            facts.enabled = enabled
        }
        if let hidden = override.hidden, hidden != element.hidden.constantValue {
            facts.hidden = hidden
        }
        return facts
    }
}
