extension Scene {
    /// Whether a shown presentation is modal (docs/decisions.md): every presentation
    /// is, except a resizable sheet resting at a detent no larger than its
    /// `undimmed` detent, on platforms where sheets can be nonmodal.
    public func isModal(_ shown: SceneState.Shown) -> Bool {
        guard let presentation = presentations[shown.id] else { return true }
        guard presentation.style.isResizable, !profile.sheetsAlwaysModal,
              let undimmed = presentation.undimmed,
              let limit = presentation.detents.first(where: { $0.id == undimmed }),
              let current = presentation.detents.first(where: { $0.id == shown.detent })
        else { return true }
        return current.relativeHeight > limit.relativeHeight
    }

    /// Whether the grabber of the presentation at `index` in the stack shows:
    /// it hides while another sheet is stacked on top of its sheet.
    public func grabberShows(at index: Int, in state: SceneState) -> Bool {
        guard state.stack.indices.contains(index),
              presentations[state.stack[index].id]?.grabberElement != nil else { return false }
        return !state.stack[(index + 1)...].contains { presentations[$0.id]?.style.isSheet ?? false }
    }

    /// The screen frame of a shown presentation at its current detent.
    public func frame(of shown: SceneState.Shown, in state: SceneState) -> Frame {
        guard let presentation = presentations[shown.id] else { return Frame(x: 0, y: 0, width: 0, height: 0) }
        let presenter = shown.presenter.map { absoluteFrame(of: $0, in: state) }
        return frame(of: presentation, page: shown.page, detent: shown.detent, presenter: presenter)
    }

    /// An element's frame in screen points now.
    public func absoluteFrame(of ref: ElementRef, in state: SceneState) -> Frame {
        if case .key(let key) = self[ref].system { return keyFrame(key) }
        let relative = layout.frames[ref.index]
        guard let id = self[ref].surface.presentationID,
              let shown = state.stack.last(where: { $0.id == id }) else { return relative }
        // A popover's presenter is never inside the popover itself, so this does not loop.
        let origin = frame(of: shown, in: state)
        if self[ref].system == .dismiss {
            // The dimming view or dismiss region: the screen beneath its presentation, or the strip
            // above it, as the profile says.
            let words = presentations[id].flatMap { profile.dismissWords(for: $0) }
            return Frame(x: 0, y: 0, width: screen.width, height: words?.frame == .above ? origin.y : screen.height)
        }
        return relative.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// A keyboard key's frame: the keyboard fills the profile's height at the bottom of the
    /// screen, its rows share it equally, and each row's keys share the screen's width.
    func keyFrame(_ key: KeyboardKey) -> Frame {
        guard let keyboard = profile.onScreenKeyboard, !keyboard.rows.isEmpty else { return Frame(x: 0, y: 0, width: 0, height: 0) }
        let name: String
        switch key {
        case .character(let character): name = character
        case .shift: name = "shift"
        case .delete: name = "delete"
        case .space: name = "space"
        case .returnKey: name = "return"
        case .other(let other): name = other
        }
        let rowHeight = keyboard.height / Double(keyboard.rows.count)
        for (row, keys) in keyboard.rows.enumerated() {
            guard let column = keys.firstIndex(of: name) else { continue }
            let width = screen.width / Double(keys.count)
            return Frame(x: width * Double(column), y: screen.height - keyboard.height + rowHeight * Double(row),
                         width: width, height: rowHeight)
        }
        return Frame(x: 0, y: 0, width: 0, height: 0)
    }

    /// Whether the scene has an on-screen keyboard (the profile has one and the scene a text entry).
    public var hasKeyboard: Bool { !storage.keyboardKeys.isEmpty }

    /// The keys of the on-screen keyboard while `editing` is editing: every key, with the Return
    /// key of its `returnKey:` type (a text area's is `default`).
    public func keyboard(for editing: ElementRef) -> [ElementRef] {
        let type = self[editing].role == .textArea ? "default" : self[editing].returnKey ?? "default"
        return storage.keyboardKeys.filter {
            if case .key(.returnKey(let key)) = self[$0].system { return key == type }
            return true
        }
    }

    /// Whether a touch at a point reaches an element: inside its frame, and for a dismiss
    /// element outside its presentation too (it lies beneath it).
    public func isHit(_ ref: ElementRef, x: Double, y: Double, in state: SceneState) -> Bool {
        guard absoluteFrame(of: ref, in: state).contains(x: x, y: y) else { return false }
        guard self[ref].system == .dismiss, let id = self[ref].surface.presentationID,
              let shown = state.stack.last(where: { $0.id == id }) else { return true }
        return !frame(of: shown, in: state).contains(x: x, y: y)
    }

    /// Whether a shown presentation's dismiss element is in scope: a popover's always; a
    /// sheet's dimming view while the sheet is dimmed (modal) and no sheet is stacked on it.
    public func dismissElementShows(at index: Int, in state: SceneState) -> Bool {
        guard state.stack.indices.contains(index), let presentation = presentations[state.stack[index].id],
              presentation.dismissElement != nil else { return false }
        if presentation.dismissElementLast { return true }
        return isModal(state.stack[index])
            && !state.stack[(index + 1)...].contains { presentations[$0.id]?.style.isSheet ?? false }
    }

    /// Whether the current detent clips the element: its frame is not wholly
    /// inside its presentation's visible area (docs/format.md).
    public func isClipped(_ ref: ElementRef, in state: SceneState) -> Bool {
        guard let shown = clippingPresentation(of: ref, in: state) else { return false }
        return isClipped(ref, within: frame(of: shown, in: state))
    }

    /// The shown presentation whose detent may clip the element; nil for an element no detent
    /// clips (the parent view's, a dimming view's, one whose presentation is not shown).
    public func clippingPresentation(of ref: ElementRef, in state: SceneState) -> SceneState.Shown? {
        if case .root = self[ref].surface { return nil }   // the parent view is never clipped
        if self[ref].system == .dismiss { return nil }     // nor the dimming view around a presentation
        guard let id = self[ref].surface.presentationID else { return nil }
        return state.stack.last { $0.id == id }
    }

    /// Whether an element of a presentation whose frame is `area` (``frame(of:in:)``) lies
    /// partly outside it. A reader stepping through a sheet works the area out once, not per
    /// step (it takes lookups by the presentation's name, its geometry and its detent).
    public func isClipped(_ ref: ElementRef, within area: Frame) -> Bool {
        let visible = Frame(x: 0, y: 0, width: area.width, height: area.height)
        return !visible.contains(layout.frames[ref.index])
    }

    /// The elements the cursor may reach now, in scope order (docs/decisions.md):
    /// the root's, then each presentation's from the bottom-most to the
    /// topmost, each sheet's grabber first (then its dimming view while it is
    /// dimmed), a popover's or menu's dismiss element last; nothing below the topmost modal
    /// presentation; hidden subtrees skipped; a `modal: true` group hiding
    /// its siblings; parent elements wholly covered by a sheet left out.
    ///
    /// This walks the tree once; callers that step through the scope keep
    /// the result until the state changes.
    public func scope(in state: SceneState) -> [ElementRef] {
        let firstShown = state.stack.lastIndex { isModal($0) } ?? -1
        var result: [ElementRef] = []
        if firstShown < 0 {
            result = visibleElements(of: layout.surfaceOrder[.root] ?? [], in: state)
        }
        for index in state.stack.indices where index >= max(firstShown, 0) {
            let shown = state.stack[index]
            guard let presentation = presentations[shown.id] else { continue }
            if let grabber = presentation.grabberElement, grabberShows(at: index, in: state) {
                result.append(grabber)
            }
            let dismiss = presentation.dismissElement.flatMap { dismissElementShows(at: index, in: state) ? $0 : nil }
            if let dismiss, !presentation.dismissElementLast { result.append(dismiss) }
            result += visibleElements(of: layout.surfaceOrder[.presentation(shown.id, page: shown.page)] ?? [], in: state)
            if let dismiss, presentation.dismissElementLast { result.append(dismiss) }
        }
        result = removingCovered(result, in: state)
        // While a text entry in scope is editing, the on-screen keyboard is up: its keys come last.
        if let editing = state.editing, !storage.keyboardKeys.isEmpty, result.contains(editing) {
            result += keyboard(for: editing)
        }
        return result
    }

    /// Focusable, visible elements of a surface in reading order.
    private func visibleElements(of topLevel: [ElementRef], in state: SceneState) -> [ElementRef] {
        let flags = storage.scopeFlags
        let noOverrides = state.overrides.isEmpty
        // Hidden as the file says, unless an override or a condition decides.
        func isHidden(_ ref: ElementRef) -> Bool {
            let bits = flags[ref.index]
            if noOverrides, bits & ScopeFlags.hiddenDepends == 0 { return bits & ScopeFlags.hidden != 0 }
            return state.isHidden(ref, in: self)
        }
        func keepingModal(_ siblings: [ElementRef]) -> [ElementRef] {
            guard storage.hasModalGroups,
                  let modal = siblings.last(where: { flags[$0.index] & ScopeFlags.modal != 0 && !isHidden($0) }) else {
                return siblings
            }
            return [modal]
        }
        var result: [ElementRef] = []
        var stack = Array(keepingModal(topLevel).reversed())
        while let ref = stack.popLast() {
            if isHidden(ref) { continue }
            if flags[ref.index] & ScopeFlags.focusable != 0 { result.append(ref) }
            stack.append(contentsOf: keepingModal(layout.orderedChildren[ref.index]).reversed())
        }
        return result
    }

    /// Leaves out elements of a surface wholly covered by a sheet shown above it.
    private func removingCovered(_ refs: [ElementRef], in state: SceneState) -> [ElementRef] {
        let sheets: [(level: Int, frame: Frame)] = state.stack.enumerated().compactMap { index, shown in
            guard presentations[shown.id]?.style.isSheet ?? false else { return nil }
            return (index, frame(of: shown, in: state))
        }
        guard !sheets.isEmpty else { return refs }
        let level: [String: Int] = Dictionary(state.stack.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { $1 })
        return refs.filter { ref in
            let own = self[ref].surface.presentationID.flatMap { level[$0] } ?? -1
            let frame = absoluteFrame(of: ref, in: state)
            return !sheets.contains { $0.level > own && $0.frame.contains(frame) }
        }
    }
}
