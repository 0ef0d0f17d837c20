import Foundation

/// Where the store file is: `--store PATH`, or `$XDG_DATA_HOME/tudy/tudy.sqlite`
/// (`~/.local/share/tudy/tudy.sqlite` by default).
enum StoreLocation {
    static func defaultPath(environment: [String: String]) -> String {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/tudy/tudy.sqlite"
    }

    /// Makes the default store's directory, 0700, when it is missing.
    static func prepareDefaultDirectory(for path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
