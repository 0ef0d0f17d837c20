import TudyCore
import TudyWire

// Subscriptions: a session's changes pushed to the client, after what it missed.
extension ServerConnection {
    /// How far back in each room a client that was away is sent again the messages that are
    /// edited or unsent: as far as a room's screen shows when it opens.
    static let changedCatchUpDepth = 100

    /// Starts pushing a session's changes; after a reconnection (`since`), first what came since.
    ///
    /// In each room the catch-up and the live stream meet at a horizon: the room's newest
    /// message, read after the stream has begun. Within a room ids are given in commit order, so
    /// every message up to its horizon was committed before it was read, and the room's read
    /// finds it; every message past it comes on the stream. Across rooms ids are in no such
    /// order (on PostgreSQL, sends to two rooms commit in either order), so nothing here compares
    /// one room's ids with another's: a client says where it stands in each room
    /// (`since_rooms`), and is told each room's horizon (`room_cursors`). What is pushed has no
    /// gap and nothing twice in any room, however many rooms there are and whatever commits
    /// meanwhile.
    func subscribe(_ request: WireRequest) async throws -> WireFrame? {
        guard subscriptions.count < ServerLimits.subscriptionsPerConnection else {
            metrics.refusal("too_many_subscriptions")
            return errorFrame(id: request.id, WireError(
                code: "too_many_subscriptions",
                message: "a connection holds at most \(ServerLimits.subscriptionsPerConnection) subscriptions: one covers all your rooms, so unsubscribe one first"))
        }
        let session = try service.session(signedIn)
        let holder = Accounts.key(session.user.name)
        guard await userSubscriptions.open(holder) else {
            metrics.refusal("too_many_subscriptions")
            return errorFrame(id: request.id, WireError(
                code: "too_many_subscriptions",
                message: "\(session.user.name) holds \(ServerLimits.subscriptionsPerUser) subscriptions on this server, the most one may: end a tudy of yours first"))
        }
        // Counted from here; given back if the subscription is not made after all.
        var isMade = false
        defer { if !isMade { Task { await userSubscriptions.close(holder) } } }
        let stream = try await service.store.changes(for: session)
        let rooms = try await service.store.rooms(of: session)
        // Where the client stands in each room; a client before `since_rooms` gives one id for all.
        let asked = Dictionary((request.sinceRooms ?? []).map { ($0.roomID, $0.messageID) }) { first, _ in first }
        let since = { (roomID: Int) in asked[roomID] ?? request.since }
        var horizons: [Int: Int] = [:]
        for summary in rooms { horizons[summary.room.id] = max(since(summary.room.id) ?? 0, summary.lastMessage?.id ?? 0) }
        // For a client before `room_cursors`, which sends it back as `since`.
        let horizon = max(request.since ?? 0, horizons.values.max() ?? 0)
        // Edits and unsends are kept as no events, so a client that was away gets every recent
        // message that is no longer as sent; it prints only those that differ from what it showed.
        var changed: [Message] = []
        for summary in rooms {
            guard let since = since(summary.room.id) else { continue }
            let recent = try await service.store.messages(
                in: summary.room.id, for: session, before: nil, limit: Self.changedCatchUpDepth)
            changed += recent.messages.filter { $0.id <= since && $0.status != .sent }
        }
        let behind = rooms.compactMap { summary in
            since(summary.room.id).map { CatchUp.Room(id: summary.room.id, after: $0, horizon: horizons[summary.room.id] ?? 0) }
        }
        let missed = behind.isEmpty ? nil : CatchUp(store: service.store, session: session, rooms: behind)
        let id = nextSubscription
        nextSubscription += 1
        var reply = WireFrame.reply(to: request.id)
        reply.subscription = id
        // Where a catch-up after the next reconnection starts, if nothing comes before it.
        reply.messageID = horizon
        reply.roomCursors = horizons.sorted { $0.key < $1.key }.map { WireRoomCursor(roomID: $0.key, messageID: $0.value) }
        // The rooms as they are now, from which a client that was away learns who came and went:
        // their members only, not their last messages, which the catch-up tells. A client that
        // takes them in pages gets the first here and the rest before any change, each filled
        // to a reply's bytes; the live changes are read only after the last.
        let listed = rooms.map { RoomSummary(room: $0.room, lastMessage: nil, unreadCount: 0) }.sorted { $0.room.id < $1.room.id }
        var pages = request.roomPages == true ? WireService.roomPages(listed) : [listed]
        reply.rooms = pages.removeFirst()
        if !pages.isEmpty { reply.hasMore = true }
        await write(reply)
        for (number, page) in pages.enumerated() {
            var frame = WireFrame(type: .change)
            frame.subscription = id
            frame.rooms = page
            if number < pages.count - 1 { frame.hasMore = true }
            await write(frame)
        }
        metrics.subscriptionStarted()
        isMade = true
        let catchesUp = !changed.isEmpty || missed != nil
        if catchesUp { held[id] = HeldChanges() }
        subscriptions[id] = (Task { [weak self, changed, horizons] in
            await withTaskGroup(of: Void.self) { group in
                // The live changes are queued as they come (held, bounded, while the catch-up
                // is sent), so that a client that does not take them is found by its queue.
                group.addTask { [weak self] in
                    for await change in stream {
                        // Up to its room's horizon, the catch-up told it (or it came before the client asked).
                        if case .message(let message) = change, message.id <= horizons[message.roomID] ?? 0 { continue }
                        guard let self, await self.receiveLive(change, subscription: id) else { return }
                    }
                    // Ended by the store, not by the client: its session ended (a logout, here or
                    // on another server) or the store stopped telling. The client hears it and may ask again.
                    if !Task.isCancelled { await self?.endSubscription(id) }
                }
                guard catchesUp else { return }
                // The catch-up is read as the client takes it.
                group.addTask { [weak self] in
                    for message in changed {
                        await self?.push(.messageChanged(message), to: id, waiting: true)
                    }
                    var reader = missed
                    do {
                        while !Task.isCancelled, let message = try await reader?.next() {
                            await self?.push(.message(message), to: id, waiting: true)
                        }
                    } catch {
                        // The client hears the subscription end, and asks again from what it has.
                        await self?.endSubscription(id)
                        return
                    }
                    await self?.releaseHeld(id)
                }
            }
        }, holder)
        return nil
    }

    /// A live change of subscription `id`: held while its catch-up is sent, pushed at once
    /// after. False when it would take the changes held past `ServerLimits.heldBytesPerSubscription`:
    /// the subscription ends, and its client asks again from what it has.
    func receiveLive(_ change: StoreChange, subscription id: Int) async -> Bool {
        guard var holding = held[id] else {
            pushLive(change, to: id)
            return true
        }
        let before = holding.bytes
        guard holding.hold(change, limit: ServerLimits.heldBytesPerSubscription) else {
            metrics.refusal("held_changes_full")
            await endSubscription(id, reason: Self.heldTooMuch)
            return false
        }
        held[id] = holding
        metrics.queued(holding.bytes - before)
        return true
    }

    /// Pushes the changes held behind a catch-up that is done, in order; those after them
    /// are pushed as they come.
    func releaseHeld(_ id: Int) {
        guard let holding = held.removeValue(forKey: id) else { return }
        metrics.queued(-holding.bytes)
        for change in holding.inOrder { pushLive(change, to: id) }
    }

    /// Why a subscription ends whose live changes came faster than its catch-up was taken.
    static let heldTooMuch =
        "changes came faster than your catch-up was taken: over \(ServerLimits.heldBytesPerSubscription / 1024) KiB waited; subscribe again from what you have"

    func endSubscription(_ id: Int, reason: String = "the session ended, or the store stopped telling its changes") async {
        guard let ended = subscriptions.removeValue(forKey: id) else { return }
        ended.task.cancel()
        await close(id, ended)
        enqueue(.subscriptionEnded(id, reason: reason))
    }

    /// Counts a subscription, its task stopped or done, as ended, and lets go of what it held.
    func close(_ id: Int, _ subscription: (task: Task<Void, Never>, holder: String)) async {
        if let holding = held.removeValue(forKey: id) { metrics.queued(-holding.bytes) }
        metrics.subscriptionEnded()
        await userSubscriptions.close(subscription.holder)
    }

    /// Pushes a change: one of a catch-up (`waiting`) once those before it were taken, a live
    /// one queued at once. A live one goes to every listener of its room at about the same
    /// moment, and is encoded once for them all; a catch-up is this client's alone.
    func push(_ change: StoreChange, to subscription: Int, waiting: Bool) async {
        guard waiting else { return pushLive(change, to: subscription) }
        var frame = WireFrame(type: .change)
        frame.subscription = subscription
        frame.change = WireChange(change)
        await write(frame)
    }

    /// Queues a live change at once, encoded once for every listener of its room.
    func pushLive(_ change: StoreChange, to subscription: Int) {
        if let text = encoded.frame(change, subscription: subscription) { enqueue(text) }
        if case .message(let message) = change { metrics.delivered(sentAt: message.sentAt) }
    }

    func endSubscriptions() async {
        let ended = subscriptions
        subscriptions = [:]
        for (id, subscription) in ended {
            subscription.task.cancel()
            await close(id, subscription)
        }
    }
}
