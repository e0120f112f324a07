extension Rule {
    public static let sheetOverPopover = Rule(
        id: "sheet-over-popover", severity: .error,
        summary: "no sheet presented over a popover",
        guideline: "Don’t display a sheet on top of a popover.",
        source: "Apple HIG, Sheets (iOS 15 edition)",
        fix: "dismiss the popover before presenting the sheet")
}
