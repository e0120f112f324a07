import EarshotCore
import EarshotReader

extension Rule {
    /// In each state: two sheets stacked are a warning, three an error.
    public static let sheetSingle = Rule(
        id: .sheetSingle, severity: .error,
        summary: "only one sheet at a time from the main interface: two stacked sheets are a warning, a third an error",
        guideline: "Display only one sheet at a time from the main interface. … A sheet never spawns more than one additional sheet.",
        source: "Apple HIG, Sheets; mobile sheet guideline",
        fix: "close the first sheet before presenting the next, or show the second task inside the first (pages)",
        check: .state { inspection in
            let scene = inspection.scene
            let sheets = inspection.reader.state.stack.filter { scene.presentations[$0.id]?.style.isSheet ?? false }
            if sheets.count >= 2, let second = scene.presentations[sheets[1].id] {
                inspection.report(sheets.count >= 3 ? "three sheets are stacked (\(sheets.map(\.id).joined(separator: ", ")))"
                                                    : "a second sheet '\(second.id)' is stacked on '\(sheets[0].id)'",
                                  severity: sheets.count >= 3 ? .error : .warning,
                                  at: (sheets.count >= 3 ? scene.presentations[sheets[2].id]! : second).location)
            }
        })
}
