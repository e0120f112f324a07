extension Rule {
    public static let alertActions = Rule(
        id: "alert-actions", severity: .warning,
        summary: "an alert has at most two actions",
        guideline: "Alerts are usually limited to two actions, typically a default and a cancel option.",
        source: "Modality, Alerts",
        fix: "use an action sheet for more choices")
}
