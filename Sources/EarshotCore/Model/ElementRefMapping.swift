// Rewriting element references, for builders that hand out provisional
// references before every element exists (the YAML loader, the Swift DSL).

extension Condition {
    public func mapElementRefs(_ transform: (ElementRef) -> ElementRef) -> Condition {
        switch self {
        case .filled(let ref): .filled(transform(ref))
        case .unsaved, .state: self
        case .all(let list): .all(list.map { $0.mapElementRefs(transform) })
        case .any(let list): .any(list.map { $0.mapElementRefs(transform) })
        case .not(let inner): .not(inner.mapElementRefs(transform))
        }
    }
}

extension Conditional {
    public func mapElementRefs(_ transform: (ElementRef) -> ElementRef) -> Conditional {
        switch self {
        case .constant: self
        case .when(let condition, let then, let otherwise):
            .when(condition.mapElementRefs(transform), then: then, else: otherwise)
        }
    }
}

extension Effect {
    public func mapElementRefs(_ transform: (ElementRef) -> ElementRef) -> Effect {
        Effect(actions.map { action in
            var action = action
            switch action.kind {
            case .set(let changes):
                action.kind = .set(changes.map { change in
                    var change = change
                    change.element = transform(change.element)
                    return change
                })
            case .screenChanged(let ref): action.kind = .screenChanged(ref.map(transform))
            case .layoutChanged(let ref): action.kind = .layoutChanged(ref.map(transform))
            default: break
            }
            return action
        })
    }
}

extension Element {
    /// The element with every reference in its values, conditions and effects rewritten.
    public func mapElementRefs(_ transform: (ElementRef) -> ElementRef) -> Element {
        var element = self
        element.value = value.mapElementRefs(transform)
        element.enabled = enabled.mapElementRefs(transform)
        element.hidden = hidden.mapElementRefs(transform)
        element.behaviours = behaviours.mapValues { $0.mapElementRefs(transform) }
        element.actions = actions.map { action in
            var action = action
            action.effect = action.effect.mapElementRefs(transform)
            return action
        }
        return element
    }
}
