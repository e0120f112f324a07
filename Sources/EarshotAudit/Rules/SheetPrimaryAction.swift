extension Rule {
    public static let sheetPrimaryAction = Rule(
        id: "sheet-primary-action", severity: .warning,
        summary: "a sheet with required fields keeps its primary action dimmed until they are filled",
        guideline: "Activate the primary action button - typically at the top right of the sheet (e.g. Send) - only when the required information is entered.",
        source: "mobile sheet guideline, Composers",
        fix: "make the trailing bar button `enabled: { filled: FIELD }` (with `all:` for several)")
}
