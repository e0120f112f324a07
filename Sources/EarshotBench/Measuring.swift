#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Timing: wall-clock on the monotonic clock, and CPU time.
enum Stopwatch {
    static func now() -> Double { reading(CLOCK_MONOTONIC) }

    /// CPU seconds of the calling thread (not counting time the machine gave others).
    static func threadCPU() -> Double { reading(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU seconds of the whole process, every thread (not its children).
    static func processCPU() -> Double { reading(CLOCK_PROCESS_CPUTIME_ID) }

    private static func reading(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return now() - start
    }
}

enum Stats {
    /// The median (the mean of the middle two for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// The process's peak resident set size, from Linux's `/proc/self/status`.
public enum PeakMemory {
    /// Resets the peak (`VmHWM`) to the current resident size (`clear_refs` 5, Linux 4.0 and later),
    /// after handing what earlier phases freed back to the system (`malloc_trim`), so that the
    /// peak that follows is the next phase's and what the process still holds, not the free
    /// memory the allocator kept. Returns whether it could.
    @discardableResult
    public static func reset() -> Bool {
        #if canImport(Glibc)
        _ = trimMalloc(0)
        #endif
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    #if canImport(Glibc)
    /// glibc's `malloc_trim`, looked up by name: the Glibc module does not export `<malloc.h>`.
    private static func trimMalloc(_ pad: Int) -> Int32 {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return 0 }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(pad)
    }
    #endif

    /// `VmHWM` in bytes, or nil where there is no `/proc`.
    public static func peakBytes() -> Int? { statusField("VmHWM") }

    private static func statusField(_ name: String) -> Int? {
        // /proc files report no size, so read them line by line rather than by length.
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(name + ":") else { continue }
            let number = text.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }
}
