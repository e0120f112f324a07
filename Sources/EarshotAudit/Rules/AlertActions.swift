import EarshotCore
import EarshotReader

extension Rule {
    /// An alert offers at most two buttons.
    public static let alertActions = Rule(
        id: .alertActions, severity: .warning,
        summary: "an alert has at most two actions",
        guideline: "Alerts are usually limited to two actions, typically a default and a cancel option.",
        source: "Modality, Alerts",
        fix: "use an action sheet for more choices",
        check: .presentation { inspection, presentation in
            guard presentation.style == .alert else { return }
            let actions = presentation.pages.flatMap(\.content).filter { inspection.scene[$0].role == .button }
            if actions.count > 2 {
                inspection.report("alert '\(presentation.id)' has \(actions.count) actions", at: presentation.location)
            }
        })
}
