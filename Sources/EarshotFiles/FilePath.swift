import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real paths, for telling files apart (``FileIdentity``) and for where a path leads
/// (``ProjectBoundary``), whether the file is there yet or not.
///
/// ```swift
/// FilePath.real("Scenarios/../Scenarios/mail/new.yaml")   // "/work/app/Scenarios/mail/new.yaml"
/// ```
package enum FilePath {
    /// The real path of `path`, links followed; for a path that is not there (yet), the real path
    /// of the longest part that is, and the rest with `.` and `..` worked out by name. Nil only
    /// for a path holding a NUL.
    package static func real(_ path: String) -> String? {
        guard !path.unicodeScalars.contains("\0") else { return nil }
        if let whole = resolved(path) { return whole }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        while !parts.isEmpty, resolved("/" + parts.joined(separator: "/")) == nil { rest.insert(parts.removeLast(), at: 0) }
        var result = (resolved("/" + parts.joined(separator: "/")) ?? "/").split(separator: "/").map(String.init)
        for part in rest {
            if part == ".." { _ = result.popLast() } else if part != "." { result.append(part) }
        }
        return "/" + result.joined(separator: "/")
    }

    /// `file` as a path relative to the folder `folder` (`../notes/notes.yaml`), both taken as
    /// their real paths (``real(_:)``); nil for a path holding a NUL.
    ///
    /// ```swift
    /// FilePath.relative(from: "build/report", to: "Scenarios/mail/mail.yaml")   // "../../Scenarios/mail/mail.yaml"
    /// ```
    package static func relative(from folder: String, to file: String) -> String? {
        guard let from = real(folder) else { return nil }
        return relative(fromReal: from, to: file)
    }

    /// ``relative(from:to:)`` from a folder whose real path is already known (`real(folder)`),
    /// for many files from one folder.
    package static func relative(fromReal from: String, to file: String) -> String? {
        guard let to = real(file) else { return nil }
        let a = from.split(separator: "/"), b = to.split(separator: "/")
        let shared = zip(a, b).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: a.count - shared) + b[shared...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `file` joined to `directory` (unless absolute) with `.` and `foo/..` worked out by name, as
    /// messages and reports name it (`Scenarios/x/../../captures/a.json` is `captures/a.json`),
    /// where that names the same file (a link followed by `..` leads elsewhere: then as written).
    ///
    /// ```swift
    /// FilePath.joined("Scenarios/x", "../../captures/a.json")   // "captures/a.json"
    /// ```
    package static func joined(_ directory: String, _ file: String) -> String {
        let written = file.hasPrefix("/") || directory.isEmpty ? file : (directory as NSString).appendingPathComponent(file)
        var parts: [Substring] = []
        for part in written.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let tidy = (written.hasPrefix("/") ? "/" : "") + (parts.isEmpty ? "." : parts.joined(separator: "/"))
        guard tidy != written, let a = real(tidy), let b = real(written) else { return written }
        return a == b ? tidy : written
    }

    /// A path as a command prints it: relative to the working directory where it is under it.
    ///
    /// ```swift
    /// FilePath.display("/work/app/Scenarios/mail/send.transcript")   // "Scenarios/mail/send.transcript" in /work/app
    /// ```
    package static func display(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    /// realpath(3): the path with every link and `..` resolved, when it is there.
    package static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// Values computed once per key, shared between threads.
package final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    package init() {}

    package func value(for key: Key, _ make: () -> Value) -> Value {
        lock.lock()
        if let known = values[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make()
        lock.lock()
        values[key] = made
        lock.unlock()
        return made
    }
}
