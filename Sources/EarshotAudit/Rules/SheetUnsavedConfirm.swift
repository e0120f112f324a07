extension Rule {
    public static let sheetUnsavedConfirm = Rule(
        id: "sheet-unsaved-confirm", severity: .error,
        summary: "a sheet whose content can hold unsaved changes confirms before an interactive dismissal",
        guideline: "If people have unsaved changes in the sheet when they begin swiping to dismiss it, use an action sheet to let them confirm their action.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "set `confirm:` to an action sheet that offers to discard or keep the changes")
}
