extension Rule {
    public static let sheetButtonLabels = Rule(
        id: "sheet-button-labels", severity: .warning,
        summary: "bar buttons are one or two words; never both Done and Save; no Back on a sheet's first page",
        guideline: "Wherever possible, use a relevant one-word action name. … Never use the combination of 'Done-Save' together. … 'Back' is discouraged.",
        source: "mobile sheet guideline, Language for Sheets",
        fix: "label bar buttons with one short verb (Cancel, Done, Save, Send, Add …)")
}
