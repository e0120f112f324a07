import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders Earshot makes and fills itself: the audio folder's `.cache/`, an HTML report's
/// `audio/`. Whatever is written inside them stays inside them: a symbolic link planted where
/// such a folder goes (`Audio/.cache -> /etc`) is removed and a real folder made in its place,
/// never followed, and something else there (a file, a device) is refused.
///
/// ```swift
/// try OwnedFolder.prepare("Audio/.cache")   // a real folder now, whatever was there
/// ```
package enum OwnedFolder {
    /// Makes `path` a real folder (its parents too, as `mkdir -p`); a link there is replaced.
    package static func prepare(_ path: String) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return
            case S_IFLNK:
                // Planted: Earshot makes this folder itself and never a link.
                guard unlink(path) == 0 || errno == ENOENT else { throw AtomicFile.failure(path, errno) }
            default:
                throw AtomicFile.failure(path, EEXIST, reason: "it is there and is not a folder Earshot made; move it away")
            }
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, lstat(parent, &info) != 0 {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR) else {
            throw AtomicFile.failure(path, errno)
        }
    }

    /// Removes a symbolic link at `path`, if that is what is there; anything else is left.
    package static func removeLink(_ path: String) {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        var info = stat()
        if lstat(trimmed, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { unlink(trimmed) }
    }
}
