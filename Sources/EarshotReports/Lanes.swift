import Dispatch

/// Work a report splits into independent parts (an HTML page per scenario, a JSON object per
/// scenario), done on up to `jobs` threads at once, in lanes: lane `l` of `n` takes parts
/// `l`, `l + n`, `l + 2n` …, so that a run of long parts does not land on one lane. The results
/// keep the parts' order, so the output is the same byte for byte whatever `jobs` is.
enum Lanes {
    /// `transform` of each element, in order, on `jobs` lanes (one lane: on this thread). The
    /// first error by position is thrown, after every lane has stopped; a transform that
    /// cannot throw makes a map that cannot (typed throws: `Failure` is `Never`).
    static func map<Element: Sendable, Result, Failure: Error>(
        _ elements: [Element], jobs: Int, _ transform: (Element) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        let lanes = max(1, min(jobs, elements.count))
        if lanes == 1 { return try elements.map(transform) }
        var outcomes = [Swift.Result<Result, Failure>?](repeating: nil, count: elements.count)
        outcomes.withUnsafeMutableBufferPointer { slots in
            // Each lane writes only its own slots.
            let slots = UncheckedSendable(slots)
            withoutActuallyEscaping(transform) { transform in
                let transform = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    for index in stride(from: lane, to: elements.count, by: lanes) {
                        slots.value[index] = Swift.Result { () throws(Failure) -> Result in try transform.value(elements[index]) }
                    }
                }
            }
        }
        return try outcomes.map { outcome throws(Failure) -> Result in try outcome!.get() }
    }

    /// Runs `body` for each element on `jobs` lanes, as ``map(_:jobs:_:)``.
    static func forEach<Element: Sendable>(_ elements: [Element], jobs: Int, _ body: (Element) throws -> Void) throws {
        _ = try map(elements, jobs: jobs, body)
    }
}

/// A value handed to lanes that use it each in their own part (see ``Lanes``).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
