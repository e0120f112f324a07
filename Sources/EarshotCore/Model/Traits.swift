/// The accessibility traits of an element, as `UIAccessibilityTraits`.
///
/// A role key gives an element its base traits (`button` gives `.button`);
/// the `traits:` key adds more by name (`traits: [selected, header]`).
public struct Traits: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let button = Traits(rawValue: 1 << 0)
    public static let staticText = Traits(rawValue: 1 << 1)
    public static let header = Traits(rawValue: 1 << 2)
    public static let link = Traits(rawValue: 1 << 3)
    public static let image = Traits(rawValue: 1 << 4)
    public static let textEntry = Traits(rawValue: 1 << 5)
    public static let secure = Traits(rawValue: 1 << 6)
    public static let textArea = Traits(rawValue: 1 << 7)
    public static let searchField = Traits(rawValue: 1 << 8)
    public static let switchButton = Traits(rawValue: 1 << 9)
    public static let adjustable = Traits(rawValue: 1 << 10)
    public static let tab = Traits(rawValue: 1 << 11)
    public static let selected = Traits(rawValue: 1 << 12)
    public static let notEnabled = Traits(rawValue: 1 << 13)
    public static let backButton = Traits(rawValue: 1 << 14)

    /// The names accepted by `traits:` in a scene file, in a stable order.
    public static let names: [(name: String, trait: Traits)] = [
        ("button", .button), ("staticText", .staticText), ("header", .header),
        ("link", .link), ("image", .image), ("textEntry", .textEntry),
        ("secure", .secure), ("textArea", .textArea), ("searchField", .searchField),
        ("switchButton", .switchButton), ("adjustable", .adjustable), ("tab", .tab),
        ("selected", .selected), ("notEnabled", .notEnabled), ("backButton", .backButton),
    ]

    /// The trait with this `traits:` name, if any.
    public static func named(_ name: String) -> Traits? {
        names.first { $0.name == name }?.trait
    }
}
