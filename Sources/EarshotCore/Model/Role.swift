/// An element's role: the one role key of an element mapping (`button: Send`).
public enum Role: String, CaseIterable, Hashable, Sendable, Codable {
    case button, text, heading, link, image
    case textField, secureField, textArea, searchField
    case `switch`, slider, stepper, tab, group

    /// The traits the role gives (docs/format.md).
    @inlinable
    public var traits: Traits {
        switch self {
        case .button: .button
        case .text: .staticText
        case .heading: .header
        case .link: .link
        case .image: .image
        case .textField: .textEntry
        case .secureField: [.textEntry, .secure]
        case .textArea: [.textEntry, .textArea]
        case .searchField: .searchField
        case .switch: [.button, .switchButton]
        case .slider, .stepper: .adjustable
        case .tab: .tab
        case .group: []
        }
    }

    /// Whether the element takes typed text after a double tap.
    @inlinable
    public var isTextEntry: Bool {
        switch self {
        case .textField, .secureField, .textArea, .searchField: true
        default: false
        }
    }

    /// Whether the element holds a number between `min` and `max`.
    @inlinable public var isAdjustable: Bool { self == .slider || self == .stepper }
}

/// A group's container type (`container:`), as `UIAccessibilityContainerType`: VoiceOver's
/// words at its edges and in its cells.
public enum ContainerType: String, CaseIterable, Hashable, Sendable, Codable {
    /// `.list`: its first element says `List Start`, its last `List End`.
    case list
    /// `.landmark`: its first element says `Landmark`, its last `End`.
    case landmark
    /// `.dataTable`: its children are rows, their children cells; a row's first cell says
    /// `Row N`, every cell `Column N`.
    case table
}

/// A bar button's place in its presentation's bar (`placement:`).
public enum Placement: String, CaseIterable, Hashable, Sendable, Codable {
    case topLeading, topTrailing, bottomLeading, bottomTrailing

    public var isTop: Bool { self == .topLeading || self == .topTrailing }
    public var isLeading: Bool { self == .topLeading || self == .bottomLeading }
}

/// The role of an alert or action-sheet button (`role:`).
public enum ButtonRole: String, CaseIterable, Hashable, Sendable, Codable {
    case cancel, destructive, `default`
}

/// How an adjustable element's value is spoken (`unit:`).
public enum ValueUnit: String, CaseIterable, Hashable, Sendable, Codable {
    /// `50` is spoken `50%`.
    case percent
}

/// The behaviours an element can carry, each an effect (docs/format.md).
public enum Behaviour: String, CaseIterable, Hashable, Sendable, Codable {
    case activate, increment, decrement, escape, magicTap
    /// A text entry's Return key (`submit:`, SwiftUI's `onSubmit`).
    case submit

    /// The behaviours every role may have; `submit` is a text entry's.
    public static let common: [Behaviour] = [.activate, .increment, .decrement, .escape, .magicTap]
}
