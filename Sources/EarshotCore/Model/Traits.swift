/// The accessibility traits of an element, as `UIAccessibilityTraits`.
///
/// A role key gives an element its base traits (`button` gives `.button`);
/// the `traits:` key adds more by name (`traits: [selected, header]`).
public struct Traits: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    // Computed and inlinable, so that a trait test on every step compiles to a bit test.

    @inlinable public static var button: Traits { Traits(rawValue: 1 << 0) }
    @inlinable public static var staticText: Traits { Traits(rawValue: 1 << 1) }
    @inlinable public static var header: Traits { Traits(rawValue: 1 << 2) }
    @inlinable public static var link: Traits { Traits(rawValue: 1 << 3) }
    @inlinable public static var image: Traits { Traits(rawValue: 1 << 4) }
    @inlinable public static var textEntry: Traits { Traits(rawValue: 1 << 5) }
    @inlinable public static var secure: Traits { Traits(rawValue: 1 << 6) }
    @inlinable public static var textArea: Traits { Traits(rawValue: 1 << 7) }
    @inlinable public static var searchField: Traits { Traits(rawValue: 1 << 8) }
    @inlinable public static var switchButton: Traits { Traits(rawValue: 1 << 9) }
    @inlinable public static var adjustable: Traits { Traits(rawValue: 1 << 10) }
    @inlinable public static var tab: Traits { Traits(rawValue: 1 << 11) }
    @inlinable public static var selected: Traits { Traits(rawValue: 1 << 12) }
    @inlinable public static var notEnabled: Traits { Traits(rawValue: 1 << 13) }
    @inlinable public static var backButton: Traits { Traits(rawValue: 1 << 14) }
    /// A button that opens a menu (macOS VoiceOver: "pop up button").
    @inlinable public static var popUp: Traits { Traits(rawValue: 1 << 15) }
    /// A key of a keyboard: spoken by its label, without "Button".
    @inlinable public static var keyboardKey: Traits { Traits(rawValue: 1 << 16) }
    /// A row of a picker wheel (`UIPickerView`, a date picker's wheels): "Picker Item" before
    /// "Adjustable" where the profile has the word.
    @inlinable public static var pickerItem: Traits { Traits(rawValue: 1 << 17) }

    /// The names accepted by `traits:` in a scene file, in a stable order.
    public static let names: [(name: String, trait: Traits)] = [
        ("button", .button), ("staticText", .staticText), ("header", .header),
        ("link", .link), ("image", .image), ("textEntry", .textEntry),
        ("secure", .secure), ("textArea", .textArea), ("searchField", .searchField),
        ("switchButton", .switchButton), ("adjustable", .adjustable), ("tab", .tab),
        ("selected", .selected), ("notEnabled", .notEnabled), ("backButton", .backButton), ("popUp", .popUp),
        ("keyboardKey", .keyboardKey), ("pickerItem", .pickerItem),
    ]

    /// The trait with this `traits:` name, if any.
    public static func named(_ name: String) -> Traits? {
        names.first { $0.name == name }?.trait
    }
}
