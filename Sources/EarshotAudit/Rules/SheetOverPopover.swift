import EarshotCore
import EarshotReader

extension Rule {
    /// In each state: no sheet of the stack sits right over a popover.
    public static let sheetOverPopover = Rule(
        id: .sheetOverPopover, severity: .error,
        summary: "no sheet presented over a popover",
        guideline: "Don’t display a sheet on top of a popover.",
        source: "Apple HIG, Sheets (iOS 15 edition)",
        fix: "dismiss the popover before presenting the sheet",
        check: .state { inspection in
            let scene = inspection.scene, stack = inspection.reader.state.stack
            for (index, shown) in stack.enumerated() where index > 0 {
                let below = scene.presentations[stack[index - 1].id]
                if below?.isPopover ?? false, let sheet = scene.presentations[shown.id], sheet.style.isSheet {
                    inspection.report("sheet '\(shown.id)' is presented over popover '\(below!.id)'", at: sheet.location)
                }
            }
        })
}
