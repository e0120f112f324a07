import EarshotCore

/// The step being performed: its events and speech requests in the order they happened.
struct PendingStep {
    var written: String
    var events: [(sequence: Int, event: ReaderEvent)] = []
    var queue = SpeechQueue()
    var sequence = 0
    /// A ``ScreenReader/fail(_:)`` was emitted: the step could not act.
    var failed = false

    mutating func next() -> Int {
        sequence += 1
        return sequence
    }

    /// Empties the step for reuse, keeping its buffers.
    mutating func recycle() {
        events.removeAll(keepingCapacity: true)
        queue.removeAll()
        sequence = 0
        failed = false
    }
}

extension ScreenReader {
    /// Starts the step of a gesture, recorded as the gesture writes itself (`touch: compose`).
    mutating func begin(_ gesture: Gesture) {
        begin(gesture.written)
    }

    mutating func begin(_ written: String) {
        if !lastPosted.isEmpty { lastPosted = [] }
        // The last step's buffers, emptied, so that a step allocates only what it records.
        if var step = recycled {
            recycled = nil
            step.written = written
            pending = step
        } else {
            pending = PendingStep(written: written)
        }
    }

    /// Ends the step: resolves the speech queue, lays the step on the virtual
    /// clock, records it and returns its events.
    @discardableResult
    mutating func end() -> [ReaderEvent] {
        guard var step = pending else { return [] }
        pending = nil
        // Transcript order: the step's events and its surviving speech by sequence (low-priority
        // speech, which is never cancelled, after everything else). Events and speech are each
        // already in sequence order, so they are merged, not sorted.
        var events: [ReaderEvent] = []
        events.reserveCapacity(step.events.count + step.queue.count)
        var clock = self.clock
        let estimator = self.estimator
        func place(_ event: ReaderEvent) {
            switch event {
            case .earcon(let earcon, _):
                events.append(.earcon(earcon, at: clock))
                clock += earcon.length + SpeechTiming.earconGap
            case .speech(var utterance):
                utterance.place(at: &clock, estimator: estimator)
                events.append(.speech(utterance))
            default:
                events.append(event)
            }
        }
        var next = 0
        let start = clock
        for request in step.queue.requests where request.utterance.priority != .low && request.delay == nil {
            while next < step.events.count, step.events[next].sequence < request.sequence {
                place(step.events[next].event)
                next += 1
            }
            place(.speech(request.utterance))
        }
        while next < step.events.count {
            place(step.events[next].event)
            next += 1
        }
        // Delayed speech, posted after the rest began: each no earlier than its delay.
        if step.queue.hasDelayed {
            let delayed = step.queue.requests.compactMap { request in request.delay.map { ($0, request.utterance) } }
            for (delay, utterance) in delayed.sorted(by: { $0.0 < $1.0 }) {
                clock = max(clock, start + delay)
                place(.speech(utterance))
            }
        }
        for request in step.queue.requests where request.utterance.priority == .low && request.delay == nil {
            place(.speech(request.utterance))
        }
        self.clock = clock
        steps.append(StepRecord(written: step.written, events: events))
        if step.failed, let caller { failureLocations[steps.count - 1] = caller }
        step.recycle()
        recycled = step
        refreshScope()
        return events
    }

    mutating func emit(_ event: ReaderEvent) {
        guard pending != nil else { return }
        let sequence = pending!.next()
        if pending!.events.isEmpty { pending!.events.reserveCapacity(4) }   // one allocation for a usual step
        pending!.events.append((sequence, event))
    }

    mutating func earcon(_ earcon: Earcon) { emit(.earcon(earcon, at: 0)) }

    /// Records that the step could not act.
    mutating func fail(_ message: String) {
        pending?.failed = true
        emit(.stepFailed(message))
    }

    /// Queues speech; `after` seconds, when given, posts it that long after the step began
    /// (a delayed announcement): it follows the step's other speech and nothing cuts it off.
    mutating func say(_ text: String, kind: SpeechKind, priority: SpeechPriority = .default, element: ElementRef? = nil,
                      after delay: Double? = nil) {
        guard pending != nil else { return }
        let sequence = pending!.next()
        pending!.queue.enqueue([Utterance(text: text, kind: kind, element: element)], priority: priority,
                               delay: delay, sequence: sequence)
    }

    /// Queues an element's description, hint and `Actions Available`, which share one fate;
    /// `introducedBy` is said first (an alert's `Alert`) and the descriptions of `followedBy`
    /// after the description (an alert's message), in the same fate.
    mutating func speakElement(_ ref: ElementRef, hints: Bool? = nil, chained: Bool = false,
                               introducedBy intro: String? = nil, introAfter: Bool = false,
                               followedBy followers: [ElementRef] = []) {
        guard pending != nil else { return }
        let speech = describer.speech(for: ref, in: state, hints: hints ?? self.hints)
        let sequence = pending!.next()
        let group = pending!.queue.openGroup(priority: .default, chained: chained)
        func introduce() {
            guard let intro else { return }
            pending!.queue.add(Utterance(text: intro, kind: .feedback, element: ref), group: group,
                               priority: .default, chained: chained, sequence: sequence)
        }
        if !introAfter { introduce() }
        pending!.queue.add(Utterance(text: speech.description, kind: .description, element: ref), group: group,
                           priority: .default, chained: chained, sequence: sequence)
        if introAfter { introduce() }
        for follower in followers {
            pending!.queue.add(Utterance(text: describer.description(of: follower, in: state), kind: .feedback,
                                         element: follower),
                               group: group, priority: .default, chained: chained, sequence: sequence)
        }
        guard !chained else { return }
        if let hint = speech.hint {
            pending!.queue.add(Utterance(text: hint, kind: .hint, element: ref), group: group,
                               priority: .default, chained: chained, sequence: sequence)
        }
        if let actions = speech.actionsAvailable {
            pending!.queue.add(Utterance(text: actions, kind: .actionsAvailable, element: ref), group: group,
                               priority: .default, chained: chained, sequence: sequence)
        }
    }

    /// Puts the cursor on an element: the Actions rotor's choice resets when
    /// it moves; a clipped element expands its sheet first; then it is spoken.
    mutating func moveCursor(to ref: ElementRef, speak: Bool = true) {
        if cursor != ref { actionIndex = nil }
        cursor = ref
        emit(.focus(ref))
        revealIfClipped(ref)
        if speak { speakElement(ref) }
    }

    /// Expands the element's sheet to the smallest detent that shows it wholly, or the largest.
    mutating func revealIfClipped(_ ref: ElementRef) {
        guard isClipped(ref), let id = scene[ref].surface.presentationID,
              let index = state.stack.lastIndex(where: { $0.id == id }),
              let presentation = scene.presentations[id], presentation.style.isResizable,
              let current = presentation.detentIndex(state.stack[index].detent) else { return }
        var target = presentation.detents.count - 1
        for candidate in presentation.detents.indices where candidate > current {
            var trial = state
            trial.stack[index].detent = presentation.detents[candidate].id
            if !scene.isClipped(ref, in: trial) {
                target = candidate
                break
            }
        }
        guard target != current else { return }
        setDetent(presentation.detents[target].id, at: index, posting: \.reveal)
    }

    /// A sheet's new detent, with the sound of what UIKit posts for it (the profile's
    /// `notifications.posted.detent`, or `.reveal` when the sheet grows to show the cursor's element).
    mutating func setDetent(_ detent: String, at index: Int,
                            posting change: KeyPath<Profile.Notifications.Posted, Profile.Notifications.Kind> = \.detent) {
        let id = state.stack[index].id
        changeState { $0.stack[index].detent = detent }
        emit(.detentChanged(id, detent))
        uikitPosted(change)
    }
}

extension Utterance {
    /// Places the utterance on the virtual clock at `clock`: spoken to its end, it lasts as long
    /// as its text takes at the reader's rate, and the clock moves past it and the gap after it; interrupted,
    /// it takes no time. The one rule for a step's end and for a flick recorded directly.
    /// `counts`: what the estimate counts in the text, when known (else the text is counted).
    mutating func place(at clock: inout Double, estimator: SpeechDuration.Estimator, counts: SpeechDuration.Counts? = nil) {
        start = clock
        if interrupted {
            duration = 0
        } else {
            duration = estimator.seconds(text, counts: counts)
            clock += duration + SpeechTiming.gap
        }
    }
}
