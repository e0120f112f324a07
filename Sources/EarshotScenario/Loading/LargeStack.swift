import Foundation

/// Runs work on a thread with a large stack, so that composing and
/// converting a deeply nested (but bounded) document cannot overflow the
/// caller's stack, whatever thread the caller is on.
package enum LargeStack {
    package static let size = 256 << 20

    package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = work()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    /// Runs `work(lane)` for each lane in `0..<lanes`, each on its own thread with a large stack, at once.
    package static func run<T: Sendable>(lanes: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        let boxes = (0..<lanes).map { _ in ResultBox<T>() }
        let done = DispatchSemaphore(value: 0)
        for lane in 0..<lanes {
            let box = boxes[lane]
            let thread = Thread {
                box.value = work(lane)
                done.signal()
            }
            thread.stackSize = size
            thread.start()
        }
        for _ in 0..<lanes { done.wait() }
        return boxes.map { $0.value! }
    }

    /// Starts `work(lane)` for each lane in `0..<lanes`, each on its own thread with a large
    /// stack, and returns at once; `whenDone` runs after the last lane ends.
    package static func start(lanes: Int, yielding: Bool = false, _ work: @escaping @Sendable (Int) -> Void,
                      whenDone: @escaping @Sendable () -> Void) {
        let remaining = Countdown(lanes)
        for lane in 0..<lanes {
            let thread = Thread {
                #if os(Linux)
                // Yielding threads run at a lower priority (nice 10, this thread only): work that
                // runs alongside speech synthesis should not take its core.
                if yielding { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }   // 0: the calling thread, on Linux
                #endif
                work(lane)
                if remaining.tick() { whenDone() }
            }
            thread.stackSize = size
            thread.start()
        }
    }

    private final class Countdown: @unchecked Sendable {
        private let lock = NSLock()
        private var count: Int
        init(_ count: Int) { self.count = count }
        /// Counts one down; true for the last.
        func tick() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            count -= 1
            return count == 0
        }
    }

    /// Runs loading work that throws ``LoadError`` on the large stack.
    package static func load<T: Sendable>(_ work: @escaping @Sendable () throws(LoadError) -> T) throws(LoadError) -> T {
        try run { () -> Result<T, LoadError> in
            do throws(LoadError) { return .success(try work()) } catch { return .failure(error) }
        }.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}
