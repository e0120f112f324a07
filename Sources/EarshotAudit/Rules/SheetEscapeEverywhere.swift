import EarshotCore
import EarshotReader

extension Rule {
    /// A scrub from every element of a sheet, the grabber included: one finding per element that
    /// misses, or one for the sheet when no element of its content handles it. A sheet that refuses
    /// interactive dismissal (`dismissible: false`) refuses the scrub on purpose, with a failure
    /// earcon, and a persistent one is never dismissed: neither is asked. A scrub that pops a page
    /// of the sheet's navigation stack is followed to the root page: a sheet whose scrub only
    /// pops is still not escapable (a full-screen cover, by UIKit's default).
    public static let sheetEscapeEverywhere = Rule(
        id: .sheetEscapeEverywhere, severity: .error,
        summary: "a scrub dismisses (or confirms) from every element of the sheet, the grabber included",
        guideline: "Support swiping to dismiss a sheet. People expect to swipe vertically to dismiss a sheet instead of tapping a dismiss button.",
        source: "Apple HIG, Sheets (iOS, iPadOS)",
        fix: "handle escape for the whole sheet (`escape: sheet`, UIKit: accessibilityPerformEscape on the presented view controller's view), so the grabber is covered too",
        check: .presentation { inspection, presentation in
            guard !presentation.persistent, presentation.style.isSheet, presentation.dismissible else { return }
            let id = presentation.id, reader = inspection.reader, scene = inspection.scene
            let own = inspection.elements(of: id)
            // What a scrub does depends on the element only through the first of it and its
            // ancestors with an escape of its own, whether it is the grabber, and whether touching
            // it first resizes the sheet to show it: each such case is tried once. (A scrub from
            // each of a large sheet's elements dismissed it and walked the whole parent view again
            // each time: a 1,000-element sheet over 100,000 elements took a minute.)
            struct Case: Hashable {
                var handler: ElementRef?
                var grabber: Bool
                var clipped: Bool
            }
            var outcomes: [Case: Bool] = [:]
            let missed = own.filter { ref in
                var handler: ElementRef? = ref
                while let current = handler, scene[current].behaviours[.escape] == nil { handler = scene[current].parent }
                let key = Case(handler: handler, grabber: ref == presentation.grabberElement,
                               clipped: scene.isClipped(ref, in: reader.state))
                if let leaves = outcomes[key] { return !leaves }
                let trial = inspection.trial { $0.touch(element: ref); $0.scrubOut(of: id) }
                let leaves = inspection.leaves(trial, id)
                outcomes[key] = leaves
                return !leaves
            }
            let content = own.filter { scene[$0].system != .grabber }
            // Said in the scene's reader's words: VoiceOver's scrub, TalkBack's Back.
            let escape = EscapeWords(scene)
            if !content.isEmpty, content.allSatisfy(missed.contains) {
                inspection.report("\(escape.phrase) does not dismiss '\(id)' from any of its elements",
                                  at: presentation.location, then: ["\(escape.step) → nothing happened"])
                return
            }
            for ref in missed {
                let name = reader.state.label(of: ref, in: scene)
                inspection.report("\(escape.phrase) on '\(name)' does not dismiss '\(id)'",
                                  at: scene[ref].system == .grabber ? presentation.location : scene[ref].location,
                                  then: ["\(escape.step) on \(name) → nothing happened"])
            }
        })
}
