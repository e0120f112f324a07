extension Rule {
    public static let sheetModalContainment = Rule(
        id: "sheet-modal-containment", severity: .error,
        summary: "while modal, no parent element is reachable; while nonmodal, the parent stays reachable",
        guideline: "Modal sheets require users to complete a task or dismiss the sheet before continuing. … Non-modal sheets are used to display additional content without blocking interaction with the rest of the app.",
        source: "Modality",
        fix: "set accessibilityViewIsModal for modal sheets; keep part of the parent uncovered at undimmed detents")
}
