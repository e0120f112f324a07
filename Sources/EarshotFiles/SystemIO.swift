#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// read(2), write(2) and send(2) under names of their own, out of the way of the `read` and
/// `write` methods of ``InputFile`` and ``AtomicFile``, and the same on Linux and macOS: the
/// one place the modules above call the system's I/O by the C library's name.
package enum SystemIO {
    /// A file's size and modification time, from stat(2) (following links), or nil when it
    /// cannot be read: the time's field is `st_mtim` on Linux and `st_mtimespec` on macOS.
    package struct Stamp: Hashable, Sendable {
        package var size: Int64
        package var seconds: Int
        package var nanoseconds: Int
    }

    package static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Stamp(size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }

    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }

    /// send(2) that never raises SIGPIPE: with MSG_NOSIGNAL on Linux; on macOS the socket says so
    /// itself (SO_NOSIGPIPE, set where it is made).
    package static func send(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, buffer, count, 0)
        #endif
    }
}
