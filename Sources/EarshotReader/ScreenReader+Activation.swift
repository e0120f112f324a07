import EarshotCore

extension ScreenReader {
    /// One-finger double tap: activates the element under the cursor (docs/decisions.md).
    @discardableResult
    public mutating func doubleTap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.doubleTap))
        activate()
        return end()
    }

    /// What a double tap does: the custom action chosen on the Actions rotor, else activates
    /// the cursor's element.
    mutating func activate() {
        guard let ref = cursor else { return fail("nothing is under the cursor") }
        let actions = scene.actions(of: ref, in: state)
        if rotor == .actions, let index = actionIndex, actions.indices.contains(index) {
            return run(actions[index].effect, from: ref)
        }
        activate(ref)
    }

    /// Activates an element: nothing when dimmed; the grabber cycles detents; else its
    /// `activate`, a switch's toggle, or editing a text entry.
    mutating func activate(_ ref: ElementRef) {
        let element = scene[ref]
        guard state.isEnabled(ref, in: scene) else { return }
        if element.system == .grabber { return cycleDetent(grabber: ref) }
        if element.system == .dismiss { return dismissFromOutside(ref) }
        if case .key(let key) = element.system { return press(key, at: ref) }
        // A stepper's button steps its stepper and says the new value ("Increment button 1.05.").
        if case .stepper(let up) = element.system, let stepper = element.parent { return adjust(stepper, up: up) }
        if let menu = scene.presentation(of: ref), menu.style == .menu { return choose(ref, in: menu) }
        if let effect = element.behaviours[.activate] {
            let before = (selected: state.isSelected(ref, in: scene), value: describer.spokenValue(ref, in: state))
            run(effect, from: ref)
            return activationFeedback(ref, selected: before.selected, value: before.value)
        }
        if element.traits.contains(.switchButton) {
            let on = state.value(of: ref, in: scene) == "on"
            changeValues { $0.overrides[ref, default: .init()].value = on ? "off" : "on" }
            let words = scene.profile.words
            return say(sentence(on ? words.off : words.on), kind: .feedback, element: ref)
        }
        if element.role.isTextEntry || element.traits.contains(.textEntry) {
            changeValues { $0.editing = ref }
            return speakElement(ref)
        }
    }

    /// Choosing a menu's item: the menu closes, then the item acts as if from the menu's button,
    /// so that what it presents returns the cursor there, the item being gone; where it moved the
    /// cursor nowhere, the cursor goes where the profile's `menus` says, its button by default,
    /// which then reads what the item changed (docs/decisions.md, "Menus").
    private mutating func choose(_ item: ElementRef, in menu: Presentation) {
        let effect = scene[item].behaviours[.activate]
        // Only the topmost presentation's items are in scope; a menu under another acts as it is.
        guard state.topmost?.id == menu.id else {
            if let effect { run(effect, from: item) }
            return
        }
        let opener = removeTopmost()?.presenter
        if let effect { run(effect, from: opener ?? item) }
        if cursor == item { restoreFocus(afterMenu: opener, choice: true) }
    }

    /// What VoiceOver says when activating the element under the cursor changed it there: that
    /// it is now selected, with its label and position ("Selected last 10 days, two of two.",
    /// magentaA11y's segmented control), else its new value ("Checked.", its checkbox). Said
    /// after the app's effect, at default priority, so it cuts off an announcement the effect
    /// posted in the same moment (docs/decisions.md, "Announcements against activation").
    /// Nothing when the effect moved the cursor or left the element out of scope, or where the
    /// profile's `activation` does not say so.
    private mutating func activationFeedback(_ ref: ElementRef, selected: Bool, value: String?) {
        guard scene.profile.activation?.saysChange == true, cursor == ref, reachable(ref) else { return }
        if !selected, state.isSelected(ref, in: scene) {
            return say(describer.selectionFeedback(of: ref, in: state), kind: .feedback, element: ref)
        }
        let now = describer.spokenValue(ref, in: state)
        if let now, now != value { say(sentence(now), kind: .feedback, element: ref) }
    }

    /// Feedback said alone, as a sentence: `On.`, `Checked.`; a language that joins its parts
    /// with a separator closes nothing (`オン`).
    private func sentence(_ text: String) -> String {
        scene.profile.words.parts == nil && !text.hasSuffix(".") ? text + "." : text
    }

    /// The grabber: where the profile's cycle takes the sheet (``Scene/grabberMove(of:shown:)``);
    /// `layoutChanged`, the cursor stays, and the grabber's name and new state are spoken,
    /// without its trait word ("After expanding or collapsing, only the name and state gets
    /// announced", magentaA11y's native sheet page). Compose's handle on an expanded sheet
    /// dismisses it.
    private mutating func cycleDetent(grabber ref: ElementRef) {
        guard let id = scene[ref].surface.presentationID,
              let index = state.stack.lastIndex(where: { $0.id == id }),
              let presentation = scene.presentations[id],
              let move = scene.grabberMove(of: presentation, shown: state.stack[index]) else { return }
        switch move {
        case .dismiss:
            // Compose's handle hides the sheet as its Dismiss action does.
            interactiveDismissal()
        case .detent(let next, let collapsing):
            if collapsing != state.stack[index].collapsing { changeState { $0.stack[index].collapsing = collapsing } }
            setDetent(presentation.detents[next].id, at: index)
            // A grabber that names no state (Compose's drag handle) has nothing new to say.
            if scene.profile.grabber(for: presentation)?.namesState != false {
                say(describer.labelAndValue(ref, in: state), kind: .description, element: ref)
            }
        }
    }

    /// The system's dismiss element (a dimmed sheet's dimming view, a popover's dismiss
    /// region): an interactive dismissal. An action sheet shown as a popover is cancelled:
    /// "Tapping anywhere outside of the popover has the same effect as tapping the Cancel
    /// button, including calling your action handler" (Apple, "Getting the user's attention
    /// with alerts and action sheets").
    private mutating func dismissFromOutside(_ ref: ElementRef) {
        guard let presentation = scene.presentation(of: ref) else { return earcon(.failure) }
        if presentation.style == .actionSheet, let cancel = cancelAction(of: presentation) {
            return run(cancel.effect, from: cancel.ref)
        }
        interactiveDismissal()
    }

    /// An alert's or action sheet's cancel-role action with its effect (shown or not).
    private func cancelAction(of presentation: Presentation) -> (ref: ElementRef, effect: Effect)? {
        let cancel = presentation.pages.flatMap(\.content).first { scene[$0].buttonRole == .cancel }
        guard let cancel, let effect = scene[cancel].behaviours[.activate] else { return nil }
        return (cancel, effect)
    }

    /// Changes an adjustable element's value by its step within its limits and
    /// speaks the new value alone; at a limit the value stays and is spoken again.
    mutating func adjust(_ ref: ElementRef, up: Bool) {
        let element = scene[ref]
        if let effect = element.behaviours[up ? .increment : .decrement] {
            run(effect, from: ref)
            if let value = describer.spokenValue(ref, in: state) { say(value, kind: .feedback, element: ref) }
            return
        }
        guard state.isEnabled(ref, in: scene) else { return earcon(.boundary) }
        let minimum = element.minimum ?? 0, maximum = element.maximum ?? 100
        let step = element.step ?? 1
        let current = Double(state.value(of: ref, in: scene) ?? "") ?? minimum
        let next = min(max(current + (up ? step : -step), minimum), maximum)
        changeValues { $0.overrides[ref, default: .init()].value = NumberText.canonical(next) }
        say(describer.spokenValue(ref, in: state) ?? NumberText.canonical(next), kind: .feedback, element: ref)
    }

    /// Types into the text entry in editing; the presentation holding it gains unsaved changes.
    @discardableResult
    public mutating func type(_ text: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        // Into a secure field, the text appears nowhere: the step is written with a bullet for
        // each character, and nothing is echoed (docs/decisions.md).
        let secure = state.editing.map { scene[$0].traits.contains(.secure) } ?? false
        begin(secure ? Gesture.type(String(repeating: "•", count: text.count)) : .type(text))
        if !insert(text) { fail("no text entry is editing (double tap a text field first)") }
        return end()
    }

    /// Puts text into the text entry in editing, marks its presentation unsaved and echoes it as
    /// the profile's typing feedback says (a secure field: its mask word where the profile has
    /// one, else nothing). False when nothing reachable is editing.
    @discardableResult
    mutating func insert(_ text: String) -> Bool {
        guard let ref = state.editing, reachable(ref) else { return false }
        let before = state.value(of: ref, in: scene) ?? ""
        change(ref, to: before + text)
        if !scene[ref].traits.contains(.secure) {
            let echo = Self.echo(typing: text, after: before, as: scene.profile.typing)
            if !echo.isEmpty { say(echo, kind: .feedback, element: ref) }
        } else if let mask = scene.profile.secureEntry?.typed, !text.isEmpty {
            say(Array(repeating: mask, count: text.count).joined(separator: " "), kind: .feedback, element: ref)
        }
        return true
    }

    /// A text entry's new text; its presentation gains unsaved changes.
    private mutating func change(_ ref: ElementRef, to text: String) {
        let scene = self.scene
        changeValues { state in
            state.overrides[ref, default: .init()].value = text
            if let id = scene[ref].surface.presentationID, let index = state.stack.lastIndex(where: { $0.id == id }) {
                state.stack[index].unsaved = true
            }
        }
    }

    /// A key of the on-screen keyboard, double tapped (standard typing): a character or a space is
    /// typed (shift makes the next character upper case); delete removes the last character and
    /// speaks it ("VoiceOver will speak the deleted character"), nothing of a secure field's;
    /// Return runs the text entry's `submit:`, else adds a line to a text area, else ends
    /// editing: the keyboard goes and the cursor to the first element, not back to the field.
    private mutating func press(_ key: KeyboardKey, at ref: ElementRef) {
        switch key {
        case .character(let character):
            insert(shifted ? character.uppercased() : character)
            shifted = false
        case .space:
            insert(" ")
        case .shift:
            shifted.toggle()
        case .delete:
            guard let field = state.editing, reachable(field) else { return }
            let text = state.value(of: field, in: scene) ?? ""
            guard let last = text.last else { return }
            change(field, to: String(text.dropLast()))
            if !scene[field].traits.contains(.secure) { say(String(last), kind: .feedback, element: field) }
        case .returnKey:
            guard let field = state.editing else { return }
            if let submit = scene[field].behaviours[.submit] { return run(submit, from: field) }
            if scene[field].role == .textArea { return change(field, to: (state.value(of: field, in: scene) ?? "") + "\n") }
            changeValues { $0.editing = nil }
            shifted = false
            if let first = currentScope().first { moveCursor(to: first) }
        case .other:
            fail("the keyboard's '\(scene[ref].label)' key changes the keyboard's layout, which Earshot does not model")
        }
    }

    /// What VoiceOver echoes as `text` is typed after `before`: each character (a space as the
    /// profile's word for it), each word as a space completes it, or both, in typing order,
    /// joined by commas (`D, e, n, t, i, s, t`; `H, i, Hi, t, o`).
    static func echo(typing text: String, after before: String, as typing: Profile.Typing) -> String {
        guard typing.echo != .nothing else { return "" }
        let characters = typing.echo == .characters || typing.echo == .charactersAndWords
        let words = typing.echo == .words || typing.echo == .charactersAndWords
        var word = String(before.reversed().prefix { !$0.isWhitespace }.reversed())
        var pieces: [String] = []
        for character in text {
            if character.isWhitespace {
                if words, !word.isEmpty { pieces.append(word) }
                else if characters { pieces.append(typing.space) }
                word = ""
            } else {
                word.append(character)
                if characters { pieces.append(String(character)) }
            }
        }
        return pieces.joined(separator: ", ")
    }

    /// Two-finger double tap: the nearest `magicTap` up the ancestors, then the scene's.
    @discardableResult
    public mutating func magicTap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.magicTap))
        var current = cursor
        var handled = false
        while let ref = current {
            if let effect = scene[ref].behaviours[.magicTap] {
                run(effect, from: ref)
                handled = true
                break
            }
            current = scene[ref].parent
        }
        if !handled {
            if let effect = scene.magicTap { run(effect, from: cursor) } else { earcon(.failure) }
        }
        return end()
    }

    /// Sighted swipe down on the topmost sheet: an interactive dismissal attempt.
    @discardableResult
    public mutating func swipeToDismiss(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.swipeToDismiss))
        if let top = state.topmost, let presentation = scene.presentations[top.id], presentation.style.isResizable {
            interactiveDismissal()
        } else {
            earcon(.failure)
        }
        return end()
    }

    /// Two-finger Z: escape (docs/decisions.md).
    @discardableResult
    public mutating func scrub(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.scrub))
        escape()
        return end()
    }

    /// TalkBack's Back (the system's back action, TalkBack's "Down then left"): routed as an
    /// escape is, by the same handlers and the Android profile's defaults, where a cancelable
    /// sheet or dialog is dismissed (docs/decisions.md, "TalkBack's order").
    @discardableResult
    public mutating func back(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.back))
        escape()
        return end()
    }

    /// Chooses the custom action named `name` of the element under the cursor, as TalkBack's
    /// actions menu does; an element without it fails the step.
    @discardableResult
    public mutating func action(_ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture.action(name))
        guard let ref = cursor else {
            fail("nothing is under the cursor")
            return end()
        }
        let actions = scene.actions(of: ref, in: state)
        guard let action = actions.first(where: { $0.name == name }) else {
            let names = actions.map { "'\($0.name)'" }
            fail("'\(scene[ref].label)' has no action '\(name)' (\(names.isEmpty ? "it has none" : "it has " + names.joined(separator: ", ")))")
            return end()
        }
        run(action.effect, from: ref)
        return end()
    }

    /// Escape, routed as UIKit routes `accessibilityPerformEscape` (docs/decisions.md, "Escape"):
    /// the element under the cursor, then its containers (their `escape:` behaviours); then the
    /// controllers holding it: a dismissible sheet of a style the profile's
    /// `escapeDefaults.dismissBeforePop` lists is dismissed; else the presentation's navigation
    /// stack pops a page when it has more than one; then the presentation itself: the scene's `escape:` override, else the system's
    /// default for its style (the profile's `escapeDefaults`); nothing took it: `failure`.
    mutating func escape() {
        var current = cursor
        while let ref = current {
            if let effect = scene[ref].behaviours[.escape] { return run(effect, from: ref) }
            current = scene[ref].parent
        }
        let owner = cursor.flatMap { scene[$0].surface.presentationID } ?? (cursor == nil ? state.topmost?.id : nil)
        guard let id = owner, let presentation = scene.presentations[id] else { return earcon(.failure) }
        // The grabber sits beside the content, in the presentation controller's views: from it the
        // escape reaches no controller of the content, only a handler on the whole sheet. Where
        // the scene says nothing, the profile's `escape.default` says which the system's is.
        let handling = presentation.escape ?? scene.profile.escape.default
        if cursor != nil, cursor == presentation.grabberElement, handling != .sheet { return earcon(.failure) }
        // A sheet the user may dismiss is dismissed before its pages pop, where the profile says
        // so: the sheet's container view, and an app's handler on the content or the sheet, are
        // ancestors of the focused element; the Back that pops is in the navigation bar beside
        // them. An app that refuses (`escape: none`) leaves it to the pop.
        if presentation.escape != EscapeHandling.none, presentation.dismissible, !presentation.persistent,
           scene.profile.escapeDefaults.dismissesBeforePopping(presentation.style) {
            return interactiveDismissal()
        }
        if let index = state.stack.lastIndex(where: { $0.id == id }), popPage(at: index) { return }
        switch presentation.escape {
        case .none?: earcon(.failure)
        case .content?, .sheet?: interactiveDismissal()
        case nil: systemEscape(presentation, as: presentation.style)
        }
    }

    /// What the system does with an escape that reached the presented controller unhandled: the
    /// profile's default for the style. Without a cancel-role action, a presentation shown as
    /// another style (an action sheet shown as a popover on iPad) does what that style does.
    private mutating func systemEscape(_ presentation: Presentation, as style: PresentationStyle) {
        switch scene.profile.escapeDefault(for: presentation, as: style) {
        case .dismiss:
            interactiveDismissal()
        case .collapseOrDismiss:
            // Back on a sheet it may not dismiss does not settle it either (Compose's dialog
            // gets no back press): the dismissal refuses it.
            if presentation.dismissible, !presentation.persistent,
               let index = state.stack.lastIndex(where: { $0.id == presentation.id }),
               let current = presentation.detentIndex(state.stack[index].detent), current > 0 {
                return setDetent(presentation.detents[0].id, at: index)
            }
            interactiveDismissal()
        case .cancelAction:
            if let cancel = cancelAction(of: presentation) { return run(cancel.effect, from: cancel.ref) }
            if style != presentation.appearance { return systemEscape(presentation, as: presentation.appearance) }
            earcon(.failure)
        case .none:
            earcon(.failure)
        }
    }

    /// `scrub` reaching a sheet, `swipeToDismiss` or the dismiss element: refused when
    /// `dismissible: false` or `persistent: true` ("Non-dismissible sheet: escape plays the
    /// failure sound and stays", lodev09/react-native-true-sheet PR 830); the `confirm`
    /// presentation while there are unsaved changes; else dismissed.
    mutating func interactiveDismissal() {
        guard let top = state.topmost, let presentation = scene.presentations[top.id] else { return earcon(.failure) }
        guard presentation.dismissible, !presentation.persistent else { return earcon(.failure) }
        if top.unsaved, let confirm = presentation.confirm {
            return present(confirm, presenter: cursor)
        }
        dismissTopmost()
    }
}
