/// The connections signed in with each session, by the SHA-256 of its token, so that a logout
/// ends the session on every connection of this server at once, not only on the one that asked.
actor SignedInConnections {
    private var connections: [String: [ObjectIdentifier: ServerConnection]] = [:]

    func add(_ connection: ServerConnection, session hash: String) {
        connections[hash, default: [:]][ObjectIdentifier(connection)] = connection
    }

    func remove(_ connection: ServerConnection, session hash: String) {
        connections[hash]?[ObjectIdentifier(connection)] = nil
        if connections[hash]?.isEmpty == true { connections[hash] = nil }
    }

    /// The session was logged out: each other connection of it is told so and closed (every
    /// one, when the logout was on another server).
    func endSession(_ hash: String, loggedOutBy asker: ServerConnection?) async {
        let others = (connections.removeValue(forKey: hash) ?? [:]).values.filter { $0 !== asker }
        for connection in others { await connection.sessionLoggedOut() }
    }
}
