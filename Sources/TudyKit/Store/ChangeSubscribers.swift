import Foundation

/// The change streams open on an in-process store, who each one follows, and under which
/// session: a stream lasts no longer than its session.
struct ChangeSubscribers {
    private var streams: [UUID: (viewer: User, sessionHash: String, continuation: AsyncStream<StoreChange>.Continuation)] = [:]

    /// Adds a stream that follows `session`'s user; `onEnd` runs when its reader stops.
    mutating func add(for viewer: User, session: Session, onEnd: @escaping @Sendable (UUID) -> Void) -> AsyncStream<StoreChange> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { _ in onEnd(id) }
        streams[id] = (viewer, session.token.hash, continuation)
        return stream
    }

    mutating func remove(_ id: UUID) {
        streams[id] = nil
    }

    /// Ends the streams of a session that ended: whoever holds one hears nothing more.
    mutating func end(sessionHash: String) {
        for (id, stream) in streams where stream.sessionHash == sessionHash {
            streams[id] = nil
            stream.continuation.finish()
        }
    }

    /// Tells every stream whose viewer is among `members` of a message, new or changed.
    func publish(_ change: StoreChange, to members: [User]) {
        for (viewer, _, continuation) in streams.values where members.contains(where: { $0.isNamed(viewer.name) }) {
            continuation.yield(change)
        }
    }

    /// Tells every viewer what a room's change means to them.
    func publish(roomBefore before: Room?, after: Room?) {
        for (viewer, _, continuation) in streams.values {
            if let change = StoreChange.membership(before: before, after: after, viewer: viewer) {
                continuation.yield(change)
            }
        }
    }
}
