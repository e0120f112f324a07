import EarshotCore

/// The speech requests of one step and the rules that decide which are
/// spoken (docs/decisions.md):
///
/// - `low` waits until every other request of the step has been spoken and
///   is never cancelled;
/// - `default` cancels every earlier `default` request of the step not yet
///   spoken, with its hint;
/// - `high` cancels every earlier `default` request; later requests cannot
///   cancel it and are spoken after it.
///
/// A description's hint and `Actions Available` share its fate (one group).
/// Requests queued with `chained` (read all) never cancel each other.
struct SpeechQueue {
    struct Request {
        var utterance: Utterance
        var group: Int
        var chained: Bool
        /// Position among the step's events, so earcons interleave correctly.
        var sequence: Int
        /// Seconds after the step began that it was posted, for speech posted later (a delayed
        /// announcement); nil for speech of the moment.
        var delay: Double? = nil
    }

    private(set) var requests: [Request] = []
    /// Whether a request was posted later (``Request/delay``), so that a step without one does
    /// not look for them.
    private(set) var hasDelayed = false
    private var nextGroup = 0

    /// Queues a group of utterances that share a fate (a description with its hint).
    /// Speech posted `delay` seconds later neither cancels nor is cancelled by the step's speech.
    mutating func enqueue(_ utterances: [Utterance], priority: SpeechPriority, chained: Bool = false,
                          delay: Double? = nil, sequence: Int) {
        guard !utterances.isEmpty else { return }
        // Speech posted later cancels nothing of the step's, as low-priority speech does.
        let group = openGroup(priority: delay == nil ? priority : .low, chained: chained)
        for utterance in utterances {
            add(utterance, group: group, priority: priority, chained: chained, sequence: sequence)
            requests[requests.count - 1].delay = delay
        }
        if delay != nil { hasDelayed = true }
    }

    /// Starts a group: applies its cancellations and returns its number. Then ``add(_:group:priority:chained:sequence:)``
    /// each of its utterances (no array of them is made: a description is queued on every step).
    mutating func openGroup(priority: SpeechPriority, chained: Bool) -> Int {
        let group = nextGroup
        nextGroup += 1
        if priority != .low {
            for index in requests.indices where requests[index].utterance.priority == .default
                && !requests[index].utterance.interrupted && !(chained && requests[index].chained)
                && requests[index].delay == nil {
                requests[index].utterance.interrupted = true
            }
        }
        return group
    }

    mutating func add(_ utterance: Utterance, group: Int, priority: SpeechPriority, chained: Bool, sequence: Int) {
        var utterance = utterance
        utterance.priority = priority
        if requests.isEmpty { requests.reserveCapacity(4) }   // a description, its hint, Actions Available
        requests.append(Request(utterance: utterance, group: group, chained: chained, sequence: sequence))
    }

    var isEmpty: Bool { requests.isEmpty }

    /// Forgets every request, keeping the buffer.
    mutating func removeAll() {
        requests.removeAll(keepingCapacity: true)
        hasDelayed = false
        nextGroup = 0
    }
    var count: Int { requests.count }
}
