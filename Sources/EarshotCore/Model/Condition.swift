/// A condition over the live state of a scene (docs/format.md).
///
/// ```yaml
/// enabled: { filled: to }
/// hidden: { when: { not: { state: { advanced: true } } }, then: true, else: false }
/// ```
public indirect enum Condition: Hashable, Sendable {
    /// A text entry has text.
    case filled(ElementRef)
    /// The presentation holding the element (else the topmost one) has unsaved changes.
    case unsaved
    /// A scene state variable has this value (values compare as canonical strings).
    case state(name: String, value: String)
    case all([Condition])
    case any([Condition])
    case not(Condition)
}

/// A value that is either fixed or chosen by a condition.
public enum Conditional<Value: Hashable & Sendable>: Hashable, Sendable {
    case constant(Value)
    case when(Condition, then: Value, else: Value)

    /// The constant, or nil when the value depends on state.
    public var constantValue: Value? {
        if case .constant(let value) = self { return value }
        return nil
    }
}
