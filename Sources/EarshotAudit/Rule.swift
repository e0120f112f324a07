import EarshotCore
import EarshotReader

/// How serious a finding is: an error fails `earshot audit` and an `audit` step.
public enum Severity: String, Hashable, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One audit rule: a stable id, its severity, the guideline sentence it enforces, a fix, and the
/// check that finds what breaks it. Each rule is one file in `Rules/` (`Rules/SheetGrabber.swift`
/// holds ``sheetGrabber``); two rules are equal when their ids are.
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
    /// When the rule looks and what it checks; the audit runs it only while the rule is on.
    let check: Check

    /// Every rule, in the order of the rule table of docs/guide.md: the audit runs these. A check reports
    /// for the rule it belongs to, so a finding always names a rule that exists.
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

    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The moment a rule looks, and what it looks at there. Each check reports with
    /// ``RuleContext/report(_:severity:at:then:)`` for its own rule.
    enum Check: Sendable {
        /// On each explored state.
        case state(@Sendable (inout Inspection) -> Void)
        /// On each presentation once: in the first explored state that shows it topmost.
        case presentation(@Sendable (inout Inspection, Presentation) -> Void)
        /// On each move the exploration makes, with the readers before and after it (passed, not
        /// held: a reader is a wide value, and a copy of two per move cost the audit a third of its speed).
        case transition(@Sendable (inout Transition, _ before: ScreenReader, _ after: ScreenReader) -> Void)
        /// On the events of each step: each move, and each step a scenario took before its
        /// `audit` (the audit looks back at them).
        case step(@Sendable (inout Step) -> Void)
    }
}
