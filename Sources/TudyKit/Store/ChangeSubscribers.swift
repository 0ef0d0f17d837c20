import Foundation

/// The change streams open on an in-process store, and who each one follows.
struct ChangeSubscribers {
    private var streams: [UUID: (viewer: User, continuation: AsyncStream<StoreChange>.Continuation)] = [:]

    /// Adds a stream that follows `viewer`; `onEnd` runs when its reader stops.
    mutating func add(for viewer: User, onEnd: @escaping @Sendable (UUID) -> Void) -> AsyncStream<StoreChange> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { _ in onEnd(id) }
        streams[id] = (viewer, continuation)
        return stream
    }

    mutating func remove(_ id: UUID) {
        streams[id] = nil
    }

    /// Tells every stream whose viewer is among `members` of a message, new or changed.
    func publish(_ change: StoreChange, to members: [User]) {
        for (viewer, continuation) in streams.values where members.contains(where: { $0.isNamed(viewer.name) }) {
            continuation.yield(change)
        }
    }

    /// Tells every viewer what a room's change means to them.
    func publish(roomBefore before: Room?, after: Room?) {
        for (viewer, continuation) in streams.values {
            if let change = StoreChange.membership(before: before, after: after, viewer: viewer) {
                continuation.yield(change)
            }
        }
    }
}
