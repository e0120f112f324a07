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
    }

    private(set) var requests: [Request] = []
    private var nextGroup = 0

    /// Queues a group of utterances that share a fate (a description with its hint).
    mutating func enqueue(_ utterances: [Utterance], priority: SpeechPriority, chained: Bool = false, sequence: Int) {
        guard !utterances.isEmpty else { return }
        let group = openGroup(priority: priority, chained: chained)
        for utterance in utterances {
            add(utterance, group: group, priority: priority, chained: chained, sequence: sequence)
        }
    }

    /// Starts a group: applies its cancellations and returns its number. Then ``add(_:group:priority:chained:sequence:)``
    /// each of its utterances (no array of them is made: a description is queued on every step).
    mutating func openGroup(priority: SpeechPriority, chained: Bool) -> Int {
        let group = nextGroup
        nextGroup += 1
        if priority != .low {
            for index in requests.indices where requests[index].utterance.priority == .default
                && !requests[index].utterance.interrupted && !(chained && requests[index].chained) {
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

    /// The requests in transcript order, each with its sequence number:
    /// in the order issued, low ones after the rest.
    func resolved() -> [(sequence: Int, utterance: Utterance)] {
        let ordered = requests.filter { $0.utterance.priority != .low } + requests.filter { $0.utterance.priority == .low }
        return ordered.map { ($0.sequence, $0.utterance) }
    }

    var isEmpty: Bool { requests.isEmpty }

    /// Forgets every request, keeping the buffer.
    mutating func removeAll() {
        requests.removeAll(keepingCapacity: true)
        nextGroup = 0
    }
    var count: Int { requests.count }
}
