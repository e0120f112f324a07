extension Rule {
    public static let sheetFocusRestore = Rule(
        id: "sheet-focus-restore", severity: .error,
        summary: "dismissing returns the cursor to the presenter",
        guideline: "When people close a sheet, they expect to return to the parent view or window.",
        source: "Apple HIG, Sheets",
        fix: "keep `restoreFocus: true` and keep the presenter visible while the sheet is up")
}
