extension Rule {
    public static let announcementSwallowed = Rule(
        id: "announcement-swallowed", severity: .error,
        summary: "an announcement was interrupted before it was spoken",
        guideline: "Modal sheets … must be dismissed explicitly; what the app says about the outcome must reach the user.",
        source: "Earshot: the speech queue (docs/format.md, `announce` priorities)",
        fix: "post the announcement with `priority: high` (or low, to follow the new focus), or after the screen change")
}
