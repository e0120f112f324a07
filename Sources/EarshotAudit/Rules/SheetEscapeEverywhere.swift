extension Rule {
    public static let sheetEscapeEverywhere = Rule(
        id: "sheet-escape-everywhere", severity: .error,
        summary: "a scrub dismisses (or confirms) from every element of the sheet, the grabber included",
        guideline: "Support swiping to dismiss a sheet. People expect to swipe vertically to dismiss a sheet instead of tapping a dismiss button.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "handle escape for the whole sheet (`escape: sheet`, UIKit: accessibilityPerformEscape on the presented view controller's view), so the grabber is covered too")
}
