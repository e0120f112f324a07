import EarshotCore
import EarshotReader

extension Rule {
    /// In each state whose topmost presentation is a sheet: no parent element in reach while it
    /// is modal, some while it is nonmodal (when the parent has any).
    public static let sheetModalContainment = Rule(
        id: .sheetModalContainment, severity: .error,
        summary: "while modal, no parent element is reachable; while nonmodal, the parent stays reachable",
        guideline: "Modal sheets require users to complete a task or dismiss the sheet before continuing. … Non-modal sheets are used to display additional content without blocking interaction with the rest of the app.",
        source: "Modality",
        fix: "set accessibilityViewIsModal for modal sheets; keep part of the parent uncovered at undimmed detents",
        check: .state { inspection in
            let scene = inspection.scene, reader = inspection.reader
            guard let top = reader.state.topmost, let presentation = scene.presentations[top.id],
                  presentation.style.isSheet
            else { return }
            // The on-screen keyboard is the system's, above everything: not the parent's.
            let parent = reader.scope.filter { scene[$0].surface.presentationID != top.id && scene[$0].surface != .keyboard }
            let modal = scene.isModal(top)
            if modal, let leak = parent.first {
                let name = reader.state.label(of: leak, in: scene)
                inspection.report("'\(name)' of the parent is reachable while '\(top.id)' is modal", at: scene[leak].location)
            } else if !modal, parent.isEmpty, !scene.topLevel(of: .root).isEmpty {
                inspection.report("'\(top.id)' is nonmodal at \(top.detent) but covers every parent element",
                                  at: presentation.location)
            }
        })
}
