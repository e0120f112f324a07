import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files Earshot reads because a user or a file named them: scenario and
/// scene files, captures. Only regular files (or symbolic links to them) are
/// read, opened without blocking: a FIFO named `*.yaml` is refused, never
/// waited on, and a device is never read. Paths written in YAML that hold a
/// control character are refused by their readers (``controlCharacter(in:)``)
/// before the file system sees them (a NUL would cut them short).
package enum InputFile {
    /// Why a file was not read.
    package enum Problem: Error, Equatable {
        case missing
        case folder
        /// A FIFO, socket or device: what it is.
        case notRegular(String)
        case unreadable(String)
        /// The machine ran out of something (file descriptors, memory): not the file's fault.
        case exhausted(String)

        /// The problem as a diagnostic's message.
        package var message: String {
            switch self {
            case .missing: "does not exist"
            case .folder: "is a folder"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .unreadable(let reason), .exhausted(let reason): "cannot be read (\(reason))"
            }
        }

        /// Whether the machine is to blame (exit 3), not the file or its path.
        package var isEnvironment: Bool {
            if case .exhausted = self { return true }
            return false
        }

        /// The problem an errno names: running out of descriptors or memory is the machine's.
        package static func failed(_ code: Int32) -> Problem {
            [EMFILE, ENFILE, ENOMEM, ENOBUFS].contains(code) ? .exhausted(String(cString: strerror(code)))
                : .unreadable(String(cString: strerror(code)))
        }
    }

    /// The first control character in a path (U+0000 to U+001F, U+007F), if any.
    package static func controlCharacter(in path: String) -> Unicode.Scalar? {
        path.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A control character as people write it: `U+0000`.
    package static func name(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(format: "%04X", scalar.value)
    }

    /// The bytes of a regular file.
    ///
    /// With `followingLinks: false` (files inside a folder Earshot owns, which it wrote itself), a
    /// symbolic link is refused as well: one planted there is never read through.
    package static func read(_ path: String, followingLinks: Bool = true) -> Result<Data, Problem> {
        // A NUL would cut the path short: only paths from YAML can hold one, and their readers refuse them first.
        guard !path.unicodeScalars.contains("\0") else { return .failure(.unreadable("the path holds a NUL")) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .failure(.missing) }
            if code == ELOOP, !followingLinks { return .failure(.notRegular("a symbolic link")) }
            return .failure(.failed(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.failed(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.folder)
        case S_IFIFO: return .failure(.notRegular("a FIFO"))
        case S_IFSOCK: return .failure(.notRegular("a socket"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegular("a device"))
        default: return .failure(.notRegular("not a file"))
        }
        if let kernel = kernelFileSystem(descriptor) {
            // /proc/self/environ and /sys files call themselves regular: their bytes are the kernel's, not a user's input.
            return .failure(.notRegular("a file of the kernel's \(kernel) file system"))
        }
        // A regular file never blocks; reading goes back to blocking mode to be plain.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes = Data(count: max(0, Int(info.st_size)))
        var total = 0
        while true {
            if total == bytes.count { bytes.count += max(16_384, bytes.count / 2) }   // the file grew, or st_size was 0
            let count = bytes.withUnsafeMutableBytes { SystemIO.read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.failed(errno)) }
            if count == 0 { break }
            total += count
        }
        bytes.count = total
        return .success(bytes)
    }

    /// The name of the kernel's pseudo file system an open file is on (`proc`, `sysfs`, …), or nil.
    static func kernelFileSystem(_ descriptor: Int32) -> String? {
        #if os(Linux)
        // struct statfs starts with f_type, a C long, on every Linux architecture; Glibc's module
        // does not export <sys/vfs.h>, so the call is declared below and given room to spare.
        var buffer = [Int](repeating: 0, count: 64)
        guard buffer.withUnsafeMutableBytes({ linuxFstatfs(descriptor, $0.baseAddress!) }) == 0 else { return nil }
        let type = buffer[0]
        let names: [UInt64: String] = [
            0x9FA0: "proc", 0x6265_6572: "sysfs", 0x6462_6720: "debugfs", 0x7472_6163: "tracefs",
            0x7363_6673: "securityfs", 0x0027_E0EB: "cgroup", 0x6367_7270: "cgroup2", 0x6265_6570: "configfs",
            0xDE5E_81E4: "efivarfs", 0x6165_676C: "pstore", 0xCAFE_4A11: "bpf", 0x6573_5543: "fusectl",
            0xF97C_FF8C: "selinuxfs", 0x4249_4E4D: "binfmt_misc",
        ]
        return names[UInt64(UInt32(truncatingIfNeeded: type))]
        #else
        return nil
        #endif
    }

    /// Whether a path names a regular file (following symbolic links); used to pick candidates
    /// while walking folders, where the kind of each entry is known without a stat.
    package static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

#if os(Linux)
/// fstatfs(2), which Glibc's Swift module leaves out.
@_silgen_name("fstatfs")
private func linuxFstatfs(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer) -> Int32
#endif
