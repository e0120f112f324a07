import EarshotCore
import EarshotReader

extension Rule {
    /// A resizable sheet resting at several detents shows a grabber, where the platform has one.
    public static let sheetGrabber = Rule(
        id: .sheetGrabber, severity: .warning,
        summary: "a sheet with more than one detent shows a grabber",
        guideline: "Include a grabber in a resizable sheet. … a grabber also works with VoiceOver so people can resize the sheet without seeing the screen.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "add `grabber: true` to the presentation",
        check: .presentation { inspection, presentation in
            // Android's is Material's drag handle, which its own rule asks for.
            if presentation.style.isResizable, presentation.detents.count > 1, !presentation.grabber,
               inspection.scene.profile.grabber != nil, inspection.scene.platform.reader == .voiceOver {
                inspection.report("'\(presentation.id)' rests at \(presentation.detents.count) detents but shows no grabber",
                                  at: presentation.location)
            }
        })
}
