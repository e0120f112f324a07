import EarshotCore
import EarshotFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a thread with a large stack, so that composing and
/// converting a deeply nested (but bounded) document cannot overflow the
/// caller's stack, whatever thread the caller is on.
///
/// A thread that cannot start (a memory limit, `ulimit -v`, too low for its stack) is the
/// machine's problem, said as a ``LoadError`` blamed on the environment (exit 3), never a wait
/// for a thread that does not run.
package enum LargeStack {
    package static let size = 256 << 20

    /// Runs `work` on a large stack and waits for it.
    private static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) throws(SystemThread.StartError) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        try SystemThread.start(stackSize: size) {
            box.value = work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// Starts `work(lane)` for each lane in `0..<lanes`, each on its own thread with a large
    /// stack, and returns the lanes started: the work is shared among those that start (lanes
    /// take files from one queue), and only when none can start is it an error. `whenDone` runs
    /// after the last lane started ends. `stackSize` gives each lane's stack (tests ask the
    /// impossible of some).
    package static func start(lanes: Int, yielding: Bool = false, stackSize: (Int) -> Int = { _ in size },
                              _ work: @escaping @Sendable (Int) -> Void,
                              whenDone: @escaping @Sendable () -> Void) throws(SystemThread.StartError) -> Int {
        let remaining = Countdown(lanes)
        var started = 0
        var refusal: SystemThread.StartError?
        for lane in 0..<lanes {
            do throws(SystemThread.StartError) {
                try SystemThread.start(stackSize: stackSize(lane)) {
                    #if os(Linux)
                    // Yielding threads run at a lower priority (nice 10, this thread only): work that
                    // runs alongside speech synthesis should not take its core.
                    if yielding { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }   // 0: the calling thread, on Linux
                    #endif
                    work(lane)
                    if remaining.tick() { whenDone() }
                }
                started += 1
            } catch {
                refusal = error
                // A lane that did not start is done, so the last one started still ends the run.
                if remaining.tick() { whenDone() }
            }
        }
        if started == 0, let refusal { throw refusal }
        return started
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
        let result: Result<T, LoadError>
        do throws(SystemThread.StartError) {
            result = try run { () -> Result<T, LoadError> in
                do throws(LoadError) { return .success(try work()) } catch { return .failure(error) }
            }
        } catch {
            throw LoadError(environment: error)
        }
        return try result.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}

extension LoadError {
    /// A thread that loads could not start: the machine's problem, not the file's.
    init(environment error: SystemThread.StartError) {
        self.init([.environment(error.description)])
    }
}
