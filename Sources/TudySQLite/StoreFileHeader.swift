import Foundation
import TudyCore

/// The first 100 bytes of a SQLite file, read as plain bytes: what a file is can be told
/// without letting SQLite open it, which could change it.
struct StoreFileHeader {
    private let bytes: [UInt8]

    /// Reads the header; a file shorter than a header reads as not SQLite.
    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw StorageError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 100)
        let count = read(descriptor, &buffer, buffer.count)
        bytes = count == buffer.count ? buffer : []
    }

    /// Starts with `SQLite format 3` and its NUL.
    var isSQLite: Bool {
        bytes.starts(with: Array("SQLite format 3\0".utf8))
    }

    /// Whether the file is in WAL mode: its read and write versions, at offsets 18 and 19, are 2.
    var isInWALMode: Bool { bytes.count == 100 && bytes[18] == 2 && bytes[19] == 2 }

    /// `PRAGMA application_id`, big-endian at offset 68.
    var applicationID: Int32 { integer(at: 68) }
    /// `PRAGMA user_version`, big-endian at offset 60.
    var userVersion: Int32 { integer(at: 60) }

    private func integer(at offset: Int) -> Int32 {
        guard bytes.count >= offset + 4 else { return 0 }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int32($1) }
    }
}
