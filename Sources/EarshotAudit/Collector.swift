import EarshotCore
import EarshotReader

/// The checks, applied to each explored state and each transition; each
/// finding once per rule and place.
struct Collector {
    let auditor: Auditor
    var findings: [Finding] = []
    private var keys: Set<String> = []
    /// Presentations whose own checks ran already.
    private var checkedPresentations: Set<String> = []

    init(auditor: Auditor) { self.auditor = auditor }

    /// The gesture path to a state, built only when a finding needs it (the explorer keeps
    /// paths as links to the state each move came from).
    typealias Path = () -> [String]

    var scene: Scene { auditor.scene }

    /// Records a finding once per rule, place and message; the gesture path is built only then.
    mutating func add(_ rule: Rule, severity: Severity? = nil, _ message: String, at location: SourceLocation,
                      path: @autoclosure () -> [String]) {
        guard auditor.rules.contains(rule.id) else { return }
        let key = "\(rule.id)|\(location)|\(message)"
        guard keys.insert(key).inserted else { return }
        findings.append(Finding(rule: rule, severity: severity, message: message, location: location, path: Auditor.path(path())))
    }

    // MARK: States

    mutating func inspect(_ reader: ScreenReader, path: Path) {
        checkLabels(reader, path: path)
        checkStack(reader, path: path)
        checkContainment(reader, path: path)
        guard let top = reader.state.topmost, let presentation = scene.presentations[top.id] else { return }
        if checkedPresentations.insert(top.id).inserted {
            checkPresentation(presentation, reader: reader, path: path)
        }
        if presentation.style.isSheet { checkPrimary(reader: reader, path: path) }
    }

    private mutating func checkLabels(_ reader: ScreenReader, path: Path) {
        for ref in reader.scope where scene[ref].system == nil {
            if reader.state.label(of: ref, in: scene).isEmpty, (reader.state.value(of: ref, in: scene) ?? "").isEmpty {
                add(.elementLabel, "a \(scene[ref].role.rawValue) has no label", at: scene[ref].location, path: path())
            }
        }
    }

    private mutating func checkStack(_ reader: ScreenReader, path: Path) {
        let stack = reader.state.stack
        let sheets = stack.filter { scene.presentations[$0.id]?.style.isSheet ?? false }
        if sheets.count >= 2, let second = scene.presentations[sheets[1].id] {
            add(.sheetSingle, severity: sheets.count >= 3 ? .error : .warning,
                sheets.count >= 3 ? "three sheets are stacked (\(sheets.map(\.id).joined(separator: ", ")))"
                                  : "a second sheet '\(second.id)' is stacked on '\(sheets[0].id)'",
                at: (sheets.count >= 3 ? scene.presentations[sheets[2].id]! : second).location, path: path())
        }
        for (index, shown) in stack.enumerated() where index > 0 {
            let below = scene.presentations[stack[index - 1].id]
            if below?.isPopover ?? false, let sheet = scene.presentations[shown.id], sheet.style.isSheet {
                add(.sheetOverPopover, "sheet '\(shown.id)' is presented over popover '\(below!.id)'",
                    at: sheet.location, path: path())
            }
        }
    }

    private mutating func checkContainment(_ reader: ScreenReader, path: Path) {
        guard let top = reader.state.topmost, let presentation = scene.presentations[top.id], presentation.style.isSheet else { return }
        let parent = reader.scope.filter { scene[$0].surface.presentationID != top.id }
        let modal = scene.isModal(top)
        if modal, let leak = parent.first {
            add(.sheetModalContainment, "'\(reader.state.label(of: leak, in: scene))' of the parent is reachable while '\(top.id)' is modal",
                at: scene[leak].location, path: path())
        } else if !modal, parent.isEmpty, !scene.topLevel(of: .root).isEmpty {
            add(.sheetModalContainment, "'\(top.id)' is nonmodal at \(top.detent) but covers every parent element",
                at: presentation.location, path: path())
        }
    }

    // MARK: One presentation

    private mutating func checkPresentation(_ presentation: Presentation, reader: ScreenReader, path: Path) {
        let id = presentation.id
        let own = reader.scope.filter { scene[$0].surface.presentationID == id }
        let content = own.filter { scene[$0].system != .grabber }
        if presentation.style.isResizable, presentation.detents.count > 1, !presentation.grabber, scene.profile.grabber != nil {
            add(.sheetGrabber, "'\(id)' rests at \(presentation.detents.count) detents but shows no grabber",
                at: presentation.location, path: path())
        }
        if presentation.style == .alert {
            let actions = presentation.pages.flatMap(\.content).filter { scene[$0].role == .button }
            if actions.count > 2 {
                add(.alertActions, "alert '\(id)' has \(actions.count) actions", at: presentation.location, path: path())
            }
        }
        // A persistent sheet (Maps' card) is never dismissed by the user: no dismiss control, no
        // escape everywhere, no unsaved-changes question, no focus to restore.
        if presentation.persistent {
            if presentation.style.isSheet { checkBar(presentation, reader: reader, path: path) }
            return
        }
        // A dismiss control (the dimming view and a popover's dismiss element count) or an escape that dismisses.
        let dismissedBy = content.first { ref in
            var trial = reader
            trial.touch(element: ref)
            trial.doubleTap()
            return leaves(trial, id)
        }
        var escaped = reader
        if let first = content.first { escaped.touch(element: first) }
        escaped.scrub()
        if dismissedBy == nil, !leaves(escaped, id) {
            add(.sheetDismissControl, "nothing VoiceOver can reach dismisses '\(id)', and a scrub does not",
                at: presentation.location, path: path() + ["scrub → nothing happened"])
        }
        guard presentation.style.isSheet else { return }
        // A sheet that refuses interactive dismissal (`dismissible: false`) refuses the scrub on
        // purpose, with a failure earcon; sheet-dismiss-control still asks for a way out.
        if presentation.dismissible { checkEscape(presentation, reader: reader, own: own, path: path) }
        checkUnsaved(presentation, reader: reader, content: content, path: path)
        checkBar(presentation, reader: reader, path: path)
    }

    /// A scrub from every element, the grabber included: one finding per element that misses,
    /// or one for the sheet when no element of its content handles it.
    private mutating func checkEscape(_ presentation: Presentation, reader: ScreenReader, own: [ElementRef], path: Path) {
        let id = presentation.id
        let missed = own.filter { ref in
            var trial = reader
            trial.touch(element: ref)
            trial.scrub()
            return !leaves(trial, id)
        }
        let content = own.filter { scene[$0].system != .grabber }
        if !content.isEmpty, content.allSatisfy(missed.contains) {
            add(.sheetEscapeEverywhere, "a scrub does not dismiss '\(id)' from any of its elements",
                at: presentation.location, path: path() + ["scrub → nothing happened"])
            return
        }
        for ref in missed {
            let name = reader.state.label(of: ref, in: scene)
            add(.sheetEscapeEverywhere, "a scrub on '\(name)' does not dismiss '\(id)'",
                at: scene[ref].system == .grabber ? presentation.location : scene[ref].location,
                path: path() + ["scrub on \(name) → nothing happened"])
        }
    }

    /// Whether the presentation went away, or its confirmation came up in its place.
    private func leaves(_ reader: ScreenReader, _ id: String) -> Bool {
        guard let top = reader.state.topmost else { return true }
        if !reader.state.isShowing(id) { return true }
        return top.id != id && scene.presentations[id]?.confirm == top.id
    }

    private mutating func checkUnsaved(_ presentation: Presentation, reader: ScreenReader, content: [ElementRef], path: Path) {
        guard let field = content.first(where: { scene[$0].role.isTextEntry }) else { return }
        let name = reader.state.label(of: field, in: scene)
        for (gesture, act) in [("scrub", { (r: inout ScreenReader) in _ = r.scrub() }),
                               ("swipe down to dismiss", { (r: inout ScreenReader) in _ = r.swipeToDismiss() })] {
            var trial = reader
            trial.touch(element: field)
            trial.doubleTap()
            trial.type("x")
            act(&trial)
            if !trial.state.isShowing(presentation.id) {
                add(.sheetUnsavedConfirm, "'\(presentation.id)' is dismissed with unsaved changes and no confirmation",
                    at: presentation.location,
                    path: path() + ["touch \(name)", "double tap", "type \"x\"", "\(gesture) → dismissed without asking"])
                return
            }
        }
    }

    /// Placement and labels of the bar buttons, page by page.
    private mutating func checkBar(_ presentation: Presentation, reader: ScreenReader, path: Path) {
        let platform = scene.platform
        for (index, page) in presentation.pages.enumerated() {
            let bar = allElements(page.content).filter { scene[$0].placement != nil && scene[$0].system == nil }
            let labels = bar.map { scene[$0].label }
            let lastPage = index == presentation.pages.count - 1
            for ref in bar {
                let element = scene[ref]
                let label = element.label
                let words = label.split(separator: " ").count
                if words > 2 {
                    // The platform's one-word action in the label, if it has one, is what to say instead.
                    let actions = scene.profile.barActions
                    let action = label.split(separator: " ").compactMap { word in
                        actions.first { $0.caseInsensitiveCompare(word) == .orderedSame }
                    }.first
                    add(.sheetButtonLabels, "bar button '\(label)' has \(words) words" + (action.map { " (say '\($0)')" } ?? ""),
                        at: element.location, path: path())
                }
                if label == scene.profile.backLabel, index == 0 {
                    add(.sheetButtonLabels, "a Back button on the first page of '\(presentation.id)'", at: element.location, path: path())
                }
                guard let placement = element.placement, let expected = expectedPlacement(label, platform: platform,
                                                                                         multiPage: presentation.isMultiPage, lastPage: lastPage)
                else { continue }
                if !expected.contains(placement) {
                    add(.sheetButtonPlacement,
                        "\(label) is at \(placement.rawValue) (expected \(expected.map(\.rawValue).joined(separator: " or ")) on \(platform.rawValue)\(presentation.isMultiPage ? " in a multi-page sheet" : ""))",
                        at: element.location, path: path())
                }
            }
            let words = scene.profile.bar
            if labels.contains(where: words.done.contains), labels.contains(words.save),
               let save = bar.first(where: { scene[$0].label == words.save }) {
                add(.sheetButtonLabels, "\(labels.first(where: words.done.contains)!) and \(words.save) side by side in '\(presentation.id)'",
                    at: scene[save].location, path: path())
            }
        }
    }

    private func expectedPlacement(_ label: String, platform: Platform, multiPage: Bool, lastPage: Bool) -> [Placement]? {
        let words = scene.profile.bar
        switch platform {
        case .macos:
            return words.dismissing.contains(label) ? [.bottomTrailing] : nil
        case .watchos:
            return label == words.cancel || words.done.contains(label) ? [.topLeading] : nil
        case .ios, .ipados, .visionos:
            if label == words.cancel { return multiPage ? [.topTrailing] : [.topLeading] }
            return words.done.contains(label) ? [.topTrailing] : nil
        }
    }

    /// The primary action (the trailing bar button of the page showing, unless it cancels, as
    /// Cancel does top trailing on a multi-page sheet) stays dimmed while required fields are empty.
    private mutating func checkPrimary(reader: ScreenReader, path: Path) {
        guard let top = reader.state.topmost?.id else { return }
        let showing = reader.scope.filter { scene[$0].surface.presentationID == top && scene[$0].system == nil }
        let required = showing.filter { scene[$0].required && scene[$0].role.isTextEntry }
        guard !required.isEmpty,
              let primary = showing.last(where: { ref in
                  let element = scene[ref]
                  let cancels = element.behaviours[.activate]?.actions.contains { $0.kind == .cancel } ?? false
                  return (element.placement == .topTrailing || element.placement == .bottomTrailing)
                      && !cancels && element.label != scene.profile.bar.cancel
              })
        else { return }
        let empty = required.contains { (reader.state.value(of: $0, in: scene) ?? "").isEmpty }
        if empty, reader.state.isEnabled(primary, in: scene) {
            add(.sheetPrimaryAction, "'\(scene[primary].label)' is enabled while required fields are empty",
                at: scene[primary].location, path: path())
        }
    }

    private func allElements(_ refs: [ElementRef]) -> [ElementRef] {
        var result: [ElementRef] = []
        var stack = Array(refs.reversed())
        while let ref = stack.popLast() {
            result.append(ref)
            stack.append(contentsOf: scene[ref].children.reversed())
        }
        return result
    }

    // MARK: Transitions

    mutating func observe(transition after: ScreenReader, from before: ScreenReader, path: Path) {
        let events = after.lastEvents
        for event in events {
            switch event {
            case .presented(let id):
                if let presentation = scene.presentations[id], after.state.isShowing(id),
                   let cursor = after.cursor, scene[cursor].surface.presentationID != id, after.state.topmost?.id == id {
                    add(.sheetFocusEnter, "presenting '\(id)' leaves the cursor on '\(after.state.label(of: cursor, in: scene))' outside it",
                        at: presentation.location, path: path())
                }
            case .dismissed(let id):
                guard after.state.topmost?.id != id, let presentation = scene.presentations[id], !presentation.persistent,
                      let shown = before.state.stack.last(where: { $0.id == id }), let presenter = shown.presenter else { continue }
                // After dismissAll the presenter is that of the bottom-most presentation.
                let expected = events.contains(.dismissed(before.state.stack.first?.id ?? "")) && before.state.stack.count > 1
                    && !after.state.isShowing(before.state.stack.first!.id) ? before.state.stack.first!.presenter : presenter
                if let expected, after.cursor != expected, after.state.stack.isEmpty || after.state.topmost?.id != id {
                    if events.contains(where: { if case .presented = $0 { return true } else { return false } }) { continue }
                    add(.sheetFocusRestore, "dismissing '\(id)' puts the cursor on \(after.cursor.map { "'\(after.state.label(of: $0, in: scene))'" } ?? "nothing"), not on '\(after.state.label(of: expected, in: scene))' which presented it",
                        at: presentation.location, path: path())
                }
            case .speech(let utterance) where utterance.kind == .announcement && utterance.interrupted:
                swallowed(utterance.text, fallback: before.cursor.map { scene[$0].location }, path: path)
            default:
                break
            }
        }
    }

    /// Announcements a scenario's steps so far have swallowed (the `audit` step looks back, too).
    mutating func observeHistory(of reader: ScreenReader) {
        for record in reader.steps {
            for case .speech(let utterance) in record.events where utterance.kind == .announcement && utterance.interrupted {
                swallowed(utterance.text, fallback: nil, path: { ["the scenario's step '\(record.step)'"] })
            }
        }
    }

    private mutating func swallowed(_ text: String, fallback: SourceLocation?, path: Path) {
        add(.announcementSwallowed, "the announcement \"\(text)\" is interrupted before it is spoken",
            at: announceLocation(text) ?? fallback ?? scene.location, path: path())
    }

    /// Where the scene posts this announcement: the `announce` effect itself.
    private func announceLocation(_ text: String) -> SourceLocation? {
        var effects = scene.elements.flatMap { Array($0.behaviours.values) + $0.actions.map(\.effect) }
        if let magicTap = scene.magicTap { effects.append(magicTap) }
        // The first in the file, so that the answer does not depend on dictionary order.
        return effects.flatMap(\.actions).filter { action in
            if case .announce(let announcement) = action.kind { return announcement.text == text }
            return false
        }.map(\.location).min { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}
