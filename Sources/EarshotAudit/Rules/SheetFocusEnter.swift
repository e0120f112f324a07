import EarshotCore
import EarshotReader

extension Rule {
    /// On each move that presents something now topmost: the cursor lands inside it.
    public static let sheetFocusEnter = Rule(
        id: .sheetFocusEnter, severity: .error,
        summary: "presenting moves the cursor into the presentation",
        guideline: "By default, a sheet is modal, presenting a targeted experience that prevents people from interacting with the parent view until they dismiss the sheet.",
        source: "Apple HIG, Sheets",
        fix: "post screenChanged with an element of the presentation (or none), not one of the parent",
        check: .transition { transition, _, after in
            let scene = transition.scene
            for case .presented(let id) in transition.events {
                if let presentation = scene.presentations[id], after.state.isShowing(id),
                   let cursor = after.cursor, scene[cursor].surface.presentationID != id, after.state.topmost?.id == id {
                    let name = after.state.label(of: cursor, in: scene)
                    transition.report("presenting '\(id)' leaves the cursor on '\(name)' outside it", at: presentation.location)
                }
            }
        })
}
