import EarshotCore
import EarshotReader

extension Rule {
    /// A double tap on some element of the presentation, or a scrub, takes it away. A scrub that
    /// pops a page of its navigation stack is no dismissal: the scrub is followed to the root
    /// page, and only what it does there counts. A persistent sheet (Maps' card) is never
    /// dismissed by the user and is not asked.
    public static let sheetDismissControl = Rule(
        id: .sheetDismissControl, severity: .error,
        summary: "every presentation offers a dismiss control reachable by VoiceOver, or an escape that dismisses",
        guideline: "The buttons … should always provide an obvious and safe way to exit the sheet.",
        source: "mobile sheet guideline, Guidelines for Sheets",
        fix: "add a Cancel or Done button whose `activate` is `cancel` or `dismiss`, or let the scrub dismiss (`escape: sheet`)",
        check: .presentation { inspection, presentation in
            guard !presentation.persistent else { return }
            let id = presentation.id
            let content = inspection.elements(of: id).filter { inspection.scene[$0].system != .grabber }
            // A dismiss control (the dimming view and a popover's dismiss element count) or an escape that dismisses.
            let dismissedBy = content.first { ref in
                let trial = inspection.trial { $0.touch(element: ref); $0.doubleTap() }
                return inspection.leaves(trial, id)
            }
            let escaped = inspection.trial { trial in
                if let first = content.first { trial.touch(element: first) }
                trial.scrubOut(of: id)
            }
            if dismissedBy == nil, !inspection.leaves(escaped, id) {
                // Said in the scene's reader's words: VoiceOver's scrub, TalkBack's Back.
                let escape = EscapeWords(inspection.scene)
                inspection.report("nothing \(inspection.scene.platform.reader.displayName) can reach dismisses '\(id)', and "
                                  + "\(escape.phrase) does not",
                                  at: presentation.location, then: ["\(escape.step) → nothing happened"])
            }
        })
}
