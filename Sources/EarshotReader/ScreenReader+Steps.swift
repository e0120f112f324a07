import EarshotCore

/// The step being performed: its events and speech requests in the order they happened.
struct PendingStep {
    var written: String
    var events: [(sequence: Int, event: ReaderEvent)] = []
    var queue = SpeechQueue()
    var sequence = 0

    mutating func next() -> Int {
        sequence += 1
        return sequence
    }
}

extension ScreenReader {
    /// Seconds an earcon lasts on the virtual clock.
    static let earconLength = 0.15
    /// The pause between utterances.
    static let gap = 0.25

    mutating func begin(_ written: String) {
        pending = PendingStep(written: written)
    }

    /// Ends the step: resolves the speech queue, lays the step on the virtual
    /// clock, records it and returns its events.
    @discardableResult
    mutating func end() -> [ReaderEvent] {
        guard let step = pending else { return [] }
        pending = nil
        var merged: [(sequence: Int, low: Bool, event: ReaderEvent)] = step.events.map { ($0.sequence, false, $0.event) }
        for (sequence, utterance) in step.queue.resolved() {
            merged.append((sequence, utterance.priority == .low && !utterance.interrupted, .speech(utterance)))
        }
        merged = merged.enumerated().sorted { a, b in
            if a.element.low != b.element.low { return !a.element.low }
            if a.element.sequence != b.element.sequence { return a.element.sequence < b.element.sequence }
            return a.offset < b.offset
        }.map(\.element)
        var events: [ReaderEvent] = []
        for item in merged {
            switch item.event {
            case .earcon(let earcon, _):
                events.append(.earcon(earcon, at: clock))
                clock += Self.earconLength
            case .speech(var utterance):
                utterance.start = clock
                if utterance.interrupted {
                    utterance.duration = 0
                } else {
                    utterance.duration = estimatedLength(of: utterance.text)
                    clock += utterance.duration + Self.gap
                }
                events.append(.speech(utterance))
            default:
                events.append(item.event)
            }
        }
        steps.append(StepRecord(step: step.written, events: events))
        refreshScope()
        return events
    }

    /// Seconds to say a text at the reader's rate, when no audio engine says otherwise.
    func estimatedLength(of text: String) -> Double {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        return Double(max(words, 1)) * 60 / max(rate, 1)
    }

    mutating func emit(_ event: ReaderEvent) {
        guard pending != nil else { return }
        let sequence = pending!.next()
        pending!.events.append((sequence, event))
    }

    mutating func earcon(_ earcon: Earcon) { emit(.earcon(earcon, at: 0)) }

    /// Records that the step could not act.
    mutating func fail(_ message: String) { emit(.stepFailed(message)) }

    mutating func say(_ text: String, kind: SpeechKind, priority: SpeechPriority = .default, element: ElementRef? = nil) {
        guard pending != nil else { return }
        let sequence = pending!.next()
        pending!.queue.enqueue([Utterance(text: text, kind: kind, element: element)], priority: priority,
                               sequence: sequence)
    }

    /// Queues an element's description, hint and `Actions Available`, which share one fate.
    mutating func speakElement(_ ref: ElementRef, hints: Bool? = nil, chained: Bool = false) {
        guard pending != nil else { return }
        let speech = describer.speech(for: ref, in: state, hints: hints ?? self.hints)
        var group = [Utterance(text: speech.description, kind: .description, element: ref)]
        if !chained {
            if let hint = speech.hint { group.append(Utterance(text: hint, kind: .hint, element: ref)) }
            if let actions = speech.actionsAvailable {
                group.append(Utterance(text: actions, kind: .actionsAvailable, element: ref))
            }
        }
        let sequence = pending!.next()
        pending!.queue.enqueue(group, priority: .default, chained: chained, sequence: sequence)
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
        guard scene.isClipped(ref, in: state), let id = scene[ref].surface.presentationID,
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
        setDetent(presentation.detents[target].id, at: index)
    }

    mutating func setDetent(_ detent: String, at index: Int) {
        let id = state.stack[index].id
        changeState { $0.stack[index].detent = detent }
        emit(.detentChanged(id, detent))
        earcon(.layoutChanged)
    }
}
