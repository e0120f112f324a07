import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that an interrupted run never leaves a half-written one:
/// the bytes go to a temporary name beside the target, which rename(2) then
/// puts in place atomically. (No fsync: the guarantee is against a run that
/// stops midway, not against the machine losing power.)
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        try data.withUnsafeBytes { try write($0, to: url) }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// A process-wide counter, so that temporary names never collide between threads.
    private static let counter = Counter()

    public static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) throws {
        try write([bytes], to: url)
    }

    /// Writes the parts one after another (a header and a body need not be copied together first).
    public static func write(_ parts: [UnsafeRawBufferPointer], to url: URL) throws {
        try write(to: url) { append in
            for part in parts { try append(part) }
        }
    }

    /// Writes whatever `body` appends, in order, then renames the file into place.
    public static func write(to url: URL, _ body: (_ append: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try write(to: url, body) { temporary, path in
            // rename(2) replaces the target atomically.
            guard rename(temporary, path) == 0 else { throw failure(path, errno) }
        }
    }

    /// Writes a file that must not exist yet: whole, under a temporary name, then linked into
    /// place, which fails rather than replace a file (or anything else) that appeared meanwhile.
    /// Throws ``Exists`` when something is already at `url`.
    public static func writeNew(_ data: Data, to url: URL) throws {
        try write(to: url, { append in try data.withUnsafeBytes { try append($0) } }) { temporary, path in
            guard link(temporary, path) == 0 else {
                let code = errno
                if code == EEXIST { throw Exists(path: path) }
                throw failure(path, code)
            }
            unlink(temporary)
        }
    }

    /// Something is already where ``writeNew(_:to:)`` was to write.
    public struct Exists: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "'\(path)' exists (nothing is overwritten)" }
    }

    /// Writes what `body` appends to a temporary file beside `url`, then `place`s it (its
    /// temporary path, then the target's); the temporary file goes if anything fails.
    private static func write(to url: URL, _ body: (_ append: (UnsafeRawBufferPointer) throws -> Void) throws -> Void,
                              place: (_ temporary: String, _ path: String) throws -> Void) throws {
        let path = url.path
        let folder = (path as NSString).deletingLastPathComponent
        sweepOnce(folder.isEmpty ? "." : folder)
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(url.lastPathComponent).\(uniqueSuffix()).tmp"
        // Registered as it is made: an interrupted run removes it (``Interruption``).
        func create() -> Int32 {
            Interruption.creating(temporary) { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        }
        var descriptor = create()
        if descriptor < 0, errno == ENOENT {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            descriptor = create()
        }
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { Interruption.forget(temporary) }
        func append(_ bytes: UnsafeRawBufferPointer) throws { try writeAll(bytes, to: descriptor, path: path) }
        do {
            try body(append)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
        do {
            try place(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// The folders this process has swept of stale temporary files.
    private static let swept = SweptFolders()

    /// Removes the stale temporary files of a folder (``removeStale(in:)``) the first time this
    /// process writes there: every folder Earshot writes to is swept of what a killed run left.
    package static func sweepOnce(_ folder: String) {
        if swept.first(folder) { removeStale(in: URL(fileURLWithPath: folder)) }
    }

    /// Removes the temporary files ``write(to:_:)`` left in a folder when a run was killed midway:
    /// those named `.NAME.PID.N.tmp` whose process is gone (and that were not written in the
    /// last minute: a process in another PID namespace, sharing the folder, is not seen) or
    /// that are more than a day old (the process number may have been reused). Nothing else
    /// is touched; a folder that is not there has nothing to remove.
    ///
    /// ```swift
    /// AtomicFile.removeStale(in: URL(fileURLWithPath: "Audio"))   // [".compose.wav.4242.7.tmp"]
    /// ```
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        let path = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.sorted().filter { removeIfStale(path + $0) }
    }

    /// Removes one file when it is a stale temporary file (``removeStale(in:)``); whether it did.
    @discardableResult
    package static func removeIfStale(_ path: String) -> Bool {
        guard let owner = temporaryOwner((path as NSString).lastPathComponent),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let modified = attributes[.modificationDate] as? Date
        else { return false }
        let age = -modified.timeIntervalSinceNow
        let ownerGone = kill(owner, 0) != 0 && errno == ESRCH
        return (age > 86_400 || (ownerGone && age > 60)) && unlink(path) == 0
    }

    /// The process in a name ``write(to:_:)`` gives its temporary files, `.NAME.PID.N.tmp`; nil for any other name.
    static func temporaryOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        func isNumber(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count >= 3, isNumber(parts[parts.count - 1]), isNumber(parts[parts.count - 2]),
              !parts[0..<parts.count - 2].joined(separator: ".").isEmpty,
              let owner = pid_t(parts[parts.count - 2]), owner > 0
        else { return nil }
        return owner
    }

    /// `PID.N`: unique among the names this process makes, and among processes.
    package static func uniqueSuffix() -> String { "\(getpid()).\(counter.next())" }

    /// Writes every byte to an open file (write(2) again after a short write or an interruption).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = SystemIO.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            offset += written
        }
    }

    package static func failure(_ path: String, _ code: Int32, reason: String? = nil) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                                                 NSLocalizedDescriptionKey: reason ?? String(cString: strerror(code))])
    }

    private final class SweptFolders: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: Set<String> = []

        /// Whether this is the first time the folder is named.
        func first(_ folder: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return folders.insert(folder).inserted
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
