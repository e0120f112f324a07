import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file error as a person reads it: the path and the system's reason, `'Audio/x.wav': No space
/// left on device`, instead of Foundation's "The operation could not be completed. (NSCocoaErrorDomain
/// error 512.)".
///
/// ```swift
/// do { try AtomicFile.write(text, to: url) } catch { print("cannot write \(FileError.describe(error))") }
/// ```
package enum FileError {
    /// `'PATH': REASON` when the error names a path, else the reason alone.
    package static func describe(_ error: any Error, path fallback: String? = nil) -> String {
        let reason = self.reason(error)
        let path = ((error as NSError).userInfo[NSFilePathErrorKey] as? String) ?? fallback
        return path.map { "'\($0)': \(reason)" } ?? reason
    }

    /// The system's words for what went wrong: the POSIX error beneath a Cocoa one, else its description.
    package static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSCocoaErrorDomain {
            // Foundation's own codes for what the system said ("The volume is read only.").
            let codes: [Int: Int32] = [CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS, CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC,
                                       CocoaError.fileWriteNoPermission.rawValue: EACCES, CocoaError.fileReadNoPermission.rawValue: EACCES,
                                       CocoaError.fileNoSuchFile.rawValue: ENOENT, CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
                                       CocoaError.fileWriteFileExists.rawValue: EEXIST]
            if let code = codes[error.code], error.userInfo[NSLocalizedDescriptionKey] == nil { return String(cString: strerror(code)) }
        }
        if let described = error.userInfo[NSLocalizedDescriptionKey] as? String { return described }
        return error.localizedDescription
    }
}
