import Foundation

/// A new directory per test, inside one directory of this test process's under the system's
/// temporary directory. That one is removed when the process exits, and one left by a process
/// that was killed is removed by the next run, so that runs do not fill the disk.
enum TemporaryDirectory {
    static func make() throws -> URL {
        let url = processDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let prefix = "tudy-tests-"

    private static let processDirectory: URL = {
        let files = FileManager.default
        let parent = files.temporaryDirectory
        for name in (try? files.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            // kill(pid, 0) fails with ESRCH once nobody has that process number.
            if let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? files.removeItem(at: parent.appendingPathComponent(name))
            }
        }
        atexit { try? FileManager.default.removeItem(at: TemporaryDirectory.processDirectory) }
        return parent.appendingPathComponent("\(prefix)\(getpid())")
    }()
}
