import TudyCore
import TudyWire

/// A client's connections to its servers: one per session signed in, since a connection acts
/// as the one person who signed in on it, and one more, not signed in, for what anyone may
/// ask (the board) and to sign in on.
actor SessionConnections {
    private let make: @Sendable (_ token: String?) -> RemoteConnection
    private let reports: ConnectionReportHub
    /// The connection not signed in, while there is one.
    private var lobby: RemoteConnection?
    /// Each session's connection, by its token, and the tokens from the oldest signed in.
    private var bySession: [String: RemoteConnection] = [:]
    private var order: [String] = []
    /// The failed sign-ins each connection not signed in has made: the server closes one that
    /// makes `ServerLimits.failedSignInsPerConnection`, so it is put by a try before.
    private var failedSignIns: [ObjectIdentifier: Int] = [:]

    /// - Parameter make: a new connection, which signs in with the token given (on each
    ///   connection it makes) or not at all.
    init(reports: ConnectionReportHub, make: @escaping @Sendable (_ token: String?) -> RemoteConnection) {
        self.reports = reports
        self.make = make
    }

    /// The token of the session signed in last and not logged out.
    var newestToken: String? { order.last }

    /// The connection for what anyone may ask: the newest session's, or the one not signed in.
    func anyone() -> RemoteConnection {
        if let token = order.last, let connection = bySession[token] { return connection }
        return notSignedIn()
    }

    /// The connection not signed in, made when there is none.
    func notSignedIn() -> RemoteConnection {
        if let lobby { return lobby }
        let connection = make(nil)
        lobby = connection
        if order.isEmpty { reports.setPrimary(connection) }
        return connection
    }

    /// A connection to sign in on, for this sign-in alone: another at the same moment gets
    /// another. Give it back with `signedIn` or `notSignedIn(_:)`.
    func toSignIn() -> RemoteConnection {
        if let lobby {
            self.lobby = nil
            return lobby
        }
        return make(nil)
    }

    /// A connection taken to sign in on that did not: kept for what anyone may ask, or closed
    /// (when there is another, or when one more failed sign-in would have the server close it).
    func notSignedIn(_ connection: RemoteConnection) async {
        let id = ObjectIdentifier(connection)
        failedSignIns[id, default: 0] += 1
        if lobby == nil && failedSignIns[id, default: 0] < ServerLimits.failedSignInsPerConnection - 1 {
            lobby = connection
            if order.isEmpty { reports.setPrimary(connection) }
        } else {
            failedSignIns[id] = nil
            await connection.close()
        }
    }

    /// A connection that signed in with `token`: it is that session's from now on.
    func signedIn(_ connection: RemoteConnection, token: String) async {
        failedSignIns[ObjectIdentifier(connection)] = nil
        let earlier = bySession.updateValue(connection, forKey: token)
        order.removeAll { $0 == token }
        order.append(token)
        reports.setPrimary(connection)
        if let earlier, earlier !== connection { await earlier.close() }
    }

    /// The session's connection, when it has one.
    func existing(for token: String) -> RemoteConnection? {
        bySession[token]
    }

    /// The session's connection: one made for a token this client did not sign in with signs
    /// in with it first, and is refused if the token is not a live session's.
    func connection(for token: String) -> RemoteConnection {
        if let connection = bySession[token] { return connection }
        let connection = make(token)
        bySession[token] = connection
        return connection
    }

    /// The session is over: its connection is closed.
    func ended(_ token: String) async {
        guard let connection = bySession.removeValue(forKey: token) else { return }
        order.removeAll { $0 == token }
        reports.setPrimary(order.last.flatMap { bySession[$0] } ?? lobby)
        await connection.close()
    }

    /// Closes every connection: the client is done.
    func closeAll() async {
        let all = Array(bySession.values) + (lobby.map { [$0] } ?? [])
        (bySession, order, lobby) = ([:], [], nil)
        reports.setPrimary(nil)
        for connection in all { await connection.close() }
    }
}
