/// The keys of a scene file (docs/format.md), one table each: the scene loader decodes them, the
/// Swift DSL and the capture importer write them, and the JSON Schema and the fuzz dictionary are
/// checked against or made from them (`SchemaTests`, `earshot-generate`). A new key is a case
/// here; the compiler then asks the loader's switch for it, so none is accepted and dropped.

/// A key of an element mapping other than its role key (`button: Send`): what every element
/// takes, its behaviours, and what only some roles take, in the order errors list them.
public enum ElementKey: String, CaseIterable, Hashable, Sendable {
    // Every role takes these.
    case id, label, value, hint, traits, enabled, selected, hidden, frame, placement
    /// An alert or action-sheet button's ``ButtonRole`` (`role: cancel`).
    case buttonRole = "role"
    case required, actions, auditSkip
    // Behaviours, each an effect (``Behaviour``).
    case activate, increment, decrement, escape, magicTap
    // Some roles only (``roles``).
    case accessory
    case level
    case editing, returnKey, submit
    case min, max, step, unit
    case children, modal, tabBar, focusable, ordered, series, container

    /// The roles that take the key; nil when every role does.
    public var roles: [Role]? {
        switch self {
        case .accessory: [.button]
        case .level: [.heading]
        case .editing, .submit: [.textField, .secureField, .textArea, .searchField]
        case .returnKey: [.textField, .secureField, .searchField]
        case .min, .max, .step, .unit: [.slider, .stepper]
        case .children, .modal, .tabBar, .focusable, .ordered, .series, .container: [.group]
        case .id, .label, .value, .hint, .traits, .enabled, .selected, .hidden, .frame, .placement, .buttonRole,
             .required, .actions, .auditSkip, .activate, .increment, .decrement, .escape, .magicTap:
            nil
        }
    }

    /// Whether an element of this role takes the key.
    public func applies(to role: Role) -> Bool { roles?.contains(role) ?? true }

    /// The behaviour the key holds, if it holds one.
    public var behaviour: Behaviour? {
        switch self {
        case .activate: .activate
        case .increment: .increment
        case .decrement: .decrement
        case .escape: .escape
        case .magicTap: .magicTap
        case .submit: .submit
        default: nil
        }
    }

    /// The keys an effect's `set:` may change on an element, in the order errors list them.
    public static let settable: [ElementKey] = [.value, .label, .enabled, .hidden, .selected, .traits]

    /// The keys every role takes.
    public static let common: [ElementKey] = allCases.filter { $0.roles == nil }

    /// The keys only some roles take.
    public static let roleSpecific: [ElementKey] = allCases.filter { $0.roles != nil }
}

/// A key of the scene's own mapping.
public enum SceneKey: String, CaseIterable, Hashable, Sendable {
    case scene, platform, os, language, direction, screen, restoreFocus, magicTap, root, presentations, presented, audit
}

/// A key of a presentation's mapping (`presentations: { compose: { style: sheet, … } }`).
public enum PresentationKey: String, CaseIterable, Hashable, Sendable {
    case style, detents, selected, grabber, undimmed, dismissible, persistent, confirm, escape, initialFocus, adaptation,
         title, toolkit, content, pages, auditSkip

    /// The keys written after every other, so that a presentation's settings come before its elements.
    public var isContent: Bool { self == .content || self == .pages }
}

/// A key of one page of a multi-page presentation (`pages: [{ id: networks, title: Wi-Fi, content: […] }]`).
public enum PageKey: String, CaseIterable, Hashable, Sendable {
    case id, title, content
}

/// A key of a custom detent (`{ id: peek, fraction: 0.25 }`).
public enum DetentKey: String, CaseIterable, Hashable, Sendable {
    case id, fraction
}
