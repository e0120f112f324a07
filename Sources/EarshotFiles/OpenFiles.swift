import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many files a command may have open at once (RLIMIT_NOFILE, `ulimit -n`): the runtime,
/// each speech worker's socket and pipe, the scenarios being read, the utterance cache's packs.
package enum OpenFiles {
    /// Fewer than this and a command is refused at once (exit 3): Dispatch, the runtime and the
    /// speech workers need a few each, and a run that ran out midway stopped on a trap.
    package static let minimum = 32
    /// The soft limit is raised this far (or to the hard limit, when that is lower).
    package static let wanted: rlim_t = 4096

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif

    /// Raises the soft limit towards ``wanted`` (never past the hard limit, never lowering it), and
    /// returns the limit then in force.
    @discardableResult
    package static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return Int.max }
        if limit.rlim_cur < wanted, limit.rlim_max > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// What to say when the limit is below ``minimum``.
    package static func tooFew(_ limit: Int) -> String {
        "only \(limit) files may be open at once (ulimit -n \(limit)), and Earshot needs at least \(minimum): "
            + "raise the limit, e.g. ulimit -n 1024"
    }
}
