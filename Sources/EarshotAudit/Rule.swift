/// How serious a finding is: an error fails `earshot audit` and an `audit` step.
public enum Severity: String, Hashable, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One audit rule: a stable id, its severity, the guideline sentence it enforces and a fix.
public struct Rule: Hashable, Sendable {
    public var id: String
    public var severity: Severity
    /// What the rule checks, in one line.
    public var summary: String
    /// The guideline sentence it enforces, and where it comes from.
    public var guideline: String
    public var source: String
    /// How to mend a finding.
    public var fix: String

    /// Every rule, in the order of the README's rule table. The collector names rules by
    /// these members (`.sheetGrabber`), so a rule it reports always exists.
    public static let all: [Rule] = [
        .sheetGrabber,
        .sheetDismissControl,
        .sheetEscapeEverywhere,
        .sheetUnsavedConfirm,
        .sheetButtonPlacement,
        .sheetSingle,
        .sheetOverPopover,
        .sheetFocusEnter,
        .sheetFocusRestore,
        .sheetModalContainment,
        .sheetPrimaryAction,
        .sheetButtonLabels,
        .alertActions,
        .announcementSwallowed,
        .elementLabel,
    ]

    public static let sheetGrabber = Rule(
        id: "sheet-grabber", severity: .warning,
        summary: "a sheet with more than one detent shows a grabber",
        guideline: "Include a grabber in a resizable sheet. … a grabber also works with VoiceOver so people can resize the sheet without seeing the screen.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "add `grabber: true` to the presentation")

    public static let sheetDismissControl = Rule(
        id: "sheet-dismiss-control", severity: .error,
        summary: "every presentation offers a dismiss control reachable by VoiceOver, or an escape that dismisses",
        guideline: "The buttons … should always provide an obvious and safe way to exit the sheet.",
        source: "mobile sheet guideline, Guidelines for Sheets",
        fix: "add a Cancel or Done button whose `activate` is `cancel` or `dismiss`, or let the scrub dismiss (`escape: sheet`)")

    public static let sheetEscapeEverywhere = Rule(
        id: "sheet-escape-everywhere", severity: .error,
        summary: "a scrub dismisses (or confirms) from every element of the sheet, the grabber included",
        guideline: "Support swiping to dismiss a sheet. People expect to swipe vertically to dismiss a sheet instead of tapping a dismiss button.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "handle escape for the whole sheet (`escape: sheet`, UIKit: accessibilityPerformEscape on the presented view controller's view), so the grabber is covered too")

    public static let sheetUnsavedConfirm = Rule(
        id: "sheet-unsaved-confirm", severity: .error,
        summary: "a sheet whose content can hold unsaved changes confirms before an interactive dismissal",
        guideline: "If people have unsaved changes in the sheet when they begin swiping to dismiss it, use an action sheet to let them confirm their action.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "set `confirm:` to an action sheet that offers to discard or keep the changes")

    public static let sheetButtonPlacement = Rule(
        id: "sheet-button-placement", severity: .warning,
        summary: "Done top trailing, Cancel top leading (multi-page: Cancel top trailing, Back top leading); macOS: dismiss buttons bottom trailing; watchOS: the dismiss control top leading",
        guideline: "Typically, a Done or Dismiss button belongs in a sheet’s top-right corner in a left-to-right layout. The Cancel button belongs in a sheet’s top-left corner. (macOS: People expect to find all buttons that dismiss a sheet — including Done, OK, and Cancel — at the bottom of the view, in the trailing corner.)",
        source: "Apple HIG, Sheets",
        fix: "move the button to the placement the platform expects")

    public static let sheetSingle = Rule(
        id: "sheet-single", severity: .error,
        summary: "only one sheet at a time from the main interface: two stacked sheets are a warning, a third an error",
        guideline: "Display only one sheet at a time from the main interface. … A sheet never spawns more than one additional sheet.",
        source: "Apple HIG, Sheets; mobile sheet guideline",
        fix: "close the first sheet before presenting the next, or show the second task inside the first (pages)")

    public static let sheetOverPopover = Rule(
        id: "sheet-over-popover", severity: .error,
        summary: "no sheet presented over a popover",
        guideline: "Don’t display a sheet on top of a popover.",
        source: "Apple HIG, Sheets (iOS 15 edition)",
        fix: "dismiss the popover before presenting the sheet")

    public static let sheetFocusEnter = Rule(
        id: "sheet-focus-enter", severity: .error,
        summary: "presenting moves the cursor into the presentation",
        guideline: "By default, a sheet is modal, presenting a targeted experience that prevents people from interacting with the parent view until they dismiss the sheet.",
        source: "Apple HIG, Sheets",
        fix: "post screenChanged with an element of the presentation (or none), not one of the parent")

    public static let sheetFocusRestore = Rule(
        id: "sheet-focus-restore", severity: .error,
        summary: "dismissing returns the cursor to the presenter",
        guideline: "When people close a sheet, they expect to return to the parent view or window.",
        source: "Apple HIG, Sheets",
        fix: "keep `restoreFocus: true` and keep the presenter visible while the sheet is up")

    public static let sheetModalContainment = Rule(
        id: "sheet-modal-containment", severity: .error,
        summary: "while modal, no parent element is reachable; while nonmodal, the parent stays reachable",
        guideline: "Modal sheets require users to complete a task or dismiss the sheet before continuing. … Non-modal sheets are used to display additional content without blocking interaction with the rest of the app.",
        source: "Modality",
        fix: "set accessibilityViewIsModal for modal sheets; keep part of the parent uncovered at undimmed detents")

    public static let sheetPrimaryAction = Rule(
        id: "sheet-primary-action", severity: .warning,
        summary: "a sheet with required fields keeps its primary action dimmed until they are filled",
        guideline: "Activate the primary action button - typically at the top right of the sheet (e.g. Send) - only when the required information is entered.",
        source: "mobile sheet guideline, Composers",
        fix: "make the trailing bar button `enabled: { filled: FIELD }` (with `all:` for several)")

    public static let sheetButtonLabels = Rule(
        id: "sheet-button-labels", severity: .warning,
        summary: "bar buttons are one or two words; never both Done and Save; no Back on a sheet's first page",
        guideline: "Wherever possible, use a relevant one-word action name. … Never use the combination of 'Done-Save' together. … 'Back' is discouraged.",
        source: "mobile sheet guideline, Language for Sheets",
        fix: "label bar buttons with one short verb (Cancel, Done, Save, Send, Add …)")

    public static let alertActions = Rule(
        id: "alert-actions", severity: .warning,
        summary: "an alert has at most two actions",
        guideline: "Alerts are usually limited to two actions, typically a default and a cancel option.",
        source: "Modality, Alerts",
        fix: "use an action sheet for more choices")

    public static let announcementSwallowed = Rule(
        id: "announcement-swallowed", severity: .error,
        summary: "an announcement was interrupted before it was spoken",
        guideline: "Modal sheets … must be dismissed explicitly; what the app says about the outcome must reach the user.",
        source: "Earshot: the speech queue (docs/format.md, `announce` priorities)",
        fix: "post the announcement with `priority: high` (or low, to follow the new focus), or after the screen change")

    public static let elementLabel = Rule(
        id: "element-label", severity: .error,
        summary: "every focusable element has a non-empty label",
        guideline: "A grabber also works with VoiceOver so people can resize the sheet without seeing the screen: every element VoiceOver lands on must say what it is.",
        source: "Apple HIG, Sheets",
        fix: "give the element a label")

    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}
