import GRDB

/// Every query of the store goes through SQLite's prepared-statement cache: a message
/// sent is a few statement executions, not a few SQL parses.
extension Database {
    func run(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    func fetchOne(_ type: Row.Type, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchAll(_ type: Row.Type, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchOne<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> Value? {
        try Value.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchAll<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [Value] {
        try Value.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }
}
