import EarshotAudit
import EarshotScenario
import Foundation
import Testing

/// The fixtures in `Rules/`: for each rule a scene that breaks it (and only it),
/// with `# ← finding` on the line the finding must point at, and a compliant twin.
public enum RuleFixtures {
    public static let folder = Repository.path("Tests/EarshotAuditTests/Rules")
    public static let packageRoot = Repository.root

    public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    public static func audit(_ name: String) throws -> Auditor.Report {
        Auditor(scene: try SceneLoader.load(path: path(name))).run()
    }

    /// The 1-based line marked `# ← finding`.
    public static func markedLine(_ name: String) throws -> Int {
        let lines = try String(contentsOfFile: path(name), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains("# ← finding") }) + 1
    }

    /// Every broken fixture with the rule it breaks (the file name up to the first variant suffix).
    public static let broken: [(file: String, rule: String)] = [
        ("sheet-grabber", "sheet-grabber"),
        ("sheet-dismiss-control", "sheet-dismiss-control"),
        ("sheet-escape-everywhere", "sheet-escape-everywhere"),
        ("sheet-escape-everywhere-none", "sheet-escape-everywhere"),
        ("sheet-escape-everywhere-cover", "sheet-escape-everywhere"),
        ("sheet-unsaved-confirm", "sheet-unsaved-confirm"),
        ("sheet-button-placement", "sheet-button-placement"),
        ("sheet-button-placement-macos", "sheet-button-placement"),
        ("sheet-button-placement-watchos", "sheet-button-placement"),
        ("sheet-button-placement-rtl", "sheet-button-placement"),
        ("sheet-button-placement-de", "sheet-button-placement"),
        ("sheet-button-placement-ru", "sheet-button-placement"),
        ("sheet-single", "sheet-single"),
        ("sheet-over-popover", "sheet-over-popover"),
        ("sheet-focus-enter", "sheet-focus-enter"),
        ("sheet-focus-restore", "sheet-focus-restore"),
        ("sheet-modal-containment", "sheet-modal-containment"),
        ("sheet-primary-action", "sheet-primary-action"),
        ("sheet-primary-action-pages", "sheet-primary-action"),
        ("sheet-button-labels", "sheet-button-labels"),
        ("alert-actions", "alert-actions"),
        ("announcement-swallowed", "announcement-swallowed"),
        ("element-label", "element-label"),
        ("bottom-sheet-drag-handle", "bottom-sheet-drag-handle"),
        ("bottom-sheet-pane-title", "bottom-sheet-pane-title"),
    ]
}
