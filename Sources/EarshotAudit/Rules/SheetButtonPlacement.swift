extension Rule {
    public static let sheetButtonPlacement = Rule(
        id: "sheet-button-placement", severity: .warning,
        summary: "Done top trailing, Cancel top leading (multi-page: Cancel top trailing, Back top leading); macOS: dismiss buttons bottom trailing; watchOS: the dismiss control top leading",
        guideline: "Typically, a Done or Dismiss button belongs in a sheet’s top-right corner in a left-to-right layout. The Cancel button belongs in a sheet’s top-left corner. (macOS: People expect to find all buttons that dismiss a sheet — including Done, OK, and Cancel — at the bottom of the view, in the trailing corner.)",
        source: "Apple HIG, Sheets",
        fix: "move the button to the placement the platform expects")
}
