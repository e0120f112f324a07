extension Rule {
    public static let sheetGrabber = Rule(
        id: "sheet-grabber", severity: .warning,
        summary: "a sheet with more than one detent shows a grabber",
        guideline: "Include a grabber in a resizable sheet. … a grabber also works with VoiceOver so people can resize the sheet without seeing the screen.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "add `grabber: true` to the presentation")
}
