import Logging
import TudyCore
import TudyWire

/// What every connection of one server shares: the store's service, the bounds kept over
/// all of them, the changes encoded once, the health of the database, and where it reports.
/// One value, made once by `ChatServer.run`, so that a connection is made of it, its socket
/// and its address.
struct ServerShared: Sendable {
    let service: WireService
    let replies: ReplyCache
    let health: StoreHealthBoard
    /// Connections open from each address (`--connections-per-address`).
    let addresses: OpenCounts
    let userSubscriptions: OpenCounts
    let userConnections: OpenCounts
    let signedIn: SignedInConnections
    let encoded: EncodedChanges
    let serverRate: ServerRate
    let settings: ChatServer.Settings
    let metrics: ServerMetrics
    let logger: Logger

    /// The shared parts of a server of `settings` over `service`.
    init(service: WireService, settings: ChatServer.Settings, metrics: ServerMetrics, logger: Logger) {
        self.service = service
        replies = ReplyCache()
        health = StoreHealthBoard()
        addresses = OpenCounts(limit: settings.connectionsPerAddress)
        userSubscriptions = OpenCounts(limit: ServerLimits.subscriptionsPerUser)
        userConnections = OpenCounts(limit: ServerLimits.connectionsPerUser)
        signedIn = SignedInConnections()
        encoded = EncodedChanges()
        serverRate = ServerRate(perSecond: settings.serverRequestsPerSecond)
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
    }
}
