import EarshotCore
import EarshotReader

extension Rule {
    /// On each step, the moves of the exploration and a scenario's steps before its `audit`: no
    /// announcement is interrupted. The finding points at the `announce` effect that posts it.
    public static let announcementSwallowed = Rule(
        id: .announcementSwallowed, severity: .error,
        summary: "an announcement was interrupted before it was spoken",
        guideline: "Modal sheets … must be dismissed explicitly; what the app says about the outcome must reach the user.",
        source: "Earshot: the speech queue (docs/format.md, `announce` priorities)",
        fix: "post the announcement with `priority: high` (or low, to follow the new focus), later (`delay:`, after VoiceOver's own feedback), or after the screen change",
        check: .step { step in
            for case .speech(let utterance) in step.events where utterance.kind == .announcement && utterance.interrupted {
                let text = utterance.text
                step.report("the announcement \"\(text)\" is interrupted before it is spoken",
                            at: announceLocation(text, in: step.scene)
                                ?? step.cursorBefore.map { step.scene[$0].location } ?? step.scene.location)
            }
        })
}

/// Where the scene posts this announcement: the `announce` effect itself.
private func announceLocation(_ text: String, in scene: Scene) -> SourceLocation? {
    var effects = scene.elements.flatMap { Array($0.behaviours.values) + $0.actions.map(\.effect) }
    if let magicTap = scene.magicTap { effects.append(magicTap) }
    // The first in the file, so that the answer does not depend on dictionary order.
    return effects.flatMap(\.actions).filter { action in
        if case .announce(let announcement) = action.kind { return announcement.text == text }
        return false
    }.map(\.location).min { ($0.line, $0.column) < ($1.line, $1.column) }
}
