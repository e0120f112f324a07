/// A reference to an element of a ``Scene``: its index in ``Scene/elements``.
public struct ElementRef: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: ElementRef, rhs: ElementRef) -> Bool { lhs.index < rhs.index }
    public var description: String { "#\(index)" }
}

/// Elements that Earshot makes itself rather than reading them from the file.
public enum SystemElement: Hashable, Sendable, Codable {
    /// The grabber of a resizable sheet (`grabber: true`).
    case grabber
    /// The Back button of a multi-page sheet's later pages.
    case back
    /// The title of an alert, action sheet, sheet or page, spoken as static text or a heading.
    case title
    /// The system's dismiss element: a dimmed sheet's dimming view, a popover's dismiss region.
    /// Activating it is an interactive dismissal.
    case dismiss
    /// The Cancel button the system shows on a presentation (watchOS): activating it cancels.
    case cancel
    /// A key of the on-screen keyboard, reachable while a text entry is editing.
    case key(KeyboardKey)
    /// One of the two buttons a stepper is made of where the profile composes it (its
    /// `stepper`): activating it steps its stepper's value.
    case stepper(increment: Bool)
}

/// What a key of the on-screen keyboard does (the profile's `onScreenKeyboard`).
public enum KeyboardKey: Hashable, Sendable, Codable {
    /// Types its character.
    case character(String)
    /// Makes the next character typed upper case.
    case shift
    /// Deletes the character before the insertion point.
    case delete
    /// Types a space.
    case space
    /// Return, titled by a text entry's `returnKey:` (`default`, `go`, `send`, …).
    case returnKey(String)
    /// Keys whose layouts Earshot does not model (`more`: numbers; `nextKeyboard`).
    case other(String)
}

/// One accessibility element (docs/format.md): a role, a label, and what it does.
///
/// ```yaml
/// - button: Send
///   placement: topTrailing
///   enabled: { filled: to }
///   activate: [ { announce: "Message sent" }, dismiss ]
/// ```
public struct Element: Hashable, Sendable {
    // What a screen reader reads on every step is declared first, so that it shares the
    // element's first cache lines (Swift lays stored properties out in declaration order).
    public var role: Role
    /// Traits added with `traits:`; the role's own traits are in ``traits``.
    public var extraTraits: Traits
    public var selected: Bool
    /// Set for the elements Earshot makes itself.
    public var system: SystemElement?
    public var unit: ValueUnit?
    public var label: String
    /// Text, `on` / `off` for switches, a number for sliders and steppers.
    public var value: Conditional<String?>
    public var hint: String?
    public var enabled: Conditional<Bool>
    public var actions: [CustomAction]
    /// Where this element lives: the root, or a presentation (and its page).
    public var surface: Surface = .root
    public var parent: ElementRef?
    public var hidden: Conditional<Bool>
    public var children: [ElementRef]
    /// The explicit `id:`, unique in the scene.
    public var id: String?
    public var frame: Frame?
    public var placement: Placement?
    public var buttonRole: ButtonRole?
    public var required: Bool
    /// `level: 1…6` of a heading.
    public var level: Int?
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    public var behaviours: [Behaviour: Effect]
    /// `modal: true`: accessibilityViewIsModal.
    public var modal: Bool
    /// `tabBar: true` on a group of tabs.
    public var tabBar: Bool
    /// `focusable: true` on a labelled group.
    public var focusable: Bool
    /// `ordered: true` on a group: its children read in the order written, not by their frames
    /// (a container that sets `accessibilityElements`, as a navigation bar orders its items).
    public var ordered: Bool
    /// `series: true` on a group: its children say `N of M` (a segmented control's segments).
    public var series: Bool
    /// `container:` on a group: `UIAccessibilityContainerType`, whose words its elements say.
    public var container: ContainerType?
    /// `editing: true` on a text entry: the first responder when its surface appears.
    public var editing: Bool
    /// `returnKey:` on a text entry: the Return key's type while it is editing (`send`).
    public var returnKey: String?
    /// `auditSkip:`: audit rules whose findings at this element are suppressed, and why.
    public var auditSkip: AuditSkip?
    /// `accessory: true` on a button: a row's accessory (UIKit's detail button, More Info),
    /// which VoiceOver reaches as the profile's `cellAccessory` says: a stop of its own after
    /// the element written before it, or a custom action of that element.
    public var accessory: Bool
    public var location: SourceLocation

    public init(role: Role, label: String, location: SourceLocation) {
        self.role = role
        self.id = nil
        self.label = label
        self.value = .constant(nil)
        self.hint = nil
        self.extraTraits = []
        self.enabled = .constant(true)
        self.selected = false
        self.hidden = .constant(false)
        self.frame = nil
        self.placement = nil
        self.buttonRole = nil
        self.required = false
        self.level = nil
        self.minimum = nil
        self.maximum = nil
        self.step = nil
        self.unit = nil
        self.actions = []
        self.behaviours = [:]
        self.children = []
        self.modal = false
        self.tabBar = false
        self.ordered = false
        self.series = false
        self.container = nil
        self.focusable = false
        self.editing = false
        self.returnKey = nil
        self.system = nil
        self.auditSkip = nil
        self.accessory = false
        self.location = location
    }

    /// The role's traits and the extra ones.
    @inlinable public var traits: Traits { role.traits.union(extraTraits) }

    /// Whether the cursor can land on it: every element but a group, and a
    /// group only when it has a label and `focusable: true`.
    @inlinable
    public var isFocusable: Bool {
        // A stepper made of its buttons is reached through them.
        if role == .stepper { return children.isEmpty }
        return role != .group || (focusable && !label.isEmpty)
    }
}

/// A custom action (`actions: [{ name: Delete, do: … }]`), listed by the Actions rotor.
public struct CustomAction: Hashable, Sendable {
    public var name: String
    public var effect: Effect
    public var location: SourceLocation

    public init(name: String, effect: Effect, location: SourceLocation) {
        self.name = name
        self.effect = effect
        self.location = location
    }
}

/// The part of a scene an element belongs to.
public enum Surface: Hashable, Sendable, Codable {
    case root
    /// A presentation's content, or one page of a multi-page sheet.
    case presentation(String, page: Int)
    /// The on-screen keyboard: the system's, above the app, while a text entry is editing.
    case keyboard

    public var presentationID: String? {
        if case .presentation(let id, _) = self { return id }
        return nil
    }
}
