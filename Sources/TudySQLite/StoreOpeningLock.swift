import Foundation

/// Keeps tudy processes from making or migrating one store at the same time.
///
/// GRDB's migrator reads which migrations a store has and then runs each missing one in its own
/// transaction. Two tudys started together on a new store (or on one of an older schema) both ran
/// the first migration, and one of them failed: "table already exists", or "not a tudy store"
/// for a file that was half made.
///
/// The lock is a `flock` on the store's folder. No file is made for it, and the store file gets
/// no descriptor of its own here: closing one would drop SQLite's locks on that file in this process.
enum StoreOpeningLock {
    /// Runs `body` while this process holds the lock of `directory`, waiting for it as long as
    /// another holds it (only while making or migrating a store). Runs it without the lock
    /// where the folder can not be opened to be locked.
    static func holding<T>(directory: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return try body() }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
