import EarshotCore

extension ScreenReader {
    /// One-finger flick right: the next element in scope; at the end a `boundary` earcon (no wrap-around).
    @discardableResult
    public mutating func swipeRight(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return flick(by: 1, gesture: Gesture(.swipeRight))
    }

    /// One-finger flick left: the previous element in scope; at the start a `boundary` earcon.
    @discardableResult
    public mutating func swipeLeft(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return flick(by: -1, gesture: Gesture(.swipeLeft))
    }

    /// A flick (or VO-Right / VO-Left) recorded as the step `gesture`.
    mutating func flick(by offset: Int, gesture: Gesture) -> [ReaderEvent] {
        // The usual flick, from an element in scope to its neighbour that no detent clips, is
        // recorded directly; its events are those `begin`, `step` and `end` make (a test compares them).
        if fastFlicks, pending == nil, let cursor, let index = position(of: cursor) {
            let next = index + offset
            if let target = scopeElement(at: next), !isClipped(target) {
                return recordFlick(to: target, at: next, written: gesture.written)
            }
        }
        begin(gesture)
        step(by: offset)
        return end()
    }

    /// A flick's step: the focus, then the element's description, hint and `Actions Available`,
    /// none cancelled, laid on the virtual clock.
    private mutating func recordFlick(to ref: ElementRef, at position: Int, written: String) -> [ReaderEvent] {
        if cursor != ref { actionIndex = nil }
        if !lastPosted.isEmpty { lastPosted = [] }
        cursor = ref
        cursorPosition = position
        var counted = DescriptionBuilder.Counted()
        let speech = describer.speech(for: ref, in: state, hints: hints, counted: &counted)
        var events: [ReaderEvent] = []
        events.reserveCapacity(2 + (speech.hint == nil ? 0 : 1) + (speech.actionsAvailable == nil ? 0 : 1))
        events.append(.focus(ref))
        var clock = self.clock
        let estimator = self.estimator
        func spoken(_ text: String, _ kind: SpeechKind, _ counts: SpeechDuration.Counts?) {
            var utterance = Utterance(text: text, kind: kind, element: ref)
            utterance.place(at: &clock, estimator: estimator, counts: counts)
            events.append(.speech(consume utterance))
        }
        spoken(speech.description, .description, counted.description)
        if let hint = speech.hint { spoken(hint, .hint, counted.hint) }
        if let actions = speech.actionsAvailable { spoken(actions, .actionsAvailable, counted.actions) }
        self.clock = clock
        steps.append(StepRecord(written: written, events: events))
        return events
    }

    private mutating func step(by offset: Int) {
        let scope = currentScope()
        guard !scope.isEmpty else { return earcon(.boundary) }
        guard let cursor, let index = position(of: cursor) else {
            // Before the first step, or after the cursor's element left scope.
            return moveCursor(to: offset > 0 ? scope[0] : scope[scope.count - 1])
        }
        let next = index + offset
        guard scope.indices.contains(next) else { return earcon(.boundary) }
        moveCursor(to: scope[next])
        cursorPosition = next
    }

    /// Four-finger tap near the top: the first element in scope.
    @discardableResult
    public mutating func first(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.first))
        moveToEnd(last: false)
        return end()
    }

    /// Four-finger tap near the bottom: the last element in scope.
    @discardableResult
    public mutating func last(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.last))
        moveToEnd(last: true)
        return end()
    }

    /// The cursor to the first or last element in scope; `boundary` when the scope is empty.
    mutating func moveToEnd(last: Bool) {
        if let ref = last ? currentScope().last : currentScope().first { moveCursor(to: ref) } else { earcon(.boundary) }
    }

    /// Touch to explore: puts the cursor on an element (by id, then exact label) and speaks it.
    @discardableResult
    public mutating func touch(_ target: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(.touch(target))
        if let ref = resolve(target) {
            if reachable(ref) {
                moveCursor(to: ref)
            } else {
                fail("'\(target)' is not reachable now")
            }
        } else {
            fail(noElement(target))
        }
        return end()
    }

    /// Touch to explore by reference (for tools that walk a scene, like the audit explorer).
    @discardableResult
    public mutating func touch(element ref: ElementRef, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(.touch(scene[ref].id ?? state.label(of: ref, in: scene)))
        if reachable(ref) { moveCursor(to: ref) } else { fail("'\(state.label(of: ref, in: scene))' is not reachable now") }
        return end()
    }

    /// Touch at a point: the topmost reachable element there.
    @discardableResult
    public mutating func tap(x: Double, y: Double, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(.tap(x: x, y: y))
        // Later in scope is higher on screen (presentations above the root); take the last hit. A
        // dismiss element lies under everything else of its presentation: it is hit only where
        // nothing else is, outside the presentation (beside, above or below it).
        let scope = currentScope()
        let scene = self.scene, state = self.state
        let hit = { (ref: ElementRef) in scene.isHit(ref, x: x, y: y, in: state) }
        if let ref = scope.last(where: { hit($0) && scene[$0].system != .dismiss }) ?? scope.last(where: hit) {
            moveCursor(to: ref)
        } else {
            fail("no reachable element at [\(NumberText.canonical(x)), \(NumberText.canonical(y))]")
        }
        return end()
    }

    /// Two-finger swipe up: reads every element from the top; the cursor ends on the last.
    @discardableResult
    public mutating func readAll(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.readAll))
        read(from: 0)
        return end()
    }

    /// Two-finger swipe down: reads from the cursor to the end.
    @discardableResult
    public mutating func readFromHere(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.readFromHere))
        readFromCursor()
        return end()
    }

    /// Reads from the cursor's element (from the top when the cursor is on none in scope).
    mutating func readFromCursor() {
        read(from: cursor.flatMap { position(of: $0) } ?? 0)
    }

    private mutating func read(from start: Int) {
        let scope = currentScope()
        guard start < scope.count else { return earcon(.boundary) }
        // Each element is a cursor move: one the detent clips expands its sheet as it is reached,
        // as VoiceOver scrolls while it reads (docs/decisions.md). Parent elements come before a sheet's
        // in scope order, so an expansion can only drop elements that were already read.
        for ref in scope[start...] {
            moveCursor(to: ref, speak: false)
            speakElement(ref, hints: false, chained: true)
        }
    }

    /// Two-finger tap: stops speech. Gestures here wait for the previous step's
    /// speech to finish, so there is nothing left to stop; the step is recorded.
    @discardableResult
    public mutating func pause(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.pause))
        return end()
    }

    /// Lets queued speech finish: advances the virtual clock.
    @discardableResult
    public mutating func wait(_ seconds: Double, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(.wait(seconds))
        // A scenario file cannot say more than a day (bad input where it is written); the Swift
        // API fails the step instead of moving the clock to where its times stop being numbers.
        if (0...Gesture.maximumSeconds).contains(seconds) {
            clock += seconds
        } else {
            fail("wait \(NumberText.canonical(seconds))s is not a duration from 0 to a day (\(NumberText.canonical(Gesture.maximumSeconds)) seconds)")
        }
        return end()
    }

    /// Two-finger rotate: selects a rotor and speaks its name.
    @discardableResult
    public mutating func rotor(_ rotor: Rotor, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(.rotor(rotor))
        self.rotor = rotor
        actionIndex = nil
        let names = scene.profile.rotors
        let name = switch rotor {
        case .actions: names.actions
        case .headings: names.headings
        case .links: names.links
        case .containers: names.containers
        case .adjust: names.adjust
        }
        say(name, kind: .feedback)
        return end()
    }

    /// One-finger flick up: the rotor's action (docs/format.md).
    @discardableResult
    public mutating func swipeUp(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.swipeUp))
        vertical(up: true)
        return end()
    }

    /// One-finger flick down: the rotor's action (docs/format.md).
    @discardableResult
    public mutating func swipeDown(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [ReaderEvent] {
        caller = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        begin(Gesture(.swipeDown))
        vertical(up: false)
        return end()
    }

    private mutating func vertical(up: Bool) {
        switch rotor {
        case nil, .adjust?:
            guard let cursor, scene[cursor].traits.contains(.adjustable) else { return earcon(.boundary) }
            adjust(cursor, up: up)
        case .actions?:
            guard let cursor else { return earcon(.boundary) }
            let actions = scene.actions(of: cursor, in: state)
            guard !actions.isEmpty else { return earcon(.boundary) }
            let next = up ? (actionIndex ?? actions.count) - 1 : (actionIndex ?? -1) + 1
            guard actions.indices.contains(next) else {
                // Past either end: the element's default action, where the profile lists one
                // (the rotor comes round to it), else the boundary.
                guard let activate = scene.profile.rotors.defaultAction, actionIndex != nil else { return earcon(.boundary) }
                actionIndex = nil
                return say(activate, kind: .feedback, element: cursor)
            }
            actionIndex = next
            say(actions[next].name, kind: .feedback, element: cursor)
        case .headings?:
            jump(up: up) { element, _ in element.traits.contains(.header) }
        case .links?:
            jump(up: up) { element, _ in element.traits.contains(.link) }
        case .containers?:
            jumpToContainer(up: up)
        }
    }

    /// Moves to the next / previous element in scope that matches, with `boundary` at the ends.
    /// `matches` is asked of each element with its reference.
    mutating func jump(up: Bool, where matches: (Element, ElementRef) -> Bool) {
        let scope = currentScope()
        let here = cursor.flatMap { position(of: $0) }
        let candidates = up ? Array(scope.indices.reversed()) : Array(scope.indices)
        let target = candidates.first { index in
            guard matches(scene[scope[index]], scope[index]) else { return false }
            guard let here else { return true }
            return up ? index < here : index > here
        }
        guard let target else { return earcon(.boundary) }
        moveCursor(to: scope[target])
    }

    /// Containers: labelled groups and groups with a `container:` type; moves to the first
    /// reachable element of the next / previous one.
    private mutating func jumpToContainer(up: Bool) {
        let scope = currentScope()
        var starts: [Int] = []   // scope positions where a labelled group's elements begin
        var seen: Set<ElementRef> = []
        for (index, ref) in scope.enumerated() {
            var ancestor = scene[ref].role == .group ? ref : scene[ref].parent
            while let group = ancestor {
                if scene[group].role == .group, !scene[group].label.isEmpty || scene[group].container != nil,
                   seen.insert(group).inserted {
                    starts.append(index)
                }
                ancestor = scene[group].parent
            }
        }
        let here = cursor.flatMap { position(of: $0) }
        let ordered = up ? starts.reversed() : starts
        let target = ordered.first { index in
            guard let here else { return true }
            return up ? index < here : index > here
        }
        guard let target else { return earcon(.boundary) }
        moveCursor(to: scope[target])
    }
}
