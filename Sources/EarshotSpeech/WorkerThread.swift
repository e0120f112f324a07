import EarshotFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A serial executor with a thread of its own: an ``EspeakEngine`` runs on it, so that the
/// engine's waits for its workers (`poll(2)` until a result comes, up to the stall deadline)
/// block this thread, never one of the concurrency pool's few, which the rest of a run (loading,
/// running scenarios, writing audio) shares.
///
/// The thread holds only the job queue, never the executor: when the executor goes (its engine
/// gone, no job of it left), the queue is stopped and the thread ends, so engines made for a
/// test or a bench phase leave no threads behind.
final class WorkerThread: SerialExecutor, @unchecked Sendable {
    /// The jobs waiting, shared by the executor (which adds them) and the thread (which runs them).
    private final class Queue: @unchecked Sendable {
        let condition = NSCondition()
        var jobs: [UnownedJob] = []
        var stopped = false
        /// The thread's system id, once it runs (for checking where work runs).
        var thread: pthread_t?

        /// The next job, waiting for one; nil once stopped with none left.
        func next() -> UnownedJob? {
            condition.lock()
            defer { condition.unlock() }
            while jobs.isEmpty && !stopped { condition.wait() }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }

    private let queue = Queue()
    /// Where jobs run when the thread could not start (no memory for its stack): a serial queue
    /// of Dispatch's threads, whose waits then hold one of them, rather than jobs never run.
    private var fallback: DispatchQueue?   // set in init only, before any job comes

    init(name: String) {
        let queue = self.queue
        let executor = UnownedSerialExecutor(ordinary: self)
        do throws(SystemThread.StartError) {
            try SystemThread.start {
                // Named from inside (for debuggers): on Linux a thread starts with the name of the one
                // that made it, and a name set before it starts does not reach the system.
                Thread.current.name = name
                queue.condition.lock()
                queue.thread = pthread_self()
                queue.condition.unlock()
                // A job keeps its actor, and so this executor, alive while it runs.
                while let job = queue.next() { job.runSynchronously(on: executor) }
            }
        } catch {
            fallback = DispatchQueue(label: name)
        }
    }

    deinit {
        queue.condition.lock()
        queue.stopped = true
        queue.condition.broadcast()
        queue.condition.unlock()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if let fallback {
            let executor = asUnownedSerialExecutor()
            fallback.async { job.runSynchronously(on: executor) }
            return
        }
        queue.condition.lock()
        queue.jobs.append(job)
        queue.condition.signal()
        queue.condition.unlock()
    }

    /// Whether the calling code runs on this executor's thread.
    var isCurrent: Bool {
        queue.condition.lock()
        defer { queue.condition.unlock() }
        return queue.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
