import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of the system's, started with pthread_create(3) so that a thread that cannot start
/// says so: Foundation's `Thread.start()` drops the error, and whoever waited for the thread
/// waited forever (under a memory limit, a 256 MB stack is refused).
///
/// ```swift
/// try SystemThread.start(stackSize: 256 << 20) { parseDeepDocument() }
/// ```
package enum SystemThread {
    /// A thread that could not be started: what ran out, in words a person can act on.
    package struct StartError: Error, Hashable, Sendable, CustomStringConvertible {
        package var stackSize: Int
        package var code: Int32

        package init(stackSize: Int, code: Int32) {
            self.stackSize = stackSize
            self.code = code
        }

        package var description: String {
            let reason = String(cString: strerror(code))
            var limit = rlimit()
            let memory = getrlimit(resourceAddressSpace, &limit) == 0 && limit.rlim_cur != rlimitInfinity
                ? "; the memory limit (ulimit -v) is \(limit.rlim_cur >> 20) MB" : ""
            return "cannot start a thread with a \(stackSize >> 20) MB stack (\(reason))\(memory): "
                + "Earshot needs about \(stackSize >> 20) MB of address space for each thread that loads scenarios"
        }
    }

    #if canImport(Glibc)
    private static let resourceAddressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
    private static let resourceAddressSpace = RLIMIT_AS
    #endif
    /// RLIM_INFINITY, which Swift imports from Glibc as a literal it cannot hold.
    private static let rlimitInfinity = rlim_t.max

    /// Starts `body` on a new detached thread with `stackSize` bytes of stack (0: the system's default).
    package static func start(stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) throws(StartError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 {
            let status = pthread_attr_setstacksize(&attributes, stackSize)
            guard status == 0 else { throw StartError(stackSize: stackSize, code: status) }
        }
        let box = Unmanaged.passRetained(Body(body))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            // Optional on Linux, not on Darwin: made optional either way.
            let raw: UnsafeMutableRawPointer? = context
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        guard status == 0 else {
            box.release()
            throw StartError(stackSize: stackSize, code: status)
        }
    }

    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
