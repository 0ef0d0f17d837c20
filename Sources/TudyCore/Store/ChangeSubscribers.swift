import Foundation

/// The change streams open on an in-process store, who each one follows, and under which
/// session: a stream lasts no longer than its session.
struct ChangeSubscribers {
    private struct Stream {
        let viewer: User
        let sessionHash: String
        let continuation: AsyncStream<StoreChange>.Continuation
    }

    private var streams: [UUID: Stream] = [:]
    /// The streams of each account, by its name as `Accounts.key` folds it: a change is handed
    /// to the streams of its room's members, found by name, never by reading every stream (a
    /// server of 1,000 listeners spent two fifths of its time doing that).
    private var byAccount: [String: Set<UUID>] = [:]

    /// Adds a stream that follows `session`'s user; `onEnd` runs when its reader stops.
    mutating func add(for viewer: User, session: Session, onEnd: @escaping @Sendable (UUID) -> Void) -> AsyncStream<StoreChange> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { _ in onEnd(id) }
        streams[id] = Stream(viewer: viewer, sessionHash: session.token.hash, continuation: continuation)
        byAccount[Accounts.key(viewer.name), default: []].insert(id)
        return stream
    }

    mutating func remove(_ id: UUID) {
        guard let stream = streams.removeValue(forKey: id) else { return }
        let key = Accounts.key(stream.viewer.name)
        byAccount[key]?.remove(id)
        if byAccount[key]?.isEmpty == true { byAccount[key] = nil }
    }

    /// Ends the streams of a session that ended: whoever holds one hears nothing more.
    mutating func end(sessionHash: String) {
        for (id, stream) in streams where stream.sessionHash == sessionHash {
            remove(id)
            stream.continuation.finish()
        }
    }

    /// The streams that follow one of `people`, each once.
    private func streams(of people: [User]) -> [Stream] {
        var ids = Set<UUID>()
        for person in people { ids.formUnion(byAccount[Accounts.key(person.name)] ?? []) }
        return ids.compactMap { streams[$0] }
    }

    /// Tells every stream whose viewer is among `members` of a message, new or changed.
    func publish(_ change: StoreChange, to members: [User]) {
        for stream in streams(of: members) {
            stream.continuation.yield(change)
        }
    }

    /// Tells every viewer what a room's change means to them: only those in the room before
    /// or after it can be told anything.
    func publish(roomBefore before: Room?, after: Room?) {
        for stream in streams(of: (before?.members ?? []) + (after?.members ?? [])) {
            if let change = StoreChange.membership(before: before, after: after, viewer: stream.viewer) {
                stream.continuation.yield(change)
            }
        }
    }
}
