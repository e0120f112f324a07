/// What a behaviour does (docs/format.md): one or more actions run in order.
///
/// ```yaml
/// activate: [ { announce: "Message sent" }, dismiss ]
/// ```
public struct Effect: Hashable, Sendable {
    public var actions: [EffectAction]

    public init(_ actions: [EffectAction]) { self.actions = actions }

    public var isEmpty: Bool { actions.isEmpty }
}

/// One action of an effect, with where it was written.
public struct EffectAction: Hashable, Sendable {
    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    public enum Kind: Hashable, Sendable {
        /// Presents the presentation with this id; the element that ran it is its presenter.
        case present(String)
        /// The app dismisses the topmost presentation, with no confirmation.
        case dismiss
        /// The app's Cancel: the presentation's `confirm` while it has unsaved changes, else dismiss.
        case cancel
        /// Dismisses every presentation at once.
        case dismissAll
        /// Resizes the topmost sheet.
        case detent(DetentChange)
        /// Changes elements.
        case set([ElementChange])
        /// Sets scene state variables (canonical string values; `unsaved` marks the presentation).
        case state([StateAssignment])
        case announce(Announcement)
        /// `UIAccessibility.post(notification: .screenChanged, argument:)` with an element or nil.
        case screenChanged(ElementRef?)
        /// `.layoutChanged` with an element or nil.
        case layoutChanged(ElementRef?)
        /// `screenChanged` or `layoutChanged` with a string as its argument (`{ text: TEXT }`).
        case postText(Profile.Notifications.Kind, String)
        /// Shows another page of the multi-page sheet holding the element.
        case navigate(String)
        /// Returns to the previous page (the system Back button).
        case navigateBack
    }
}

/// The target of a `detent:` effect.
public enum DetentChange: Hashable, Sendable {
    case to(String)
    case next
    case previous
}

/// One element's changes in a `set:` effect; nil fields are left alone.
public struct ElementChange: Hashable, Sendable {
    public var element: ElementRef
    public var value: String?
    public var label: String?
    public var enabled: Bool?
    public var hidden: Bool?
    /// Whether the element is selected (a segment, a tab, a row checked off).
    public var selected: Bool?
    /// The element's added traits (`traits:`), replacing those written; its role's stay.
    public var traits: Traits?

    public init(element: ElementRef, value: String? = nil, label: String? = nil,
                enabled: Bool? = nil, hidden: Bool? = nil, selected: Bool? = nil, traits: Traits? = nil) {
        self.element = element
        self.value = value
        self.label = label
        self.enabled = enabled
        self.hidden = hidden
        self.selected = selected
        self.traits = traits
    }
}

/// `state: { NAME: value }`.
public struct StateAssignment: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An announcement posted by an effect or the scene's magic tap.
public struct Announcement: Hashable, Sendable {
    public var text: String
    public var priority: SpeechPriority
    /// Seconds after the effect ran that the app posts it (`delay:`, `DispatchQueue.main.asyncAfter`):
    /// 0 posts it in the same moment, where VoiceOver's own feedback for the activation cuts it off;
    /// a later one waits for the step's other speech and is cut off by none of it.
    public var delay: Double

    public init(text: String, priority: SpeechPriority = .default, delay: Double = 0) {
        self.text = text
        self.priority = priority
        self.delay = delay
    }
}

/// The priority of a speech request (docs/decisions.md).
public enum SpeechPriority: String, CaseIterable, Hashable, Sendable, Codable {
    case low, `default`, high
}
