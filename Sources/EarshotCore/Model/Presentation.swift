/// How a presentation is shown (`style:`).
public enum PresentationStyle: String, CaseIterable, Hashable, Sendable, Codable {
    case sheet, formSheet, pageSheet, fullScreen, alert, actionSheet, popover
    /// A context menu or pull-down menu (`UIMenu`, SwiftUI `Menu` and `contextMenu`): choosing an
    /// item closes it before the item acts.
    case menu

    /// "Sheet" in the audits: sheets, form and page sheets, full-screen covers.
    public var isSheet: Bool {
        switch self {
        case .sheet, .formSheet, .pageSheet, .fullScreen: true
        case .alert, .actionSheet, .popover, .menu: false
        }
    }

    /// Styles that rest at detents and may show a grabber.
    public var isResizable: Bool {
        self == .sheet || self == .formSheet || self == .pageSheet
    }
}

/// A height at which a sheet rests: `medium`, `large` or custom `{ id, fraction }`.
public struct Detent: Hashable, Sendable, Codable {
    public var id: String
    /// For a custom detent: its height as a fraction of the large height.
    public var fraction: Double?

    public init(id: String, fraction: Double? = nil) {
        self.id = id
        self.fraction = fraction
    }

    public static let medium = Detent(id: "medium")
    public static let large = Detent(id: "large")

    /// The height as a fraction of the large height, for ordering detents:
    /// medium is "about half" (HIG), large is 1.
    public var relativeHeight: Double {
        if let fraction { return fraction }
        return id == "medium" ? 0.5 : 1
    }
}

/// What the app says its presentation does with an escape (`escape:`) that no element, container
/// or page of its navigation stack took. Without it, the system's default for the style applies
/// (``EscapeDefault``, from the profile).
public enum EscapeHandling: String, CaseIterable, Hashable, Sendable, Codable {
    /// The content's controller dismisses it; the grabber, beside the content, does not reach it.
    case content
    /// The whole presentation dismisses it, grabber included.
    case sheet
    /// Nothing in the presentation handles it: the escape fails.
    case none
}

/// What the system does with an escape that reached a presented controller the app did not
/// override: UIKit's default for the presentation style, held per platform in the profile
/// (`escapeDefaults`, docs/decisions.md "Escape").
public enum EscapeDefault: String, CaseIterable, Hashable, Sendable, Codable {
    /// An interactive dismissal (refused when not dismissible, `confirm` with unsaved changes).
    case dismiss
    /// Runs the cancel-role action; without one, what the style it appears as does.
    case cancelAction
    /// Nothing: `accessibilityPerformEscape` returns NO, the failure earcon sounds.
    case none
    /// A sheet above its smallest detent settles there; at it (or with one detent), an
    /// interactive dismissal (Compose's `ModalBottomSheet` on Back).
    case collapseOrDismiss
}

/// Whether a presentation adapts to the width it is shown in (`adaptation:`), as
/// SwiftUI's `presentationCompactAdaptation` says.
public enum Adaptation: String, CaseIterable, Hashable, Sendable, Codable {
    /// UIKit's default: a popover is shown as a sheet in compact width (iPhone).
    case automatic
    /// It keeps its own look (`.presentationCompactAdaptation(.none)`).
    case none
}

/// One page of a multi-page sheet (`pages:`).
public struct Page: Hashable, Sendable {
    public var id: String
    public var title: String?
    /// Top-level elements of the page, Earshot's own (Back, title) included.
    public var content: [ElementRef]
    public var location: SourceLocation

    public init(id: String, title: String?, content: [ElementRef], location: SourceLocation) {
        self.id = id
        self.title = title
        self.content = content
        self.location = location
    }
}

/// A sheet, alert, action sheet, popover, menu or full-screen cover the scene can show (docs/format.md).
public struct Presentation: Hashable, Sendable {
    public var id: String
    /// The style it behaves as on the scene's platform: a popover adapted to a sheet on
    /// iPhone is a `sheet` here (``writtenStyle`` keeps what the file says).
    public var style: PresentationStyle
    /// The style the file gives (`style:`).
    public var writtenStyle: PresentationStyle
    /// The style it looks like, for geometry: an action sheet on iPad is shown as a popover.
    public var appearance: PresentationStyle
    /// `adaptation:`: whether it adapts to the width it is shown in.
    public var adaptation: Adaptation
    /// `persistent: true`: a sheet the user never dismisses (Maps' card).
    public var persistent: Bool
    /// In ascending height.
    public var detents: [Detent]
    /// The detent it is presented at.
    public var selected: String
    public var grabber: Bool
    /// `largestUndimmedDetentIdentifier`: nonmodal at this detent and below.
    public var undimmed: String?
    public var dismissible: Bool
    public var confirm: String?
    /// `escape:`, what the app overrides; nil for the system's default for the style.
    public var escape: EscapeHandling?
    public var initialFocus: ElementRef?
    public var title: String?
    /// One page for `content:`, several for `pages:`.
    public var pages: [Page]
    /// Whether it was written with `pages:`.
    public var isMultiPage: Bool
    /// The grabber Earshot made for it, if it shows one.
    public var grabberElement: ElementRef?
    /// The system's dismiss element Earshot made for it, if the profile has one: a dimmed
    /// sheet's dimming view, or a popover's dismiss region.
    public var dismissElement: ElementRef?
    /// `auditSkip:`: audit rules whose findings at this presentation, or at any of its
    /// elements, are suppressed, and why.
    public var auditSkip: AuditSkip?
    /// `toolkit:`: the UI toolkit that makes it, one the profile's `toolkits` names (Android's
    /// `views`, `compose`); nil: the profile's own facts.
    public var toolkit: String?
    /// Whether its dismiss element is read after its content, where the profile's words for it
    /// say (Compose's scrim); nil: ``dismissElementLast`` by its style.
    public var dismissElementAfterContent: Bool?
    public var location: SourceLocation

    public init(id: String, style: PresentationStyle, location: SourceLocation) {
        self.id = id
        self.style = style
        self.writtenStyle = style
        self.appearance = style
        self.adaptation = .automatic
        self.persistent = false
        self.detents = [.large]
        self.selected = "large"
        self.grabber = false
        self.undimmed = nil
        self.dismissible = true
        self.confirm = nil
        self.escape = nil
        self.initialFocus = nil
        self.title = nil
        self.pages = []
        self.isMultiPage = false
        self.grabberElement = nil
        self.dismissElement = nil
        self.auditSkip = nil
        self.toolkit = nil
        self.dismissElementAfterContent = nil
        self.location = location
    }

    public func detentIndex(_ id: String) -> Int? {
        detents.firstIndex { $0.id == id }
    }

    /// Whether it is shown as a popover (a popover kept as one, an action sheet on iPad).
    public var isPopover: Bool { appearance == .popover }

    /// Whether its dismiss element comes after its content (a popover's dismiss region, a menu's
    /// Dismiss context menu, Compose's scrim), not before it (a sheet's dimming view).
    public var dismissElementLast: Bool { dismissElementAfterContent ?? (isPopover || style == .menu) }

    /// An action sheet shown as a popover, whose cancel-role action is not displayed.
    public var hidesCancelAction: Bool { style == .actionSheet && appearance == .popover }
}
