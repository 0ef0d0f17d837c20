import Foundation
import HummingbirdWSClient
import Logging
import NIOSSL
import NIOWebSocket
import TudyCore
import TudyWire

/// The session's change streams over a connection: asked for once, kept across reconnections
/// from the newest message each delivered.
extension RemoteConnection {
    /// A stream of the session's changes, kept across reconnections.
    func subscribe() async throws -> AsyncStream<StoreChange> {
        // Unbounded here: the live feed that reads it keeps what waits unshown, and says when it
        // drops any; dropped here, they would be gone unnoticed.
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        let local = nextID
        nextID += 1
        subscriptions[local] = RemoteSubscription(continuation: continuation)
        do {
            try await requestSubscription(local, expires: true)
        } catch {
            subscriptions[local] = nil
            throw error
        }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(local) }
        }
        return stream
    }

    /// Asks the server for a subscription's changes, from the newest message it delivered.
    /// The server's id is taken as the reply is read, so no change after it is dropped.
    func requestSubscription(_ local: Int, expires: Bool) async throws {
        guard let subscription = subscriptions[local] else { return }
        var request = WireRequest(op: .subscribe)
        request.since = subscription.newestMessageID
        if subscription.newestMessageID != nil { request.sinceRooms = subscription.roomCursors }
        request.roomPages = true
        subscriptions[local]?.isAsked = true
        defer { subscriptions[local]?.isAsked = false }
        _ = try await call(request, expires: expires) { [weak self] reply in
            self?.assumeIsolated { $0.subscriptions[local]?.answered(reply) }
        }
    }

    func unsubscribe(_ local: Int) {
        guard let subscription = subscriptions.removeValue(forKey: local), let serverID = subscription.serverID,
            let outbound
        else { return }
        var request = WireRequest(id: 0, op: .unsubscribe)
        request.subscription = serverID
        write(request, on: outbound)
    }

    /// Subscribes again after a reconnection, from the newest message each stream delivered.
    /// A stream still being asked for is asked again with what had no reply. The request waits
    /// as long as the connection and the database take to come back; if the server refuses it
    /// (the session ended), the stream ends, so that whoever follows it knows and may ask anew.
    func resubscribe() {
        for local in subscriptions.keys where subscriptions[local]?.isAsked == false {
            subscriptions[local]?.serverID = nil
            Task {
                do {
                    try await self.requestSubscription(local, expires: false)
                } catch {
                    self.subscriptions.removeValue(forKey: local)?.continuation.finish()
                }
            }
        }
    }
}
