import Foundation

/// The files this process may open at once, each connection of a server taking one.
enum OpenFileLimit {
    /// Raises the limit to the most the system lets this process have (its hard limit), and
    /// says what it is then.
    static func raised() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int(FOPEN_MAX) }
        if limit.rlim_cur < limit.rlim_max {
            var wanted = limit
            wanted.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &wanted) == 0 { limit = wanted }
        }
        // An unlimited one (all bits set) is as many as an Int holds.
        return Int(clamping: limit.rlim_cur)
    }
}
