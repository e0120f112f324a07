import EarshotCore
import EarshotReader

extension Rule {
    /// In each state whose topmost presentation is a sheet: its primary action (the trailing bar
    /// button of the page showing, unless it cancels, as Cancel does top trailing on a multi-page
    /// sheet) stays dimmed while required fields are empty.
    public static let sheetPrimaryAction = Rule(
        id: .sheetPrimaryAction, severity: .warning,
        summary: "a sheet with required fields keeps its primary action dimmed until they are filled",
        guideline: "Activate the primary action button - typically at the top right of the sheet (e.g. Send) - only when the required information is entered.",
        source: "mobile sheet guideline, Composers",
        fix: "make the trailing bar button `enabled: { filled: FIELD }` (with `all:` for several)",
        check: .state { inspection in
            let scene = inspection.scene, reader = inspection.reader
            guard let top = reader.state.topmost?.id, scene.presentations[top]?.style.isSheet ?? false else { return }
            let showing = reader.scope.filter { scene[$0].surface.presentationID == top && scene[$0].system == nil }
            let required = showing.filter { scene[$0].required && scene[$0].role.isTextEntry }
            guard !required.isEmpty,
                  let primary = showing.last(where: { ref in
                      let element = scene[ref]
                      let cancels = element.behaviours[.activate]?.actions.contains { $0.kind == .cancel } ?? false
                      return (element.placement == .topTrailing || element.placement == .bottomTrailing)
                          && !cancels && element.label != scene.profile.bar.cancel
                  })
            else { return }
            let empty = required.contains { (reader.state.value(of: $0, in: scene) ?? "").isEmpty }
            if empty, reader.state.isEnabled(primary, in: scene) {
                inspection.report("'\(scene[primary].label)' is enabled while required fields are empty",
                                  at: scene[primary].location)
            }
        })
}
