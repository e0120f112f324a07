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
    public static let all: [Rule] = ID.allCases.map(\.rule)

    /// Every rule's id, in the order of ``all``. A rule is made with its id, and ``rule`` maps
    /// each id to its rule: a new rule needs a case here, and the compiler then asks for its rule
    /// in the switch, so no rule can exist without running.
    public enum ID: String, CaseIterable, Sendable {
        case sheetGrabber = "sheet-grabber"
        case sheetDismissControl = "sheet-dismiss-control"
        case sheetEscapeEverywhere = "sheet-escape-everywhere"
        case sheetUnsavedConfirm = "sheet-unsaved-confirm"
        case sheetButtonPlacement = "sheet-button-placement"
        case sheetSingle = "sheet-single"
        case sheetOverPopover = "sheet-over-popover"
        case sheetFocusEnter = "sheet-focus-enter"
        case sheetFocusRestore = "sheet-focus-restore"
        case sheetModalContainment = "sheet-modal-containment"
        case sheetPrimaryAction = "sheet-primary-action"
        case sheetButtonLabels = "sheet-button-labels"
        case alertActions = "alert-actions"
        case announcementSwallowed = "announcement-swallowed"
        case elementLabel = "element-label"
        case bottomSheetDragHandle = "bottom-sheet-drag-handle"
        case bottomSheetPaneTitle = "bottom-sheet-pane-title"

        /// The rule with this id.
        public var rule: Rule {
            switch self {
            case .sheetGrabber: .sheetGrabber
            case .sheetDismissControl: .sheetDismissControl
            case .sheetEscapeEverywhere: .sheetEscapeEverywhere
            case .sheetUnsavedConfirm: .sheetUnsavedConfirm
            case .sheetButtonPlacement: .sheetButtonPlacement
            case .sheetSingle: .sheetSingle
            case .sheetOverPopover: .sheetOverPopover
            case .sheetFocusEnter: .sheetFocusEnter
            case .sheetFocusRestore: .sheetFocusRestore
            case .sheetModalContainment: .sheetModalContainment
            case .sheetPrimaryAction: .sheetPrimaryAction
            case .sheetButtonLabels: .sheetButtonLabels
            case .alertActions: .alertActions
            case .announcementSwallowed: .announcementSwallowed
            case .elementLabel: .elementLabel
            case .bottomSheetDragHandle: .bottomSheetDragHandle
            case .bottomSheetPaneTitle: .bottomSheetPaneTitle
            }
        }
    }

    init(id: ID, severity: Severity, summary: String, guideline: String, source: String, fix: String, check: Check) {
        self.init(unlisted: id.rawValue, severity: severity, summary: summary, guideline: guideline, source: source, fix: fix,
                  check: check)
    }

    /// A rule with an id no case of ``ID`` has: for tests that drive the collector with rules of
    /// their own (`RuleCheckTests`); never in ``all``.
    init(unlisted id: String, severity: Severity, summary: String, guideline: String, source: String, fix: String,
         check: Check) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.guideline = guideline
        self.source = source
        self.fix = fix
        self.check = check
    }

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
