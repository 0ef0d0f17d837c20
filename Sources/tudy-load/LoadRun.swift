import Foundation
import TudyCore
import TudyRemote

/// One chat load: the people signed in, in their rooms, listening; then they send and the
/// ledger counts what arrives.
struct LoadRun {
    private struct Client {
        let store: RemoteChatStore
        let session: Session
        let roomID: Int
    }

    private let clients: [Client]
    private let ledger: LedgerBox
    private let listeners: [Task<Void, Never>]

    /// Signs everyone up (a few at a time: Argon2id is meant to be slow), makes the rooms and
    /// subscribes every client before anything is sent.
    static func prepare(people: LoadPeople, clients count: Int, roomSize: Int) async throws -> LoadRun {
        let signedIn = try await withThrowingTaskGroup(of: (Int, RemoteChatStore, Session).self) { group in
            var results: [(Int, RemoteChatStore, Session)] = []
            for index in 0..<count {
                if index >= 8, let done = try await group.next() { results.append(done) }
                group.addTask {
                    let store = try await people.connect(index)
                    return (index, store, try await store.signUp(name: people.name(index), password: "load-password"))
                }
            }
            for try await done in group { results.append(done) }
            return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
        }

        var rooms: [Int: [Int]] = [:]
        var roomOf: [Int] = Array(repeating: 0, count: count)
        // A last group of one joins the group before it.
        var groups = stride(from: 0, to: count, by: roomSize).map { Array($0..<min($0 + roomSize, count)) }
        if groups.count > 1, groups[groups.count - 1].count == 1 { groups[groups.count - 2] += groups.removeLast() }
        for group in groups {
            let (store, owner) = signedIn[group[0]]
            var room = try await store.directRoom(between: owner, and: signedIn[group[1]].1.user)
            for member in group.dropFirst(2) {
                let (memberStore, memberSession) = signedIn[member]
                let outcome = try await store.invite(memberSession.user, to: room.id, by: owner)
                room = outcome.room
                // Strangers are asked, not put in: each says yes.
                guard case .asked = outcome else { continue }
                for invitation in try await memberStore.invitations(for: memberSession) where invitation.roomID == room.id {
                    room = try await memberStore.acceptInvitation(invitation.id, by: memberSession)
                }
            }
            rooms[room.id] = group
            for member in group { roomOf[member] = room.id }
        }

        let ledger = LedgerBox(DeliveryLedger(clients: count, members: rooms, serverOf: people.server(of:)))
        var listeners: [Task<Void, Never>] = []
        for (index, (store, session)) in signedIn.enumerated() {
            let changes = try await store.changes(for: session)
            listeners.append(
                Task {
                    for await change in changes {
                        if case .message(let message) = change {
                            await ledger.received(messageID: message.id, by: index, at: .now)
                        }
                    }
                })
        }
        return LoadRun(
            clients: signedIn.enumerated().map { Client(store: $1.0, session: $1.1, roomID: roomOf[$0]) },
            ledger: ledger, listeners: listeners)
    }

    /// Every client sends its share at a steady rate, starting at staggered moments; then the
    /// run waits up to `drain` for every delivery owed.
    func chat(messages: Int, rate: Double, drain: Duration) async throws -> LoadReport {
        FileHandle.standardError.write(Data("sending \(messages) messages from \(clients.count) clients\n".utf8))
        let interval = Duration.seconds(1 / rate)
        let start = ContinuousClock.now + .milliseconds(100)
        var failures: [String: Int] = [:]
        await withTaskGroup(of: [String: Int].self) { group in
            for (index, client) in clients.enumerated() {
                let share = messages / clients.count + (index < messages % clients.count ? 1 : 0)
                let offset = interval * (Double(index) / Double(clients.count))
                group.addTask {
                    var failed: [String: Int] = [:]
                    for sequence in 0..<share {
                        try? await Task.sleep(until: start + offset + interval * sequence)
                        let sentAt = ContinuousClock.now
                        do {
                            let message = try await client.store.send(
                                "load message \(sequence) from \(index)", to: client.roomID, from: client.session)
                            let answered = ContinuousClock.now
                            if await ledger.sent(messageID: message.id, by: index, in: client.roomID, at: sentAt, answered: answered)
                                == messages / 2
                            {
                                // For whoever injects a fault in the middle (scripts/load, the tests).
                                FileHandle.standardError.write(Data("halfway: \(messages / 2) messages sent\n".utf8))
                            }
                        } catch {
                            failed[ErrorReport.message(for: error), default: 0] += 1
                        }
                    }
                    return failed
                }
            }
            for await failed in group { failures.merge(failed, uniquingKeysWith: +) }
        }
        // Why messages were not sent, most common first: the operator's first question.
        for (reason, count) in failures.sorted(by: { $0.value > $1.value }) {
            FileHandle.standardError.write(Data("not sent \(count)×: \(reason)\n".utf8))
        }
        let deadline = ContinuousClock.now + drain
        while await ledger.outstanding > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        listeners.forEach { $0.cancel() }
        for client in clients { await client.store.close() }
        return await ledger.report(failures: failures.values.reduce(0, +))
    }
}

/// The ledger, shared by every client's tasks.
actor LedgerBox {
    private var ledger: DeliveryLedger

    init(_ ledger: DeliveryLedger) {
        self.ledger = ledger
    }

    /// - Returns: how many messages have been sent so far.
    @discardableResult
    func sent(messageID: Int, by client: Int, in room: Int, at instant: ContinuousClock.Instant, answered: ContinuousClock.Instant) -> Int {
        ledger.recordSent(messageID: messageID, by: client, in: room, at: instant, answered: answered)
        return ledger.sentCount
    }

    func received(messageID: Int, by client: Int, at instant: ContinuousClock.Instant) {
        ledger.recordReceived(messageID: messageID, by: client, at: instant)
    }

    var outstanding: Int { ledger.outstanding }

    func report(failures: Int) -> LoadReport { ledger.report(failures: failures) }
}
