import Foundation

/// The machine's time zone, from the C library (`TZ`, `/etc/localtime`).
enum LocalTime {
    /// Seconds east of UTC at a moment, daylight saving included.
    @Sendable
    static func utcOffset(_ date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }
}
