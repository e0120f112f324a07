import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interrupted command leaves behind: none of its temporary files and folders.
///
/// Once ``install()`` has run (the `earshot` command does it first), SIGINT, SIGTERM and SIGHUP
/// remove every temporary file ``AtomicFile`` is writing and every scratch folder registered
/// (`earshot bench`'s), then end the process as the signal would have (status 128 + the signal's
/// number in a shell). SIGKILL cannot be caught: what it leaves is removed by the next command
/// that writes to that folder (``AtomicFile/removeStale(in:)``).
///
/// ```swift
/// Interruption.install()
/// let scratch = try Interruption.scratchFolder(named: "earshot-bench")   // removed if interrupted
/// defer { Interruption.remove(scratch) }
/// ```
public enum Interruption {
    /// The signals that clean up before they end the process.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let registry = Registry()

    /// Catches ``signals`` for the rest of the process. Call once, before anything is written.
    public static func install() {
        registry.install()
    }

    /// Creates `path` with `create` (which returns a descriptor, or -1 with `errno` set) while no
    /// interruption can pass unseen: a file created here is removed if the process is
    /// interrupted before ``forget(_:)``.
    package static func creating(_ path: String, _ create: () -> Int32) -> Int32 {
        registry.creating(path, create)
    }

    /// The file or folder at `path` is put in place or removed: an interruption leaves it.
    package static func forget(_ path: String) {
        registry.forget(path)
    }

    /// A new folder `NAME-PID-UUID` in the temporary folder, removed with all it holds if the
    /// process is interrupted; those of earlier processes that are gone (a run killed with
    /// SIGKILL) are removed first.
    public static func scratchFolder(named name: String) throws -> URL {
        let parent = FileManager.default.temporaryDirectory
        removeStaleScratch(named: name, in: parent)
        let folder = parent.appendingPathComponent("\(name)-\(getpid())-\(UUID().uuidString)")
        let made = creating(folder.path) { mkdir(folder.path, 0o700) == 0 ? 0 : -1 }
        guard made == 0 else { throw AtomicFile.failure(folder.path, errno) }
        return folder
    }

    /// Removes a scratch folder and all it holds.
    public static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        forget(folder.path)
    }

    /// Scratch folders `NAME-PID-…` whose process is gone, and that were not changed in the last
    /// minute (a process in another PID namespace, sharing the folder, is not seen).
    @discardableResult
    static func removeStaleScratch(named name: String, in parent: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
        var removed: [String] = []
        for entry in names where entry.hasPrefix(name + "-") {
            let rest = entry.dropFirst(name.count + 1)
            guard let digits = rest.split(separator: "-", maxSplits: 1).first, let owner = pid_t(digits), owner > 0,
                  kill(owner, 0) != 0, errno == ESRCH else { continue }
            let path = parent.appendingPathComponent(entry).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeDirectory,
                  let modified = attributes[.modificationDate] as? Date, -modified.timeIntervalSinceNow > 60 else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(entry) }
        }
        return removed
    }

    /// The paths to remove, and the signal sources that remove them.
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String: Int] = [:]
        private var sources: [DispatchSourceSignal] = []
        private let queue = DispatchQueue(label: "earshot.interruption")

        func install() {
            lock.lock()
            defer { lock.unlock() }
            guard sources.isEmpty else { return }
            for signal in Interruption.signals {
                // Dispatch delivers the signal on its queue, where the cleaning may take locks and
                // remove folders: nothing of it runs in a signal handler.
                Foundation.signal(signal, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
                source.setEventHandler { [unowned self] in self.interrupted(by: signal) }
                source.resume()
                sources.append(source)
            }
        }

        func creating(_ path: String, _ create: () -> Int32) -> Int32 {
            lock.lock()
            defer { lock.unlock() }
            let result = create()
            if result >= 0 { paths[path, default: 0] += 1 }
            return result
        }

        func forget(_ path: String) {
            lock.lock()
            defer { lock.unlock() }
            if let count = paths[path] { paths[path] = count > 1 ? count - 1 : nil }
        }

        /// Removes what is registered and ends the process by the signal, holding the lock so
        /// that no thread creates a file after the removal.
        private func interrupted(by signal: Int32) -> Never {
            lock.lock()
            for path in paths.keys {
                var info = stat()
                if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                    try? FileManager.default.removeItem(atPath: path)
                } else {
                    unlink(path)
                }
            }
            Foundation.signal(signal, SIG_DFL)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, signal)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            kill(getpid(), signal)
            // The signal ends the process; should it be blocked elsewhere, the status still says it.
            _exit(128 + signal)
        }
    }
}
