import EarshotCore
import EarshotReader

extension Rule {
    /// On each move that dismisses a presentation (and presents nothing): the cursor returns to
    /// its presenter, or after dismissing them all to the bottom-most one's. A persistent sheet is
    /// never dismissed by the user and is not asked; nor is a menu, where the system moves the
    /// cursor and the app cannot (docs/decisions.md, "Menus").
    public static let sheetFocusRestore = Rule(
        id: .sheetFocusRestore, severity: .error,
        summary: "dismissing returns the cursor to the presenter",
        guideline: "When people close a sheet, they expect to return to the parent view or window.",
        source: "Apple HIG, Sheets",
        fix: "keep `restoreFocus: true` and keep the presenter visible while the sheet is up",
        check: .transition { transition, before, after in
            let scene = transition.scene
            let events = transition.events
            for case .dismissed(let id) in events {
                guard after.state.topmost?.id != id, let presentation = scene.presentations[id], !presentation.persistent,
                      presentation.style != .menu,
                      let shown = before.state.stack.last(where: { $0.id == id }), let presenter = shown.presenter else { continue }
                // After dismissAll the presenter is that of the bottom-most presentation.
                let expected = events.contains(.dismissed(before.state.stack.first?.id ?? "")) && before.state.stack.count > 1
                    && !after.state.isShowing(before.state.stack.first!.id) ? before.state.stack.first!.presenter : presenter
                if let expected, after.cursor != expected, after.state.stack.isEmpty || after.state.topmost?.id != id {
                    if events.contains(where: { if case .presented = $0 { return true } else { return false } }) { continue }
                    transition.report("dismissing '\(id)' puts the cursor on \(after.cursor.map { "'\(after.state.label(of: $0, in: scene))'" } ?? "nothing"), not on '\(after.state.label(of: expected, in: scene))' which presented it",
                                      at: presentation.location)
                }
            }
        })
}
