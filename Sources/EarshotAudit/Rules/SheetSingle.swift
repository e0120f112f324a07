extension Rule {
    public static let sheetSingle = Rule(
        id: "sheet-single", severity: .error,
        summary: "only one sheet at a time from the main interface: two stacked sheets are a warning, a third an error",
        guideline: "Display only one sheet at a time from the main interface. … A sheet never spawns more than one additional sheet.",
        source: "Apple HIG, Sheets; mobile sheet guideline",
        fix: "close the first sheet before presenting the next, or show the second task inside the first (pages)")
}
