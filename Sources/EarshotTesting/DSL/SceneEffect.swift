import EarshotCore

/// What a behaviour does, in the scene DSL: the effects of docs/format.md.
///
/// ```swift
/// Button("Compose").onActivate(.present("compose"))
/// Button("Send").onActivate(.announce("Message sent"), .dismiss)
/// Button("Bold").onActivate(.set("preview", value: "Bold"), .state("bold", true))
/// ```
///
/// Several effects given together run in order, as a YAML list does. Effects
/// that name something (a presentation, an element, a detent, a page) keep
/// the Swift file and line that wrote them, so a name that does not resolve
/// is reported there.
public struct SceneEffect: Sendable {
    /// One YAML node per action, in order.
    var actions: [DefinitionNode]

    init(_ actions: [DefinitionNode]) { self.actions = actions }

    /// The effects as the scene format writes them: one action alone, several as a list.
    var node: DefinitionNode {
        actions.count == 1 ? actions[0] : .list(actions)
    }

    /// Runs these effects in order: the same as passing them together to a behaviour.
    public static func sequence(_ effects: SceneEffect...) -> SceneEffect {
        SceneEffect(effects.flatMap(\.actions))
    }

    /// `present: ID`: presents a presentation; the element that ran it is its presenter.
    public static func present(_ id: String, file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneEffect {
        let here = SourceLocation(file: file, line: line, column: column)
        return SceneEffect([.map([("present", .quoted(id))], at: here)])
    }

    /// `dismiss`: the app dismisses the topmost presentation, with no confirmation.
    public static var dismiss: SceneEffect { SceneEffect([.plain("dismiss")]) }

    /// `cancel`: the app's Cancel; shows the presentation's `confirm` while it
    /// has unsaved changes, else dismisses.
    public static var cancel: SceneEffect { SceneEffect([.plain("cancel")]) }

    /// `dismissAll: true`: dismisses every presentation at once, with no confirmation.
    public static var dismissAll: SceneEffect { SceneEffect([.map([("dismissAll", .bool(true))])]) }

    /// `detent: ID`: resizes the topmost sheet to this detent.
    public static func detent(_ detent: Detent, file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneEffect {
        let here = SourceLocation(file: file, line: line, column: column)
        return SceneEffect([.map([("detent", .quoted(detent.id))], at: here)])
    }

    /// `detent: next`: the next larger detent of the topmost sheet.
    public static var nextDetent: SceneEffect { SceneEffect([.map([("detent", .plain("next"))])]) }

    /// `detent: previous`: the next smaller detent of the topmost sheet.
    public static var previousDetent: SceneEffect { SceneEffect([.map([("detent", .plain("previous"))])]) }

    /// `set: { TARGET: { … } }`: changes an element (by id, or its unique
    /// label); the fields left nil stay as they are.
    public static func set(_ target: String, value: String? = nil, label: String? = nil, enabled: Bool? = nil,
                           hidden: Bool? = nil, selected: Bool? = nil, traits: Traits? = nil,
                           file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneEffect {
        let here = SourceLocation(file: file, line: line, column: column)
        var fields: [(ElementKey, DefinitionNode)] = []
        if let value { fields.append((.value, .quoted(value))) }
        if let label { fields.append((.label, .quoted(label))) }
        if let enabled { fields.append((.enabled, .bool(enabled))) }
        if let hidden { fields.append((.hidden, .bool(hidden))) }
        if let selected { fields.append((.selected, .bool(selected))) }
        if let traits {
            fields.append((.traits, .list(Traits.names.filter { traits.contains($0.trait) }.map { .plain($0.name) })))
        }
        return SceneEffect([.map([("set", .userMap([(target, .map(fields))]))], at: here)])
    }

    /// `state: { NAME: true }`: sets a scene state variable (`unsaved` marks the presentation).
    public static func state(_ name: String, _ value: Bool) -> SceneEffect {
        SceneEffect([.map([("state", .userMap([(name, .bool(value))]))])])
    }

    /// `state: { NAME: "text" }`: sets a scene state variable.
    public static func state(_ name: String, _ value: String) -> SceneEffect {
        SceneEffect([.map([("state", .userMap([(name, .quoted(value))]))])])
    }

    /// `state: { NAME: 3 }`: sets a scene state variable to a number.
    public static func state(_ name: String, _ value: Double) -> SceneEffect {
        SceneEffect([.map([("state", .userMap([(name, .number(value))]))])])
    }

    /// `announce:`: posts an announcement, at `default` priority unless told otherwise.
    public static func announce(_ text: String, priority: SpeechPriority = .default) -> SceneEffect {
        if priority == .default { return SceneEffect([.map([("announce", .quoted(text))])]) }
        return SceneEffect([.map([("announce", .map([("text", .quoted(text)), ("priority", .plain(priority.rawValue))]))])])
    }

    /// `screenChanged`: posts the notification; the cursor goes to the first element in scope.
    public static var screenChanged: SceneEffect { SceneEffect([.plain("screenChanged")]) }

    /// `screenChanged: ID`: posts the notification and moves the cursor to this element.
    public static func screenChanged(focusing target: String,
                                     file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneEffect {
        let here = SourceLocation(file: file, line: line, column: column)
        return SceneEffect([.map([("screenChanged", .quoted(target))], at: here)])
    }

    /// `screenChanged: { text: TEXT }`: posts the notification with a string, which VoiceOver speaks
    /// as an announcement; the cursor goes to the first element in scope (whose description cuts the
    /// text off).
    public static func screenChanged(saying text: String) -> SceneEffect {
        SceneEffect([.map([("screenChanged", .map([("text", .quoted(text))]))])])
    }

    /// `layoutChanged: { text: TEXT }`: posts the notification with a string, spoken as an
    /// announcement; the cursor stays.
    public static func layoutChanged(saying text: String) -> SceneEffect {
        SceneEffect([.map([("layoutChanged", .map([("text", .quoted(text))]))])])
    }

    /// `layoutChanged`: posts the notification; the cursor stays.
    public static var layoutChanged: SceneEffect { SceneEffect([.plain("layoutChanged")]) }

    /// `layoutChanged: ID`: posts the notification and moves the cursor to this element.
    public static func layoutChanged(focusing target: String,
                                     file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneEffect {
        let here = SourceLocation(file: file, line: line, column: column)
        return SceneEffect([.map([("layoutChanged", .quoted(target))], at: here)])
    }

    /// `navigate: PAGE`: shows another page of the multi-page sheet holding the element.
    public static func navigate(_ page: String, file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneEffect {
        let here = SourceLocation(file: file, line: line, column: column)
        return SceneEffect([.map([("navigate", .quoted(page))], at: here)])
    }
}

/// A condition over the live state of a scene, in the scene DSL (docs/format.md),
/// for ``SceneElement/enabled(when:)``, ``SceneElement/hidden(when:)`` and
/// ``SceneElement/value(when:then:else:)``.
///
/// ```swift
/// Button("Send").enabled(when: .filled("to"))
/// Button("Save").enabled(when: .filled("title") && .unsaved)
/// Text("Advanced options").hidden(when: !.state("advanced", true))
/// ```
public struct SceneCondition: Sendable {
    var node: DefinitionNode

    init(_ node: DefinitionNode) { self.node = node }

    /// `filled: ID`: the text entry (by id, or its unique label) has text.
    public static func filled(_ target: String, file: String = #filePath, line: Int = #line, column: Int = #column) -> SceneCondition {
        let here = SourceLocation(file: file, line: line, column: column)
        return SceneCondition(.map([("filled", .quoted(target))], at: here))
    }

    /// `unsaved`: the presentation holding the element (else the topmost one) has unsaved changes.
    public static var unsaved: SceneCondition { SceneCondition(.plain("unsaved")) }

    /// `state: { NAME: true }`: a scene state variable has this value (unset variables read as false).
    public static func state(_ name: String, _ value: Bool) -> SceneCondition {
        SceneCondition(.map([("state", .userMap([(name, .bool(value))]))]))
    }

    /// `state: { NAME: "text" }`.
    public static func state(_ name: String, _ value: String) -> SceneCondition {
        SceneCondition(.map([("state", .userMap([(name, .quoted(value))]))]))
    }

    /// `state: { NAME: 3 }`.
    public static func state(_ name: String, _ value: Double) -> SceneCondition {
        SceneCondition(.map([("state", .userMap([(name, .number(value))]))]))
    }

    /// `all: [...]`: every condition holds.
    public static func all(_ conditions: SceneCondition...) -> SceneCondition {
        SceneCondition(.map([("all", .list(conditions.map(\.node)))]))
    }

    /// `any: [...]`: at least one condition holds.
    public static func any(_ conditions: SceneCondition...) -> SceneCondition {
        SceneCondition(.map([("any", .list(conditions.map(\.node)))]))
    }

    /// `not: …`: the condition does not hold.
    public static func not(_ condition: SceneCondition) -> SceneCondition {
        SceneCondition(.map([("not", condition.node)]))
    }

    /// `not: …`, written as `!`.
    public static prefix func ! (condition: SceneCondition) -> SceneCondition { .not(condition) }

    /// `all: [lhs, rhs]`, written as `&&`.
    public static func && (lhs: SceneCondition, rhs: SceneCondition) -> SceneCondition { .all(lhs, rhs) }

    /// `any: [lhs, rhs]`, written as `||`.
    public static func || (lhs: SceneCondition, rhs: SceneCondition) -> SceneCondition { .any(lhs, rhs) }
}
