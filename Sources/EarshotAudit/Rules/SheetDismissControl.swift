extension Rule {
    public static let sheetDismissControl = Rule(
        id: "sheet-dismiss-control", severity: .error,
        summary: "every presentation offers a dismiss control reachable by VoiceOver, or an escape that dismisses",
        guideline: "The buttons … should always provide an obvious and safe way to exit the sheet.",
        source: "mobile sheet guideline, Guidelines for Sheets",
        fix: "add a Cancel or Done button whose `activate` is `cancel` or `dismiss`, or let the scrub dismiss (`escape: sheet`)")
}
