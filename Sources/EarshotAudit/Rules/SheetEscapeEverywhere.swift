import EarshotCore
import EarshotReader

extension Rule {
    /// A scrub from every element of a sheet, the grabber included: one finding per element that
    /// misses, or one for the sheet when no element of its content handles it. A sheet that refuses
    /// interactive dismissal (`dismissible: false`) refuses the scrub on purpose, with a failure
    /// earcon, and a persistent one is never dismissed: neither is asked.
    public static let sheetEscapeEverywhere = Rule(
        id: "sheet-escape-everywhere", severity: .error,
        summary: "a scrub dismisses (or confirms) from every element of the sheet, the grabber included",
        guideline: "Support swiping to dismiss a sheet. People expect to swipe vertically to dismiss a sheet instead of tapping a dismiss button.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "handle escape for the whole sheet (`escape: sheet`, UIKit: accessibilityPerformEscape on the presented view controller's view), so the grabber is covered too",
        check: .presentation { inspection, presentation in
            guard !presentation.persistent, presentation.style.isSheet, presentation.dismissible else { return }
            let id = presentation.id, reader = inspection.reader, scene = inspection.scene
            let own = inspection.elements(of: id)
            let missed = own.filter { ref in
                var trial = reader
                trial.touch(element: ref)
                trial.scrub()
                return !inspection.leaves(trial, id)
            }
            let content = own.filter { scene[$0].system != .grabber }
            if !content.isEmpty, content.allSatisfy(missed.contains) {
                inspection.report("a scrub does not dismiss '\(id)' from any of its elements",
                                  at: presentation.location, then: ["scrub → nothing happened"])
                return
            }
            for ref in missed {
                let name = reader.state.label(of: ref, in: scene)
                inspection.report("a scrub on '\(name)' does not dismiss '\(id)'",
                                  at: scene[ref].system == .grabber ? presentation.location : scene[ref].location,
                                  then: ["scrub on \(name) → nothing happened"])
            }
        })
}
