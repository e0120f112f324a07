import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths a command writes because a user named them (`-o`, `--report`, `--baseline`), checked
/// before anything is written. Every file Earshot writes goes to a temporary name and is then
/// renamed over the target (``AtomicFile``): renamed over a device, a FIFO or a link, that would
/// replace it, and as root it would replace `/dev/null`. So:
///
/// - `-` and `/dev/stdout` stream to standard output;
/// - a path that is not there, or is a regular file, is written (a link to a regular file is
///   written at the file it names, so the link stays a link);
/// - anything else that is there (a folder where a file is wanted, a device, a FIFO, a socket, a
///   link to one of them or to nothing) is refused, never replaced.
///
/// ```swift
/// switch OutputPath.file("build/earshot.xml") {
/// case .success(.standardOutput): print(report)
/// case .success(.path(let path)): try AtomicFile.write(report, to: URL(fileURLWithPath: path))
/// case .failure(let problem): print("'build/earshot.xml' \(problem.message)")   // exit 2
/// }
/// ```
package enum OutputPath {
    /// Where an output goes.
    package enum Target: Hashable, Sendable {
        case standardOutput
        /// A file or folder path to write (a link already followed to what it names).
        case path(String)
    }

    /// Why a path cannot be an output.
    package enum Problem: Error, Hashable, Sendable {
        /// A device, FIFO or socket: what it is.
        case notRegular(String)
        /// A folder where a file is wanted.
        case folder
        /// A file where a folder is wanted.
        case file
        /// A symbolic link that names nothing.
        case danglingLink
        /// Standard output where only a folder will do.
        case standardOutputFolder
        /// A path the file system refuses to look at.
        case unusable(String)

        /// The problem as the end of a sentence that starts with the path.
        package var message: String {
            switch self {
            case .notRegular(let kind): "is \(kind); Earshot writes only regular files and never replaces anything else"
            case .folder: "is a folder (expected a file path)"
            case .file: "is a file (expected a folder path)"
            case .danglingLink: "is a symbolic link to nothing (expected a file path, or a link to a regular file)"
            case .standardOutputFolder: "is standard output, but this report is a folder (expected a folder path)"
            case .unusable(let reason): "cannot be used (\(reason))"
            }
        }
    }

    /// Names of standard output.
    package static func isStandardOutput(_ path: String) -> Bool {
        path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1"
    }

    /// Where a file output named `path` goes, or why it cannot go there.
    package static func file(_ path: String) -> Result<Target, Problem> {
        if isStandardOutput(path) { return .success(.standardOutput) }
        if path.unicodeScalars.contains("\0") { return .failure(.unusable("the path holds a NUL")) }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .success(.path(path)) }
            return .failure(.unusable(String(cString: strerror(errno))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(.path(path))
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else { return .failure(.danglingLink) }
            guard target.st_mode & S_IFMT == S_IFREG else {
                let problem = problem(target.st_mode, wanted: S_IFREG)
                if case .notRegular(let kind) = problem { return .failure(.notRegular("a symbolic link to " + kind)) }
                return .failure(problem == .folder ? .notRegular("a symbolic link to a folder") : problem)
            }
            // Written where the link points: the rename then replaces that file, and the link stays.
            guard let resolved = FilePath.resolved(path) else { return .failure(.unusable(String(cString: strerror(errno)))) }
            return .success(.path(resolved))
        default:
            return .failure(problem(info.st_mode, wanted: S_IFREG))
        }
    }

    /// Where a folder output (the HTML report) named `path` goes: a folder, a link to one, or nothing yet.
    package static func folder(_ path: String) -> Result<Target, Problem> {
        if isStandardOutput(path) { return .failure(.standardOutputFolder) }
        if path.unicodeScalars.contains("\0") { return .failure(.unusable("the path holds a NUL")) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                var link = stat()
                if lstat(path, &link) == 0 { return .failure(.danglingLink) }
                return .success(.path(path))
            }
            return .failure(.unusable(String(cString: strerror(errno))))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .failure(problem(info.st_mode, wanted: S_IFDIR)) }
        return .success(.path(path))
    }

    private static func problem(_ mode: mode_t, wanted: mode_t) -> Problem {
        switch mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: wanted == S_IFDIR ? .file : .notRegular("a regular file")
        case S_IFIFO: .notRegular("a FIFO")
        case S_IFSOCK: .notRegular("a socket")
        case S_IFCHR: .notRegular("a character device")
        case S_IFBLK: .notRegular("a block device")
        default: .notRegular("not a file")
        }
    }

    /// Writes `text` to standard output, or atomically to a path ``file(_:)`` accepted.
    package static func write(_ text: String, to target: Target) throws {
        switch target {
        case .standardOutput:
            try Data(text.utf8).withUnsafeBytes { try AtomicFile.writeAll($0, to: STDOUT_FILENO, path: "standard output") }
        case .path(let path):
            try AtomicFile.write(text, to: URL(fileURLWithPath: path))
        }
    }
}

/// What identifies a file on this machine, to tell whether two paths name one file: its device
/// and inode when it exists, else its folder's real path and its name. Names compare byte for
/// byte, not as Swift compares strings: `café` composed and decomposed are two files on Linux.
package struct FileIdentity: Hashable, Sendable {
    private enum Key: Hashable { case node(UInt64, UInt64), name([UInt8]), standardOutput }
    private let key: Key

    /// Standard output (`-`, `/dev/stdout`): one stream, whatever the file behind it.
    package static let standardOutput = FileIdentity(key: .standardOutput)

    private init(key: Key) { self.key = key }

    /// The identity of the file at `path` (following links), or of the file it would be.
    package init(_ path: String) {
        if OutputPath.isStandardOutput(path) {
            key = .standardOutput
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            key = .node(UInt64(info.st_dev), UInt64(info.st_ino))
            return
        }
        key = .name(Array((FilePath.real(path) ?? path).utf8))
    }
}

/// The outputs and inputs of one command, checked against each other before anything is written:
/// an output may not be a file the command reads (`earshot import c.xml -o c.xml`), and two
/// outputs may not be one file (`--report json:r --report junit:r`).
///
/// ```swift
/// var plan = OutputPlan()
/// plan.reads("c.xml", as: "the capture")
/// plan.writes("c.xml", as: "-o")
/// plan.conflicts   // ["-o 'c.xml' is the capture this command reads"]
/// ```
package struct OutputPlan: Sendable {
    private var inputs: [FileIdentity: (path: String, what: String)] = [:]
    private var outputs: [FileIdentity: (path: String, what: String)] = [:]
    /// Every conflict found, worded for the user, in the order found.
    package private(set) var conflicts: [String] = []

    package init() {}

    /// A file the command reads (`what`: "the scenario", "the capture").
    package mutating func reads(_ path: String, as what: String) {
        let identity = FileIdentity(path)
        guard inputs[identity] == nil else { return }   // said once, however many read it
        inputs[identity] = (path, what)
        if let output = outputs[identity] { conflicts.append(Self.clash(output, path: path, what: what)) }
    }

    /// A file the command writes (`what`: "--report json", "-o"); standard output (`-`) counts
    /// as one file, so two outputs cannot both print.
    package mutating func writes(_ path: String, as what: String) {
        let identity = FileIdentity(path)
        if let input = inputs[identity] {
            conflicts.append(Self.clash((path, what), path: input.path, what: input.what))
        } else if let other = outputs[identity] {
            let same = identity == .standardOutput ? "standard output, where \(other.what) goes too" : "the file \(other.what) '\(other.path)' writes too"
            conflicts.append("\(what) '\(path)' is \(same) (expected a path of its own)")
        } else {
            outputs[identity] = (path, what)
        }
    }

    private static func clash(_ output: (path: String, what: String), path: String, what: String) -> String {
        "\(output.what) '\(output.path)' would overwrite \(what) '\(path)', which this command reads (expected another output path)"
    }
}

extension Result where Failure == OutputPath.Problem {
    /// The problem, when there is one.
    package var problem: OutputPath.Problem? {
        if case .failure(let problem) = self { return problem }
        return nil
    }
}
