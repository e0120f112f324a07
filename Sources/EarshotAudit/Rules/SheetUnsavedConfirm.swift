import EarshotCore
import EarshotReader

extension Rule {
    /// Typing into a sheet's first text entry, then a scrub or a swipe down, does not dismiss it
    /// without asking. A persistent sheet is never dismissed and is not asked.
    public static let sheetUnsavedConfirm = Rule(
        id: .sheetUnsavedConfirm, severity: .error,
        summary: "a sheet whose content can hold unsaved changes confirms before an interactive dismissal",
        guideline: "If people have unsaved changes in the sheet when they begin swiping to dismiss it, use an action sheet to let them confirm their action.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "set `confirm:` to an action sheet that offers to discard or keep the changes",
        check: .presentation { inspection, presentation in
            guard !presentation.persistent, presentation.style.isSheet else { return }
            let reader = inspection.reader, scene = inspection.scene
            let content = inspection.elements(of: presentation.id).filter { scene[$0].system != .grabber }
            guard let field = content.first(where: { scene[$0].role.isTextEntry }) else { return }
            let name = reader.state.label(of: field, in: scene)
            for (gesture, act) in [("scrub", { (r: inout ScreenReader) in _ = r.scrub() }),
                                   ("swipe down to dismiss", { (r: inout ScreenReader) in _ = r.swipeToDismiss() })] {
                let trial = inspection.trial { trial in
                    trial.touch(element: field)
                    trial.doubleTap()
                    trial.type("x")
                    act(&trial)
                }
                if !trial.state.isShowing(presentation.id) {
                    inspection.report("'\(presentation.id)' is dismissed with unsaved changes and no confirmation",
                                      at: presentation.location,
                                      then: ["touch \(name)", "double tap", "type \"x\"", "\(gesture) → dismissed without asking"])
                    return
                }
            }
        })
}
