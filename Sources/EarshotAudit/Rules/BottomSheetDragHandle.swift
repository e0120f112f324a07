import EarshotCore
import EarshotReader

extension Rule {
    /// Android: a bottom sheet resting at several detents has Material's drag handle, which
    /// TalkBack users resize it with (its click and its expand and collapse actions).
    public static let bottomSheetDragHandle = Rule(
        id: .bottomSheetDragHandle, severity: .warning,
        summary: "an Android bottom sheet with more than one detent has a drag handle",
        guideline: "BottomSheetDragHandleView, which will automatically receive and handle accessibility commands to expand and collapse the attached bottom sheet when the accessibility mode is enabled.",
        source: "Material Components for Android, Bottom sheets (docs/components/BottomSheet.md, \"Making bottom sheets accessible\")",
        fix: "add `grabber: true` to the presentation (a BottomSheetDragHandleView in the app)",
        check: .presentation { inspection, presentation in
            if inspection.scene.platform.reader == .talkBack, presentation.style.isResizable, presentation.detents.count > 1,
               !presentation.grabber {
                inspection.report("'\(presentation.id)' rests at \(presentation.detents.count) detents but has no drag handle",
                                  at: presentation.location)
            }
        })
}
