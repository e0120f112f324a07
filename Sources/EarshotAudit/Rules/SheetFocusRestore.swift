import EarshotCore
import EarshotReader

extension Rule {
    /// On each move that dismisses presentations (and presents nothing): the cursor returns to the
    /// presenter of the bottom-most one it dismissed (one button that closes an alert and the
    /// sheet under it returns to what presented the sheet; after dismissing them all, to the
    /// bottom-most one's). A persistent sheet is never dismissed by the user and is not asked;
    /// nor is a menu, where the system moves the cursor and the app cannot (docs/decisions.md, "Menus").
    public static let sheetFocusRestore = Rule(
        id: .sheetFocusRestore, severity: .error,
        summary: "dismissing returns the cursor to the presenter",
        guideline: "When people close a sheet, they expect to return to the parent view or window.",
        source: "Apple HIG, Sheets",
        fix: "keep `restoreFocus: true` and keep the presenter visible while the sheet is up",
        check: .transition { transition, before, after in
            let scene = transition.scene
            let events = transition.events
            if events.contains(where: { if case .presented = $0 { true } else { false } }) { return }
            let dismissed = events.compactMap { event -> String? in if case .dismissed(let id) = event { id } else { nil } }
            guard !dismissed.isEmpty,
                  let bottom = before.state.stack.first(where: { dismissed.contains($0.id) && !after.state.isShowing($0.id) }),
                  let presentation = scene.presentations[bottom.id], !presentation.persistent, presentation.style != .menu,
                  let presenter = bottom.presenter, after.cursor != presenter else { return }
            let closed = before.state.stack.map(\.id).filter { dismissed.contains($0) && !after.state.isShowing($0) }
            let what = closed.reversed().map { "'\($0)'" }.joined(separator: " and ")
            let landed = after.cursor.map { "'\(after.state.label(of: $0, in: scene))'" } ?? "nothing"
            transition.report("dismissing \(what) puts the cursor on \(landed), not on '\(after.state.label(of: presenter, in: scene))' which presented '\(bottom.id)'",
                              at: presentation.location)
        })
}
