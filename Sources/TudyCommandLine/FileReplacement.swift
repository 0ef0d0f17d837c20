import Foundation

/// A file of tudy's own (the history, a kept login) written whole or not at all: the new
/// text goes to a file beside it, is synced to the disk, and is renamed over the old one, so
/// that a kill or a crash at any moment leaves the old file or the new one, never a part.
enum FileReplacement {
    /// Why a file could not be written; the old one is left as it was.
    struct Failure: Error {
        let reason: String
    }

    /// Replaces the file at `path` with what `write` puts in the file it is handed.
    /// - Parameters:
    ///   - isLocked: whether the caller holds a lock that keeps every other writer of `path`
    ///     out: the file beside then has one name, so that a write cut short leaves one
    ///     behind at most, written over by the next. Otherwise it is this process's own.
    ///   - mode: the new file's permissions, whatever the process's umask.
    ///   - write: writes the new file at the path it is given (made empty, `mode`).
    /// - Throws: `Failure`, the old file untouched and nothing left beside it.
    static func replace(_ path: String, isLocked: Bool = false, mode: mode_t = 0o600, write: (String) throws -> Void) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let partial = directory + "/." + (path as NSString).lastPathComponent + ".partial" + (isLocked ? "" : "-\(getpid())")
        unlink(partial)
        let made = open(partial, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, mode)
        guard made >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        fchmod(made, mode)
        close(made)
        do {
            try write(partial)
            try sync(partial)
            guard rename(partial, path) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        } catch {
            unlink(partial)
            throw error
        }
        // The rename itself lasts once the directory is synced.
        try? sync(directory)
    }

    /// Writes `bytes` to the file at `path`, whole. - Throws: `Failure`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(reason: String(cString: strerror(errno))) }
            offset += written
        }
    }

    private static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    }
}
