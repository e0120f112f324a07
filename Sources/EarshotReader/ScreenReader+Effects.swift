import EarshotCore

extension ScreenReader {
    /// Runs an effect's actions in order (docs/format.md); `source` is the element that ran it.
    mutating func run(_ effect: Effect, from source: ElementRef?) {
        for action in effect.actions { run(action.kind, from: source) }
    }

    private mutating func run(_ kind: EffectAction.Kind, from source: ElementRef?) {
        switch kind {
        case .present(let id):
            present(id, presenter: source)
        case .dismiss:
            guard state.topmost != nil else { return earcon(.failure) }
            dismissTopmost()
        case .cancel:
            guard let top = state.topmost else { return earcon(.failure) }
            if top.unsaved, let confirm = scene.presentations[top.id]?.confirm {
                present(confirm, presenter: source)
            } else {
                dismissTopmost()
            }
        case .dismissAll:
            dismissAll()
        case .detent(let change):
            resize(change)
        case .set(let changes):
            let apply = { (state: inout SceneState) in
                for change in changes {
                    var override = state.overrides[change.element] ?? .init()
                    if let value = change.value { override.value = .some(value) }
                    if let label = change.label { override.label = label }
                    if let enabled = change.enabled { override.enabled = enabled }
                    if let hidden = change.hidden { override.hidden = hidden }
                    if let selected = change.selected { override.selected = selected }
                    if let traits = change.traits { override.traits = traits }
                    state.overrides[change.element] = override
                }
            }
            // Of these, only `hidden` is read by the scope itself.
            if changes.contains(where: { $0.hidden != nil }) { changeState(apply) } else { changeValues(apply) }
        case .state(let assignments):
            let scene = self.scene
            changeValues { state in
                for assignment in assignments {
                    if assignment.name == "unsaved" {
                        let owner = source.flatMap { scene[$0].surface.presentationID }
                        if let index = state.stack.lastIndex(where: { $0.id == owner }) ?? state.stack.indices.last {
                            state.stack[index].unsaved = assignment.value == "true"
                        }
                    } else {
                        state.variables[assignment.name] = assignment.value
                    }
                }
            }
        case .announce(let announcement):
            say(announcement.text, kind: .announcement, priority: announcement.priority,
                after: announcement.delay > 0 ? announcement.delay : nil)
        case .screenChanged(let target):
            post(.screenChanged, moving: target)
        case .layoutChanged(let target):
            post(.layoutChanged, moving: target)
        case .postText(let kind, let text):
            post(kind, moving: nil, text: text)
        case .navigate(let page):
            navigate(toPage: page, from: source)
        case .navigateBack:
            navigateBack(from: source)
        }
    }

    /// An app's `UIAccessibility.post(notification:argument:)` of `screenChanged` or `layoutChanged`
    /// as the profile's `notifications` say VoiceOver handles it: its sound, if it has one; the
    /// cursor to `target` when it is in scope, else (no element given) to the first element or
    /// nowhere new. A string argument is spoken as an announcement posted there (the profile's
    /// `withText`), so the description of an element the cursor then moves to cuts it off.
    private mutating func post(_ kind: Profile.Notifications.Kind, moving target: ElementRef?, text: String? = nil) {
        let handling = scene.profile.notifications[kind]
        sound(kind)
        if let text, handling.withText == .announce { say(text, kind: .announcement, priority: .default) }
        if let target, reachable(target) {
            moveCursor(to: target)
        } else if handling.withoutElement == .first, let first = currentScope().first {
            moveCursor(to: first)
        }
    }

    /// The notification UIKit posts on one of its own changes (the profile's
    /// `notifications.posted`), and its sound if it has one.
    mutating func uikitPosted(_ change: KeyPath<Profile.Notifications.Posted, Profile.Notifications.Kind>) {
        sound(scene.profile.notifications.posted[keyPath: change])
    }

    /// A notification posted in this step, whoever posted it: recorded (`expect: {
    /// layoutChanged: true }`) and sounded where the profile gives it a sound.
    private mutating func sound(_ kind: Profile.Notifications.Kind) {
        lastPosted.append(kind)
        if let sound = scene.profile.notifications[kind].earcon { earcon(sound) }
    }

    /// Presents: `screenChanged`; the cursor to `initialFocus`, else the first
    /// element of the presentation (its grabber when one shows); spoken.
    mutating func present(_ id: String, presenter: ElementRef?) {
        guard let presentation = scene.presentations[id], !state.isShowing(id) else { return earcon(.failure) }
        let scene = self.scene
        changeState { $0.present(id, in: scene, presenter: presenter) }
        emit(.presented(id))
        uikitPosted(\.present)
        focusIntoTopmost(preferring: presentation.initialFocus)
    }

    /// The screen as VoiceOver meets it when it appears: the cursor where it lands as the
    /// topmost presentation appears (``focusIntoTopmost(preferring:)``), or on the first element
    /// in scope where none is shown, and spoken. What `earshot calibrate` replays for a
    /// recording's `appear`, written `appear` in the transcript.
    @discardableResult
    package mutating func appear() -> [ReaderEvent] {
        begin("appear")
        if let top = state.topmost {
            focusIntoTopmost(preferring: scene.presentations[top.id]?.initialFocus)
        } else {
            moveToEnd(last: false)
        }
        return end()
    }

    /// The cursor into the presentation just shown: `initialFocus`, else its first element
    /// (its grabber when one shows), never the dismiss element the system adds around it. An
    /// alert goes as the profile's `alerts` says: its title under the cursor with the word
    /// `Alert` (after the title on iOS) and its message, the texts before its actions; or, on a
    /// Mac, its default button alone.
    private mutating func focusIntoTopmost(preferring initial: ElementRef?) {
        guard let top = state.topmost else { return }
        let isAlert = scene.presentations[top.id]?.style == .alert
        let alerts = scene.profile.alerts
        if isAlert, initial == nil, alerts.focus == .defaultButton, let button = defaultButton() {
            return moveCursor(to: button)
        }
        let skipsDismiss = !scene.profile.presentFocus.dismissElement
        let own = Self.topmostRun(of: currentScope(), presentation: top.id, in: scene)
            .filter { !(skipsDismiss && scene[$0].system == .dismiss) }
        // A text entry first responder as the presentation appears takes the cursor where the
        // profile says so; an alert's keeps its title first (no public capture says otherwise).
        let responder = scene.profile.firstResponder.cursorFollows && !isAlert ? state.editing.flatMap { own.contains($0) ? $0 : nil } : nil
        // A menu opens on its checked item, else its first (the profile's `menus`).
        let checked = scene.presentations[top.id]?.style == .menu ? own.first { state.isSelected($0, in: scene) } : nil
        guard let target = initial.flatMap({ reachable($0) ? $0 : nil }) ?? responder ?? checked ?? own.first else {
            cursor = nil
            emit(.focus(nil))
            return
        }
        // A pane title (TalkBack's: a window's or pane's title spoken as it appears) comes first,
        // then the element the cursor lands on, neither cutting the other off: the toolkit's own
        // (Compose's `Bottom Sheet`, `Dialog`) whatever the style, else the presentation's title.
        if let presentation = scene.presentations[top.id], scene.profile.presentFocus.paneTitle == true,
           let title = scene.profile.toolkitPaneTitle(for: presentation)
            ?? (isAlert || presentation.style == .actionSheet ? nil : presentation.pages.first?.title ?? presentation.title) {
            moveCursor(to: target, speak: false)
            return speakElement(target, introducedBy: title)
        }
        guard isAlert, alerts.focus == .title else { return moveCursor(to: target) }
        moveCursor(to: target, speak: false)
        // The message: the texts after the title, up to the first action or text field.
        let message = own.drop { $0 != target }.dropFirst().prefix {
            scene[$0].traits.isDisjoint(with: [.button, .textEntry, .searchField])
        }
        let word = alerts.announce == .none ? nil : scene.profile.words.alert
        speakElement(target, introducedBy: word, introAfter: alerts.announce == .afterTitle, followedBy: Array(message))
    }

    /// The topmost presentation's elements in scope, in order. `Scene.scope` puts each shown
    /// presentation after what it covers and only the keyboard's keys after the topmost, so they
    /// are the run that ends the scope before those keys: found from the end, in the run's
    /// length, where filtering the scope took the parent's length (a nonmodal sheet over 100,000
    /// elements spent nine tenths of presenting it there).
    static func topmostRun(of scope: [ElementRef], presentation id: String, in scene: Scene) -> ArraySlice<ElementRef> {
        var end = scope.endIndex
        while end > scope.startIndex, scene[scope[end - 1]].surface == .keyboard { end -= 1 }
        var start = end
        while start > scope.startIndex, scene[scope[start - 1]].surface.presentationID == id { start -= 1 }
        return scope[start..<end]
    }

    /// Dismisses the topmost presentation and restores focus; a menu closed so (without a choice)
    /// leaves the cursor where the profile's `menus` says, the first element, not its button.
    mutating func dismissTopmost() {
        guard let removed = removeTopmost() else { return }
        if scene.presentations[removed.id]?.style == .menu { return restoreFocus(afterMenu: removed.presenter, choice: false) }
        restoreFocus(to: removed.presenter)
    }

    /// Takes the topmost presentation off the screen (`dismissed`), the cursor left where it was.
    mutating func removeTopmost() -> SceneState.Shown? {
        var removed: SceneState.Shown?
        let scene = self.scene
        changeState { removed = $0.dismissTopmost(in: scene) }
        if let removed { emit(.dismissed(removed.id)) }
        return removed
    }

    /// After a menu closed: its button or the first element in scope, as the profile's `menus`
    /// says for a choice or for a menu left without one.
    mutating func restoreFocus(afterMenu opener: ElementRef?, choice: Bool) {
        let focus = choice ? scene.profile.menus?.focusAfterChoice : scene.profile.menus?.focusAfterDismiss
        restoreFocus(to: focus == .first ? nil : opener)
    }

    /// Dismisses every presentation; focus goes to the bottom-most one's presenter.
    mutating func dismissAll() {
        var removed: [SceneState.Shown] = []
        let scene = self.scene
        changeState { removed = $0.dismissAll(in: scene) }
        guard let bottom = removed.first else { return earcon(.failure) }
        for shown in removed.reversed() { emit(.dismissed(shown.id)) }
        restoreFocus(to: bottom.presenter)
    }

    /// After a dismissal: `screenChanged`; the presenter when it is back in
    /// scope and `restoreFocus` is on, else (nil too) the first element in scope; spoken.
    mutating func restoreFocus(to presenter: ElementRef?) {
        uikitPosted(\.dismiss)
        if scene.restoreFocus, let presenter, reachable(presenter) {
            moveCursor(to: presenter)
        } else if let first = currentScope().first {
            moveCursor(to: first)
        } else {
            cursor = nil
            emit(.focus(nil))
        }
    }

    /// `detent:` effects resize the topmost sheet.
    private mutating func resize(_ change: DetentChange) {
        guard let index = state.stack.lastIndex(where: { scene.presentations[$0.id]?.style.isResizable ?? false }),
              let presentation = scene.presentations[state.stack[index].id],
              let current = presentation.detentIndex(state.stack[index].detent) else { return earcon(.failure) }
        let target: Int?
        switch change {
        case .next: target = current + 1 < presentation.detents.count ? current + 1 : nil
        case .previous: target = current > 0 ? current - 1 : nil
        case .to(let id): target = presentation.detentIndex(id)
        }
        guard let target else { return earcon(.failure) }
        guard target != current else { return }
        setDetent(presentation.detents[target].id, at: index)
    }

    /// Shows another page of the multi-page sheet holding `source` (a push onto its navigation
    /// stack): a screen change inside the sheet, the cursor on the page's first element.
    private mutating func navigate(toPage page: String, from source: ElementRef?) {
        guard let (index, presentation) = pagedPresentation(holding: source),
              let target = presentation.pages.firstIndex(where: { $0.id == page }) else { return earcon(.failure) }
        let left = state.stack[index].page
        changeState { state in
            state.stack[index].history.append(state.stack[index].page)
            state.stack[index].navigators.append(source)
            state.stack[index].page = target
        }
        // The Back button is titled with the page it returns to, where that page has a title
        // and the profile says so (UIKit's navigation bar).
        if scene.profile.backTitle?.previousPage == true,
           let title = presentation.pages[left].title ?? (left == 0 ? presentation.title : nil),
           let back = presentation.pages[target].content.first(where: { scene[$0].system == .back }) {
            changeValues { $0.overrides[back, default: .init()].label = title }
        }
        enterPage(of: presentation, focus: nil, pushed: true)
    }

    private mutating func navigateBack(from source: ElementRef?) {
        guard let (index, _) = pagedPresentation(holding: source), popPage(at: index) else { return earcon(.failure) }
    }

    /// Pops the page on top of the navigation stack of the presentation at `index` in the stack
    /// (the Back button, or a scrub that no element took): a screen change inside the sheet, the
    /// cursor back on the element that had left the page shown again when it is in scope, else on
    /// that page's first element (docs/decisions.md, "Escape"). False when the stack has one page.
    @discardableResult
    mutating func popPage(at index: Int) -> Bool {
        guard state.stack.indices.contains(index), let previous = state.stack[index].history.last,
              let presentation = scene.presentations[state.stack[index].id] else { return false }
        let navigator = state.stack[index].navigators.last ?? nil
        changeState { state in
            state.stack[index].history.removeLast()
            if !state.stack[index].navigators.isEmpty { state.stack[index].navigators.removeLast() }
            state.stack[index].page = previous
        }
        enterPage(of: presentation, focus: navigator)
        return true
    }

    private func pagedPresentation(holding source: ElementRef?) -> (Int, Presentation)? {
        let id = source.flatMap { scene[$0].surface.presentationID } ?? state.topmost?.id
        guard let id, let index = state.stack.lastIndex(where: { $0.id == id }),
              let presentation = scene.presentations[id] else { return nil }
        return (index, presentation)
    }

    /// The page shown after a push or a pop: the cursor on `focus` when it is in scope, else on
    /// the page's first element, or after a push where the profile's `navigation` says so, on its
    /// first element after the navigation bar (neither Back, nor the title, nor a top bar button).
    private mutating func enterPage(of presentation: Presentation, focus: ElementRef?, pushed: Bool = false) {
        uikitPosted(\.page)
        if let focus, reachable(focus) { return moveCursor(to: focus) }
        guard let index = state.stack.lastIndex(where: { $0.id == presentation.id }) else { return }
        let page = state.stack[index].page
        let elements = currentScope().filter {
            scene[$0].surface == .presentation(presentation.id, page: page) && scene[$0].system != .dismiss
        }
        let pastBar = pushed && scene.profile.navigation?.pushFocus == .content
            ? elements.first { ref in
                scene[ref].system != .back && scene[ref].system != .title && !(scene[ref].placement?.isTop ?? false)
            } : nil
        if let target = pastBar ?? elements.first { moveCursor(to: target) }
    }
}
