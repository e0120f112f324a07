/// How serious a finding is: an error fails `earshot audit` and an `audit` step.
public enum Severity: String, Hashable, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One audit rule: a stable id, its severity, the guideline sentence it enforces and a fix.
/// Each rule is one file in `Rules/` (`Rules/SheetGrabber.swift` holds ``sheetGrabber``).
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

    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}
