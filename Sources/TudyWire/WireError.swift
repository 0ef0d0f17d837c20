import TudyCore

/// An error reply: a stable `code`, the line a user sees, and the fields a client needs to
/// rebuild the store's error exactly.
package struct WireError: Codable, Sendable, Equatable, Error {
    package var code: String
    package var message: String
    package var name: String?
    package var id: Int?
    package var writer: String?
    package var seconds: Int?
    package var detail: String?
    package var capacity: Int?

    enum CodingKeys: String, CodingKey {
        case code, message, name, id, writer, seconds, detail, capacity
    }

    /// An error of the connection or the request itself, not of the store.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The code of a request's refusal while the server's database is down.
    package static let databaseDownCode = "database_down"

    package init(_ error: StoreError) {
        let record = StoreErrorRecord(error)
        self.init(code: record.code, message: error.message)
        (name, id, writer) = (record.name, record.id, record.writer)
        (seconds, detail, capacity) = (record.seconds, record.detail, record.capacity)
    }

    /// The store's error this reply stands for; nil for an error of the connection or request.
    package var storeError: StoreError? {
        StoreErrorRecord(
            code: code, name: name, id: id, writer: writer, seconds: seconds, detail: detail,
            capacity: capacity
        ).storeError
    }
}

extension WireError: UserFacingError {}
