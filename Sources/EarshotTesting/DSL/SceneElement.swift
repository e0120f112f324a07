import EarshotCore

/// An element of a scene written in Swift: `Button`, `TextField`, `Group`
/// and the other role types of docs/format.md conform, and so may your own
/// components.
///
/// ```swift
/// Button("Send")
///     .placement(.topTrailing)
///     .enabled(when: .filled("to"))
///     .onActivate(.announce("Message sent"), .dismiss)
/// ```
///
/// Each modifier returns a changed copy and writes one key of the scene
/// format; a modifier used twice keeps the last value (`action` adds).
public protocol SceneElement: Sendable {
    /// The element as the scene format writes it.
    var definition: ElementDefinition { get set }
}

/// One element as the scene format writes it: its role key and label, the
/// keys set by modifiers in order, its children, and the Swift location
/// that created it. Made by the element types; read by the scene loader.
public struct ElementDefinition: Sendable {
    var role: Role
    var label: String
    var entries: [(key: ElementKey, value: DefinitionNode)] = []
    var children: [ElementDefinition] = []
    var location: SourceLocation

    /// A definition for a role and label, created at a Swift location.
    init(_ role: Role, _ label: String, file: String, line: Int, column: Int) {
        self.role = role
        self.label = label
        self.location = SourceLocation(file: file, line: line, column: column)
    }

    /// Sets a key, replacing an earlier value in place.
    mutating func set(_ key: ElementKey, _ value: DefinitionNode) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key, value))
        }
    }

    /// The element mapping: the role key first (so the mapping's line is the
    /// element's), then the keys, then `children` for a group.
    var node: DefinitionNode {
        var pairs: [(String, DefinitionNode)] = [(role.rawValue, .quoted(label, at: location))]
        pairs += entries.map { ($0.key.rawValue, $0.value) }
        if role == .group { pairs.append((ElementKey.children.rawValue, .list(children.map(\.node)))) }
        return .map(pairs, at: location)
    }
}

// MARK: Common keys

extension SceneElement {
    func with(_ change: (inout ElementDefinition) -> Void) -> Self {
        var copy = self
        change(&copy.definition)
        return copy
    }

    /// `id:`: an explicit id, unique in the scene, for references and steps.
    public func id(_ id: String) -> Self { with { $0.set(.id, .quoted(id)) } }

    /// `label:`: replaces the label given to the element's initializer.
    public func label(_ label: String) -> Self { with { $0.set(.label, .quoted(label)) } }

    /// `value:`: text for text entries, `on` / `off` for switches, a number
    /// for sliders and steppers, any text otherwise.
    public func value(_ value: String) -> Self { with { $0.set(.value, .quoted(value)) } }

    /// `value: { when, then, else }`: a value chosen by a condition; nil means no value.
    public func value(when condition: SceneCondition, then: String?, else otherwise: String?) -> Self {
        var pairs: [(String, DefinitionNode)] = [("when", condition.node)]
        if let then { pairs.append(("then", .quoted(then))) }
        if let otherwise { pairs.append(("else", .quoted(otherwise))) }
        return with { $0.set(.value, .map(pairs)) }
    }

    /// `hint:`: spoken after the description (docs/decisions.md).
    public func hint(_ hint: String) -> Self { with { $0.set(.hint, .quoted(hint)) } }

    /// `traits:`: traits beyond the role's own, such as `.selected` or `.header`.
    public func traits(_ traits: Traits) -> Self {
        let names = Traits.names.filter { traits.contains($0.trait) }.map { DefinitionNode.plain($0.name) }
        return with { $0.set(.traits, .list(names)) }
    }

    /// `enabled:`: false dims the element (`notEnabled`) and keeps double tap from acting.
    public func enabled(_ enabled: Bool) -> Self { with { $0.set(.enabled, .bool(enabled)) } }

    /// `enabled: CONDITION`: enabled while the condition holds, dimmed otherwise.
    public func enabled(when condition: SceneCondition) -> Self { with { $0.set(.enabled, condition.node) } }

    /// `selected:`: spoken `Selected: …`.
    public func selected(_ selected: Bool = true) -> Self { with { $0.set(.selected, .bool(selected)) } }

    /// `hidden:`: hides the element and its subtree from VoiceOver.
    public func hidden(_ hidden: Bool = true) -> Self { with { $0.set(.hidden, .bool(hidden)) } }

    /// `hidden: CONDITION`: hidden while the condition holds.
    public func hidden(when condition: SceneCondition) -> Self { with { $0.set(.hidden, condition.node) } }

    /// `frame: [x, y, width, height]`, in points. Give a frame to every
    /// element of the root or of a presentation, or to none (Earshot lays
    /// them out in 44-point rows).
    public func frame(x: Double, y: Double, width: Double, height: Double) -> Self {
        with { $0.set(.frame, .list([.number(x), .number(y), .number(width), .number(height)])) }
    }

    /// `placement:`: makes the element a bar button of its presentation.
    public func placement(_ placement: Placement) -> Self { with { $0.set(.placement, .plain(placement.rawValue)) } }

    /// `role:`: the role of an alert or action-sheet button (`cancel`, `destructive`, `default`).
    public func role(_ role: ButtonRole) -> Self { with { $0.set(.buttonRole, .plain(role.rawValue)) } }

    /// `required:`: a text entry that must be filled before the primary action is enabled.
    public func required(_ required: Bool = true) -> Self { with { $0.set(.required, .bool(required)) } }

    /// `auditSkip:`: the audit rules whose findings at this element are suppressed, and why.
    /// The findings are still reported, as suppressed with the reason, and fail nothing.
    ///
    /// ```swift
    /// Image("Logo").auditSkip(["element-label"], reason: "decorative; hidden from VoiceOver in the app")
    /// ```
    public func auditSkip(_ rules: [String], reason: String) -> Self {
        with { $0.set(.auditSkip, .map([("rules", .list(rules.map { .plain($0) })), ("reason", .quoted(reason))])) }
    }

    /// Adds a custom action (`actions: [{ name, do }]`), listed by the Actions rotor.
    ///
    /// ```swift
    /// Text("Anna, Lunch tomorrow?").action("Delete", .announce("Deleted")).action("Flag")
    /// ```
    public func action(_ name: String, _ effects: SceneEffect...) -> Self {
        let action = DefinitionNode.map([("name", .quoted(name))] + (effects.isEmpty ? [] : [("do", SceneEffect.sequence(effects).node)]))
        return with { definition in
            var actions: [DefinitionNode] = []
            if let existing = definition.entries.first(where: { $0.key == .actions }), case .list(let items) = existing.value.kind {
                actions = items
            }
            definition.set(.actions, .list(actions + [action]))
        }
    }

    /// `actions:`: the custom actions, in order, replacing any added before.
    ///
    /// ```swift
    /// Text("Anna, Lunch tomorrow?").actions(["Delete": .announce("Deleted"), "Flag": .state("flagged", true)])
    /// ```
    public func actions(_ actions: KeyValuePairs<String, SceneEffect>) -> Self {
        let nodes = actions.map { DefinitionNode.map([("name", .quoted($0.key)), ("do", $0.value.node)]) }
        return with { $0.set(.actions, .list(nodes)) }
    }

    /// `activate:`: what a double tap does.
    public func onActivate(_ effects: SceneEffect...) -> Self { behaviour(.activate, effects) }

    /// `increment:`: what swiping up does on an adjustable element.
    public func onIncrement(_ effects: SceneEffect...) -> Self { behaviour(.increment, effects) }

    /// `decrement:`: what swiping down does on an adjustable element.
    public func onDecrement(_ effects: SceneEffect...) -> Self { behaviour(.decrement, effects) }

    /// `escape:`: what the two-finger scrub does when it reaches this element.
    public func onEscape(_ effects: SceneEffect...) -> Self { behaviour(.escape, effects) }

    /// `magicTap:`: what the two-finger double tap does from this element or inside it.
    public func onMagicTap(_ effects: SceneEffect...) -> Self { behaviour(.magicTap, effects) }

    private func behaviour(_ key: ElementKey, _ effects: [SceneEffect]) -> Self {
        with { $0.set(key, SceneEffect.sequence(effects).node) }
    }
}

extension SceneEffect {
    static func sequence(_ effects: [SceneEffect]) -> SceneEffect {
        SceneEffect(effects.flatMap(\.actions))
    }
}

// MARK: Building lists of elements

/// Builds the element lists of a scene's root, a group's children and a
/// presentation's content from statements, `if`, `switch` and `for`.
///
/// ```swift
/// Group("Messages") {
///     for message in ["Anna, Lunch?", "Ben, Slides"] {
///         Text(message)
///     }
///     if showsFooter { Text("Updated just now") }
/// }
/// ```
@resultBuilder
public enum ElementBuilder {
    /// One element.
    public static func buildExpression(_ element: some SceneElement) -> [ElementDefinition] { [element.definition] }

    /// Elements built elsewhere, such as a helper returning several.
    public static func buildExpression(_ elements: [ElementDefinition]) -> [ElementDefinition] { elements }

    /// Statements in order.
    public static func buildBlock(_ parts: [ElementDefinition]...) -> [ElementDefinition] { parts.flatMap { $0 } }

    /// `if` without `else`.
    public static func buildOptional(_ part: [ElementDefinition]?) -> [ElementDefinition] { part ?? [] }

    /// The first branch of `if`/`else` or `switch`.
    public static func buildEither(first part: [ElementDefinition]) -> [ElementDefinition] { part }

    /// The second branch of `if`/`else` or `switch`.
    public static func buildEither(second part: [ElementDefinition]) -> [ElementDefinition] { part }

    /// `for … in`.
    public static func buildArray(_ parts: [[ElementDefinition]]) -> [ElementDefinition] { parts.flatMap { $0 } }

    /// `if #available`.
    public static func buildLimitedAvailability(_ part: [ElementDefinition]) -> [ElementDefinition] { part }
}
