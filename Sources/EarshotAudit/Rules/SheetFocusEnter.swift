extension Rule {
    public static let sheetFocusEnter = Rule(
        id: "sheet-focus-enter", severity: .error,
        summary: "presenting moves the cursor into the presentation",
        guideline: "By default, a sheet is modal, presenting a targeted experience that prevents people from interacting with the parent view until they dismiss the sheet.",
        source: "Apple HIG, Sheets",
        fix: "post screenChanged with an element of the presentation (or none), not one of the parent")
}
