import Foundation
import GRDB
import GRDBSQLite
import TudyCore

/// Opens a store file safely: a file that is not a tudy store, or is from a newer
/// tudy, is refused before anything is written to it.
enum StoreFile {
    /// How long a write waits for another tudy process to finish its own.
    static let busyTimeout: TimeInterval = 10

    /// `PRAGMA application_id` of a tudy store: "tudy" in ASCII.
    static let applicationID: Int32 = 0x7475_6479

    /// The store at `path` (made first if there is none), opened as `opener` needs it.
    /// - Throws: `StorageError` for a file that is not a tudy store, is newer, or can not be written.
    static func openDatabase(
        path: String, for opener: SQLiteChatStore.Access, prepare: (@Sendable (Database) throws -> Void)? = nil
    ) throws -> any DatabaseWriter {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw StorageError.missingDirectory(path: path) }

        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // A commit is on disk before tudy says a message was sent (and see below).
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // What is deleted or overwritten is zeroed where that costs no more writing (an
            // unsend zeroes the rest too: SQLiteChatStore.unsend).
            try db.execute(sql: "PRAGMA secure_delete = FAST")
            try prepare?(db)
        }
        do {
            // Most starts find a store of this schema, and open it without the lock.
            if let database = try openComplete(path: path, for: opener, configuration: configuration) { return database }
            try StoreOpeningLock.holding(directory: directory) {
                // Another tudy may have made or migrated it while this one waited.
                switch try kind(of: path) {
                case .new: try create(path: path, configuration: configuration)
                case .store, .unfinished: try migrate(path: path, configuration: configuration)
                }
            }
            try requireWritable(path)
            let database = try connect(path: path, for: opener, configuration: configuration)
            if try database.read(StoreSchema.migrator.hasBeenSuperseded) { throw StorageError.newerSchema(path: path) }
            return database
        } catch let error as DatabaseError {
            throw translate(error, path: path)
        }
    }

    /// The store at `path` opened, if it is a finished tudy store with every migration of this
    /// tudy; nil if it must be made or migrated first, under the lock. A file that another tudy
    /// is making reads as unfinished, or as no tudy store until it is marked: it is looked at
    /// again under the lock.
    private static func openComplete(
        path: String, for opener: SQLiteChatStore.Access, configuration: Configuration
    ) throws -> (any DatabaseWriter)? {
        do {
            guard try kind(of: path) == .store else { return nil }
        } catch StorageError.notATudyStore {
            return nil
        }
        try requireWritable(path)
        let database = try connect(path: path, for: opener, configuration: configuration)
        let (superseded, complete) = try database.read { db in
            (try StoreSchema.migrator.hasBeenSuperseded(db), try StoreSchema.migrator.hasCompletedMigrations(db))
        }
        if superseded { throw StorageError.newerSchema(path: path) }
        guard complete else {
            try database.close()
            return nil
        }
        return database
    }

    /// Brings a store made by an earlier tudy to this schema, and to WAL mode.
    private static func migrate(path: String, configuration: Configuration) throws {
        try requireWritable(path)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        if try queue.read(StoreSchema.migrator.hasBeenSuperseded) { throw StorageError.newerSchema(path: path) }
        try StoreSchema.migrator.migrate(queue)
        try setWALMode(queue, path: path)
    }

    /// - Throws: `StorageError.readOnly` unless the store and its folder may be written: SQLite
    ///   makes its journal files beside the store.
    private static func requireWritable(_ path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        guard access(path, W_OK) == 0, access(directory.isEmpty ? "." : directory, W_OK) == 0 else {
            throw StorageError.readOnly(path: path)
        }
    }

    /// Puts the store in WAL mode, a mark in the file: set while making or migrating it, under
    /// the lock, since a connection that sets it while another has the file open is refused at
    /// once, without waiting.
    private static func setWALMode(_ queue: DatabaseQueue, path: String) throws {
        let mode = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        guard mode == "wal" else {
            throw StorageError.unreadable(
                path: path, reason: "SQLite's WAL mode is refused there (a network file system?); give --store a path on a local disk")
        }
    }

    /// The connections `opener` needs, in WAL mode, each commit synced.
    private static func connect(
        path: String, for opener: SQLiteChatStore.Access, configuration: Configuration
    ) throws -> any DatabaseWriter {
        var configuration = configuration
        switch opener {
        case .session:
            // GRDB leaves this connection's journal mode alone: the store was put in WAL mode
            // when it was made or migrated, and opens without writing a thing.
            return try DatabaseQueue(path: path, configuration: configuration)
        case .server:
            // GRDB's WAL set-up makes sure the -wal file is there, and not empty, for its
            // readers: a table made and dropped at each start, and a checkpoint at each close.
            configuration.journalMode = .wal
            let pool = try DatabasePool(path: path, configuration: configuration)
            // Again on the writer, whose WAL set-up in GRDB sets NORMAL after `prepareDatabase`.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            return pool
        }
    }

    /// What is at a store path, found without writing anything, nor making any file beside it.
    enum Kind: Equatable {
        /// Nothing yet, or an empty file: it becomes a store.
        case new
        /// A tudy store, finished: in WAL mode, as making or migrating a store leaves it.
        case store
        /// A tudy store not yet in WAL mode: being made by another tudy, or left half made.
        case unfinished
    }

    /// - Throws: `StorageError` for anything that is not a tudy store, an empty file or nothing.
    static func kind(of path: String) throws -> Kind {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            if errno == ENOENT { return .new }
            throw StorageError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var target = stat()
        guard stat(path, &target) == 0 else {
            if link.st_mode & S_IFMT == S_IFLNK, errno == ENOENT {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw StorageError.danglingLink(path: path, target: destination)
            }
            throw StorageError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw StorageError.isDirectory(path: path)
        default: throw StorageError.notARegularFile(path: path)
        }
        if target.st_size == 0 {
            guard access(path, R_OK) == 0 else { throw StorageError.unreadable(path: path, reason: "permission denied") }
            return .new
        }
        let header = try StoreFileHeader(path: path)
        guard header.isSQLite else { throw StorageError.notATudyStore(path: path) }
        if header.applicationID != applicationID {
            guard header.applicationID == 0, header.userVersion == 0, try isUnmarkedTudyStore(path: path) else {
                throw StorageError.notATudyStore(path: path)
            }
        }
        return header.isInWALMode ? .store : .unfinished
    }

    /// Whether a SQLite file without tudy's mark was made by a tudy from before the mark:
    /// tudy's tables, and only tudy's migrations, at least one. It is read through an
    /// `immutable` URI, which takes no lock and makes no `-wal` or `-shm` beside the file.
    private static func isUnmarkedTudyStore(path: String) throws -> Bool {
        let escaped = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
        var connection: OpaquePointer?
        defer { sqlite3_close(connection) }
        let opened = sqlite3_open_v2("file:\(escaped)?immutable=1", &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard opened == SQLITE_OK, let connection else { return false }
        func strings(_ sql: String) -> Set<String>? {
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
            var values: Set<String> = []
            while true {
                switch sqlite3_step(statement) {
                case SQLITE_ROW: values.insert(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
                case SQLITE_DONE: return values
                default: return nil
                }
            }
        }
        guard let tables = strings("SELECT name FROM sqlite_master WHERE type = 'table'"),
            tables.isSuperset(of: ["grdb_migrations", "user", "room", "message"]),
            let applied = strings("SELECT identifier FROM grdb_migrations"), !applied.isEmpty
        else { return false }
        return applied.isSubset(of: Set(StoreSchema.migrator.migrations))
    }

    /// Makes a new store in the file's own rollback journal, so that tudy's mark and tables
    /// reach the file itself: a process killed on the way leaves the file empty, or marked.
    private static func create(path: String, configuration: Configuration) throws {
        if access(path, F_OK) != 0 {
            // Made here, 0600, so that SQLite's own files (-wal, -shm) take the same mode.
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            guard descriptor >= 0 else {
                if [EACCES, EROFS, EPERM].contains(errno) { throw StorageError.readOnly(path: path) }
                throw StorageError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            close(descriptor)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try StoreSchema.migrator.migrate(queue)
        try setWALMode(queue, path: path)
        try queue.close()
    }

    /// The store-file error for a SQLite failure, if it is one a user can act on.
    static func translate(_ error: DatabaseError, path: String) -> any Error {
        switch error.resultCode {
        case .SQLITE_FULL: StorageError.diskFull
        case .SQLITE_BUSY, .SQLITE_LOCKED: StorageError.busy(seconds: Int(busyTimeout))
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: StorageError.readOnly(path: path)
        case .SQLITE_NOTADB: StorageError.notATudyStore(path: path)
        case .SQLITE_CORRUPT: StorageError.corrupt(path: path)
        default: StorageError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
