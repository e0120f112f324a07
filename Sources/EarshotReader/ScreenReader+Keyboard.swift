import EarshotCore

// Keyboard navigation, as a VoiceOver user drives a Mac: VoiceOver commands
// (VO is Control-Option) and plain keys. They work on every platform; each is
// one of the reader's moves under another name.

extension ScreenReader {
    /// A VoiceOver command on a Mac keyboard, VO held (`vo: right`).
    ///
    /// ```swift
    /// reader.vo(.right)    // VO-Right Arrow: the next element, as swipeRight
    /// reader.vo(.space)    // VO-Space: activates it, as doubleTap
    /// ```
    public enum VOKey: String, CaseIterable, Hashable, Sendable {
        /// VO-Right Arrow: the next element in scope, as ``ScreenReader/swipeRight()``.
        case right
        /// VO-Left Arrow: the previous element in scope, as ``ScreenReader/swipeLeft()``.
        case left
        /// VO-Space: activates the element under the cursor, as ``ScreenReader/doubleTap()``.
        case space
        /// VO-Home: the first element in scope, as ``ScreenReader/first()``.
        case home
        /// VO-End: the last element in scope, as ``ScreenReader/last()``.
        case end
        /// VO-A: reads from the cursor to the end, as ``ScreenReader/readFromHere()``.
        case a
    }

    /// A key pressed without VO (`key: shift-tab`).
    ///
    /// ```swift
    /// reader.key(.tab)       // the next control: buttons, fields, switches, sliders, links, tabs
    /// reader.key(.return)    // the sheet's default button
    /// ```
    public enum Key: String, CaseIterable, Hashable, Sendable {
        /// Escape: as ``ScreenReader/scrub()`` (cancels a sheet, an alert, a popover).
        case escape
        /// Tab: the next control in scope; `boundary` after the last.
        case tab
        /// Shift-Tab: the previous control in scope; `boundary` before the first.
        case shiftTab = "shift-tab"
        /// Space: activates the element under the cursor, as ``ScreenReader/doubleTap()``.
        case space
        /// Return: the topmost presentation's default button, else the element under the cursor.
        case `return`
        /// Command-Period: cancels as Escape does, where the profile's `keyboard.cancel` has it.
        case commandPeriod = "command-period"
        /// Command-D: the topmost presentation's "Don't Save" button (the profile's
        /// `keyboard.dontSave`), unless it is the default button.
        case commandD = "command-d"
    }

    /// Presses a VoiceOver command (VO-Right, VO-Space, …): one step, written `vo: KEY`.
    ///
    /// ```swift
    /// reader.vo(.right)
    /// reader.lastDescription    // "New Note. Button."
    /// reader.steps.last?.step   // "vo: right"
    /// ```
    @discardableResult
    public mutating func vo(_ key: VOKey, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let gesture = Gesture.vo(key)
        switch key {
        case .right: return flick(by: 1, gesture: gesture)
        case .left: return flick(by: -1, gesture: gesture)
        case .space, .home, .end, .a: break
        }
        begin(gesture)
        switch key {
        case .space: activate()
        case .home: moveToEnd(last: false)
        case .end: moveToEnd(last: true)
        case .a: readFromCursor()
        case .right, .left: break
        }
        return end()
    }

    /// Presses a key without VO (Escape, Tab, Shift-Tab, Space, Return, Command-Period,
    /// Command-D): one step, written `key: KEY`.
    ///
    /// ```swift
    /// reader.key(.tab)          // skips text, headings and images
    /// reader.lastDescription    // "Name. Text Field."
    /// reader.key(.escape)       // as scrub: the sheet is cancelled
    /// ```
    @discardableResult
    public mutating func key(_ key: Key, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(.key(key))
        switch key {
        case .escape, .commandPeriod:
            // Escape cancels everywhere (a scrub by another name); Command-Period where the platform has it.
            guard key == .escape || scene.profile.keyboard?.cancel.contains(key.rawValue) == true else {
                fail("\(key.rawValue) does nothing on \(scene.platform.rawValue)")
                break
            }
            escape()
        case .commandD:
            // NSAlert: "Don't Save" answers Command-D "but only if it's not the first button".
            if let label = scene.profile.keyboard?.dontSave, let top = state.topmost?.id,
               let button = scope.first(where: { scene[$0].surface.presentationID == top && scene[$0].label == label }),
               button != defaultButton(), state.isEnabled(button, in: scene) {
                activate(button)
            }
        case .tab, .shiftTab:
            // The key view loop: enabled controls only (a disabled control takes no keyboard focus).
            let scene = self.scene, state = self.state
            jump(up: key == .shiftTab) { element, ref in Self.isControl(element) && state.isEnabled(ref, in: scene) }
        case .space: activate()
        case .return:
            // A dimmed default button takes no Return: nothing happens, as on a Mac.
            if let button = defaultButton() {
                if state.isEnabled(button, in: scene) { activate(button) }
            } else {
                activate()
            }
        }
        return end()
    }

    /// What Tab stops at: elements a user operates, not text, headings or images.
    static func isControl(_ element: Element) -> Bool {
        !element.traits.isDisjoint(with: [.button, .textEntry, .searchField, .switchButton, .adjustable, .link, .tab])
    }

    /// The topmost presentation's default button, the one Return presses: its button with
    /// `role: default`; in an alert, its top, then trailing-most, action that does not cancel;
    /// else its primary action, the last trailing bar button in scope that does not cancel
    /// (Cancel, or an `activate` with `cancel`, sits trailing too in some layouts).
    func defaultButton() -> ElementRef? {
        guard let top = state.topmost?.id else { return nil }
        let own = scope.filter { scene[$0].surface.presentationID == top && scene[$0].system == nil }
        if let marked = own.first(where: { scene[$0].buttonRole == .default }) { return marked }
        if scene.presentations[top]?.style == .alert {
            // "Always place the default button on the trailing side of a row or at the top of a
            // stack" (HIG, Alerts): the topmost, then trailing-most, action that does not cancel.
            let scene = self.scene, state = self.state
            let actions = own.filter { scene[$0].traits.contains(.button) && scene[$0].buttonRole != .cancel }
            return actions.min { a, b in
                let fa = scene.absoluteFrame(of: a, in: state), fb = scene.absoluteFrame(of: b, in: state)
                return fa.y != fb.y ? fa.y < fb.y : fa.x > fb.x
            }
        }
        return own.last { ref in
            let element = scene[ref]
            guard element.placement == .topTrailing || element.placement == .bottomTrailing,
                  element.label != scene.profile.bar.cancel else { return false }
            let cancels = element.behaviours[.activate]?.actions.contains { $0.kind == .cancel } ?? false
            return !cancels
        }
    }
}
