import EarshotCore
import EarshotReader

extension Rule {
    /// Android: a modal bottom sheet has a title, the pane title TalkBack speaks as it appears;
    /// a sheet whose toolkit sets one itself (Compose's `Bottom Sheet`) has it.
    public static let bottomSheetPaneTitle = Rule(
        id: .bottomSheetPaneTitle, severity: .warning,
        summary: "an Android modal bottom sheet has a pane title",
        guideline: "To send useful accessibility events, set a title on bottom sheets that are windows or are window-like.",
        source: "Material Components for Android, BottomSheetBehavior (class documentation)",
        fix: "add `title:` to the presentation (BottomSheetDialog.setTitle, or ViewCompat.setAccessibilityPaneTitle)",
        check: .presentation { inspection, presentation in
            if inspection.scene.profile.presentFocus.paneTitle == true, presentation.style.isResizable, !presentation.persistent,
               presentation.title == nil, presentation.pages.first?.title == nil,
               inspection.scene.profile.toolkitPaneTitle(for: presentation) == nil {
                inspection.report("'\(presentation.id)' appears with no title for TalkBack to speak", at: presentation.location)
            }
        })
}
