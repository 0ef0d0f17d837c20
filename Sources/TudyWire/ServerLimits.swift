import TudyCore

/// What one client may make a `tudy serve` hold, in one place: each is named in the README's
/// "What it guarantees", with what a client that passes it is told.
package enum ServerLimits {
    /// How long a frame may wait for a client to take it (its socket and the server's queue
    /// for it full) before the client is hung up on: one that stops reading would otherwise
    /// make the server keep, for ever, every change it is owed.
    package static let writePatience = Duration.seconds(10)
    /// The bytes of frames a client may leave waiting for it (changes it is owed and has not
    /// taken): one more, and it is sent away, told why, and catches up when it comes back.
    /// A reply or a page of a catch-up waits for the queue to empty, so only live changes
    /// pile up.
    package static let queuedBytesPerConnection = 1024 * 1024
    /// The bytes of live changes a subscription holds while its catch-up is being sent (as
    /// `HeldChanges` counts them; a message's later edits replace its earlier): past them the
    /// subscription ends, and its client asks again from what it has.
    package static let heldBytesPerSubscription = 1024 * 1024
    /// Subscriptions one connection may hold at once: one covers all of a user's rooms.
    package static let subscriptionsPerConnection = 4
    /// Subscriptions one user may hold at once on a server, over all their connections and
    /// addresses: a person's devices need a handful, and nobody can hold the server's memory
    /// with one account from many addresses.
    package static let subscriptionsPerUser = 32
    /// The bytes a reply of messages or posts is filled to (`messages_before`,
    /// `messages_after`, `projects`): fewer than asked for come when more would not fit,
    /// always at least one, and the client asks on from there, so a page of the longest
    /// messages or posts is never one huge frame.
    package static let pageReplyBytes = 64 * 1024
    /// Messages one page may be asked for (`messages_before`, `messages_after`).
    package static let messagesPerPage = 1000
    /// Posts one reply holds: the board is read a page at a time (`PostPage`).
    package static let postsPerReply = 100
    /// Connections signed in as one user at once on a server, over all addresses: a person's
    /// devices need a handful, and one account can not hold the server's connections.
    package static let connectionsPerUser = 32
    /// Connections open at once from one address.
    package static let connectionsPerAddress = 64
    /// Sign-ins (`sign_up`, `log_in`) one address may have waiting for a password check or
    /// being checked: one more is refused (`password_checks_busy`), whoever else waits.
    package static let signInsPerAddress = 16
    /// Sign-ins one network (an IPv4 /24, an IPv6 /48) may have waiting or being checked:
    /// an eighth of the line, so that no network fills it.
    package static let signInsPerNetwork = 32
    /// Connections the server holds at once from everyone together, a WebSocket or not yet:
    /// one more is closed as it opens. The server holds fewer where the process may not open
    /// that many files (`tudy serve` raises its limit as far as the system lets it), keeping
    /// `descriptorsKeptFree` of them for its own use.
    package static let connections = 16_384
    /// Open files kept below the process's limit for the server itself (its store, its logs,
    /// the system's own): no number of connections takes them.
    package static let descriptorsKeptFree = 256
    /// Connections from one address that are not a WebSocket yet: sockets opened and left
    /// silent hold no more of the server than this, each for the handshake's 10 s at most.
    package static let handshakesPerAddress = 16
    /// Failed sign-ins one connection may make (a wrong password, a name taken, a login
    /// refused or throttled, a token that names no session): the last closes it.
    package static let failedSignInsPerConnection = 10
    /// Failed sign-ins from one network (an IPv4 /24, an IPv6 /48) at once, and how often it
    /// may make one more: past them, its sign-ins are refused before any password is checked.
    package static let failedSignInsPerNetwork = 20
    package static let failedSignInPeriod = Duration.seconds(10)
    /// How long a sign-in refused before it waits (for its network's failures or its share of
    /// the line) waits for its answer: a flood tries once a second a connection, not as fast as
    /// it is answered.
    package static let refusedSignInDelay = Duration.seconds(1)
    /// Searches (of messages, of the board) a server lets reach its store at once; the rest
    /// wait their turn, in the order they came.
    package static let searchesAtOnce = 1
    /// Searches a server lets reach its store a second, and at once, from everyone together:
    /// the rest wait their turn. Ten connections searching as fast as they were answered took
    /// both processors of a 2-core server (honest p99 185 ms); paced, 2 ms.
    package static let searchesPerSecond = 200
    package static let searchBurst = 50
    /// Requests one connection may make a second, and at once: one more closes it.
    package static let requestsPerSecond = 200
    package static let requestBurst = 400
    /// Requests the whole server answers a second, and at once, from everyone together: one
    /// more is refused (`server_busy`), the connection going on.
    package static let serverRequestsPerSecond = 20_000
    package static let serverRequestBurst = 40_000
}
