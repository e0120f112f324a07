extension Rule {
    public static let elementLabel = Rule(
        id: "element-label", severity: .error,
        summary: "every focusable element has a non-empty label",
        guideline: "A grabber also works with VoiceOver so people can resize the sheet without seeing the screen: every element VoiceOver lands on must say what it is.",
        source: "Apple HIG, Sheets",
        fix: "give the element a label")
}
