import Foundation
import GRDB

/// Opens a store file safely: a file that is not a tudy store, or is from a newer
/// tudy, is refused before anything is written to it.
enum StoreFile {
    /// How long a write waits for another tudy process to finish its own.
    static let busyTimeout: TimeInterval = 10

    static func openPool(path: String, prepare: (@Sendable (Database) throws -> Void)? = nil) throws -> DatabasePool {
        let manager = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw StoreFileError.missingDirectory(path: path) }

        if manager.fileExists(atPath: path) {
            try inspect(path: path)
            guard access(path, W_OK) == 0, access(directory.isEmpty ? "." : directory, W_OK) == 0 else {
                throw StoreFileError.readOnly(path: path)
            }
        } else {
            // Made here, 0600, so that SQLite's own files (-wal, -shm) take the same mode.
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            guard descriptor >= 0 else {
                if [EACCES, EROFS, EPERM].contains(errno) { throw StoreFileError.readOnly(path: path) }
                throw StoreFileError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            close(descriptor)
        }

        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in
            // A commit is on disk before tudy says a message was sent.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try prepare?(db)
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try StoreSchema.migrator.migrate(pool)
            return pool
        } catch let error as DatabaseError {
            throw translate(error, path: path)
        }
    }

    /// Looks at an existing file read-only: it must be empty, or a tudy store no newer than this tudy.
    private static func inspect(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StoreFileError.unreadable(path: path, reason: "permission denied")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in
                let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                guard tables.isEmpty || tables.contains("grdb_migrations") else {
                    throw StoreFileError.notATudyStore(path: path)
                }
                if tables.contains("grdb_migrations") {
                    let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
                    let known = Set(StoreSchema.migrator.migrations)
                    guard applied.isSubset(of: known) else { throw StoreFileError.newerSchema(path: path) }
                }
            }
            try queue.close()
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_NOTADB { throw StoreFileError.notATudyStore(path: path) }
            throw translate(error, path: path)
        }
    }

    /// The store-file error for a SQLite failure, if it is one a user can act on.
    static func translate(_ error: DatabaseError, path: String) -> any Error {
        switch error.resultCode {
        case .SQLITE_FULL: StoreFileError.diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: StoreFileError.readOnly(path: path)
        case .SQLITE_NOTADB: StoreFileError.notATudyStore(path: path)
        case .SQLITE_CORRUPT: StoreFileError.corrupt(path: path)
        default: StoreFileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
