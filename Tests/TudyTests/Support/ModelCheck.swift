import Foundation
import TudyPostgres

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Runs the same steps against a model store (the in-memory one) and a subject store, and
/// finds the first step at which their observable answers differ.
struct ModelCheck {
    /// Where the two stores first answered differently.
    struct Divergence: CustomStringConvertible {
        let step: Int
        let model: String
        let subject: String

        var description: String { "at step \(step + 1) the model answered\n    \(model)\n  and the subject\n    \(subject)" }
    }

    let subject: StoreFactory

    /// Runs `steps` on a fresh model and a fresh subject; nil when they agreed throughout.
    func firstDivergence(_ steps: [StoreStep]) async throws -> Divergence? {
        let clock = ManualClock(TestApp.start)
        var run = Run(
            model: InMemoryChatStore(clock: clock.wallClock, hasher: Argon2idPasswordHasher(cost: .testing)),
            subject: try await subject.make(clock: clock.wallClock))
        // A database's connections are let go at once: a shrinking run opens a store a try.
        defer { if let postgres = run.subject as? PostgresChatStore { Task { await postgres.close() } } }
        for (index, step) in steps.enumerated() {
            clock.advance(by: 1)
            let (model, subject) = await run.perform(step)
            if model != subject { return Divergence(step: index, model: model, subject: subject) }
        }
        return nil
    }

    /// The shortest sequence found, by cutting out chunks, that still makes the stores differ.
    func shrink(_ steps: [StoreStep], budget: Int = 150) async throws -> (steps: [StoreStep], divergence: Divergence)? {
        guard var divergence = try await firstDivergence(steps) else { return nil }
        var kept = Array(steps.prefix(divergence.step + 1))
        var tries = 0
        var chunk = max(kept.count / 2, 1)
        while chunk >= 1 && tries < budget {
            var start = 0
            var cutAny = false
            while start < kept.count && tries < budget {
                var candidate = kept
                candidate.removeSubrange(start..<min(start + chunk, kept.count))
                tries += 1
                if let found = try await firstDivergence(candidate) {
                    kept = Array(candidate.prefix(found.step + 1))
                    divergence = found
                    cutAny = true
                } else {
                    start += chunk
                }
            }
            if !cutAny { chunk /= 2 }
        }
        return (kept, divergence)
    }

    /// The two stores and the sessions each gave, with what the model says exists.
    private struct Run {
        let model: any ChatStore
        let subject: any ChatStore
        /// Live sessions by folded name: the model's and the subject's.
        var sessions: [String: (Session, Session)] = [:]
        var ended: [String: (Session, Session)] = [:]
        /// Ids the model handed out, in order: what picks resolve against.
        var rooms: [Int] = []
        var posts: [Int] = []
        var messages: [Int] = []

        /// What each store answered to `step`, as text to compare.
        mutating func perform(_ step: StoreStep) async -> (String, String) {
            func name(_ person: Int) -> String { StoreStep.names[person] }
            func key(_ person: Int) -> String { Accounts.key(Accounts.normalized(name(person))) }
            func password(_ person: Int) -> String { "password of \(key(person))" }
            // Mostly an id that exists (the newest ones first), and now and then, for the
            // highest picks, one that does not: picks of missing ids would leave rooms empty.
            func existing(_ ids: [Int], _ pick: Int, from missing: Int, else other: Int) -> Int {
                pick < missing && !ids.isEmpty ? ids[ids.count - 1 - pick % ids.count] : other
            }
            func pickRoom(_ pick: Int) -> Int { existing(rooms, pick, from: 7, else: 900 + pick) }
            func pickPost(_ pick: Int) -> Int { existing(posts, pick, from: 7, else: 900 + pick) }
            // 0 and 1 too: a page after message 0 is the room from its start.
            func pickMessage(_ pick: Int) -> Int { existing(messages, pick, from: 18, else: pick - 18) }

            switch step {
            case .signUp(let p, let weak):
                let result = await both { try await $0.signUp(name: name(p), password: weak ? "short" : password(p)) }
                keep(result, for: key(p))
                return describe(result, sessionUser)
            case .logIn(let p, let wrong):
                let result = await both { try await $0.logIn(name: name(p), password: wrong ? "not the password" : password(p)) }
                keep(result, for: key(p))
                return describe(result, sessionUser)
            case .logOut(let p):
                guard let pair = sessions.removeValue(forKey: key(p)) else { return skipped }
                ended[key(p)] = pair
                return describe(await both(pair) { try await $0.logOut($1) })
            case .useEndedSession(let p):
                guard let pair = ended[key(p)] else { return skipped }
                return describe(await both(pair) { try await $0.rooms(of: $1) })
            case .whoIs(let p):
                // A server finds a name only for someone signed in.
                guard !sessions.isEmpty else { return skipped }
                return describe(await both { try await $0.user(named: name(p)) })
            case .post(let p, let d):
                guard let pair = sessions[key(p)] else { return skipped }
                let result = await both(pair) { try await $0.createProject(StoreStep.drafts[d], by: $1) }
                if case .success(let project) = result.0 { posts.append(project.id) }
                return describe(result)
            case .editPost(let p, let post, let d):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickPost(post)
                return describe(await both(pair) { try await $0.updateProject(id: id, with: StoreStep.drafts[d], by: $1) })
            case .setPost(let p, let post, let isOpen):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickPost(post)
                return describe(await both(pair) { try await $0.setProject(id: id, isOpen: isOpen, by: $1) })
            case .deletePost(let p, let post):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickPost(post)
                return describe(await both(pair) { try await $0.deleteProject(id: id, by: $1) })
            case .browse(let q):
                return describe(await both { try await $0.projects(StoreStep.queries[q]) })
            case .directRoom(let p, let o):
                guard let pair = sessions[key(p)] else { return skipped }
                let other = User(name: name(o))
                let result = await both(pair) { try await $0.directRoom(between: $1, and: other) }
                note(result)
                return describe(result)
            case .invite(let p, let r, let i):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let invitee = User(name: name(i))
                let result = await both(pair) { try await $0.invite(invitee, to: id, by: $1).room }
                note(result)
                return describe(result)
            case .leave(let p, let r):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                return describe(await both(pair) { try await $0.leave(roomID: id, session: $1) })
            case .send(let p, let r, let t, let k):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let result = await both(pair) { try await $0.send(StoreStep.texts[t], to: id, from: $1, key: k.map { "key \($0)" }) }
                if case .success(let message) = result.0, !messages.contains(message.id) { messages.append(message.id) }
                return describe(result)
            case .pageBefore(let p, let r, let m, let limit):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let before = m.map(pickMessage)
                return describe(await both(pair) { try await $0.messages(in: id, for: $1, before: before, limit: limit) })
            case .pageAfter(let p, let r, let m, let limit):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let after = pickMessage(m)
                return describe(await both(pair) { try await $0.messages(in: id, for: $1, after: after, limit: limit) })
            case .markRead(let p, let r, let m):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let upTo = pickMessage(m)
                return describe(await both(pair) { try await $0.markRead(roomID: id, upTo: upTo, for: $1) })
            case .firstUnread(let p, let r):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                return describe(await both(pair) { try await $0.firstUnread(in: id, for: $1) })
            case .rooms(let p):
                guard let pair = sessions[key(p)] else { return skipped }
                return describe(await both(pair) { try await $0.rooms(of: $1) })
            case .find(let p, let q):
                guard let pair = sessions[key(p)] else { return skipped }
                let words = MessageSearch.words(StoreStep.searches[q])
                return describe(await both(pair) { try await $0.findMessages(words, for: $1, limit: 5) })
            case .edit(let p, let r, let m, let t):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let pick = m.map { MessagePick.id(pickMessage($0)) } ?? .last
                return describe(await both(pair) { try await $0.edit(pick, in: id, to: StoreStep.texts[t], by: $1) })
            case .unsend(let p, let r, let m):
                guard let pair = sessions[key(p)] else { return skipped }
                let id = pickRoom(r)
                let pick = m.map { MessagePick.id(pickMessage($0)) } ?? .last
                return describe(await both(pair) { try await $0.unsend(pick, in: id, by: $1) })
            }
        }

        private var skipped: (String, String) { ("skipped", "skipped") }

        private func both<T>(_ body: (any ChatStore) async throws -> T) async -> (Result<T, any Error>, Result<T, any Error>) {
            (await capture { try await body(model) }, await capture { try await body(subject) })
        }

        private func both<T>(
            _ pair: (Session, Session), _ body: (any ChatStore, Session) async throws -> T
        ) async -> (Result<T, any Error>, Result<T, any Error>) {
            (await capture { try await body(model, pair.0) }, await capture { try await body(subject, pair.1) })
        }

        private func capture<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
            do { return .success(try await body()) } catch { return .failure(error) }
        }

        private mutating func keep(_ result: (Result<Session, any Error>, Result<Session, any Error>), for key: String) {
            if case .success(let model) = result.0, case .success(let subject) = result.1 { sessions[key] = (model, subject) }
        }

        private mutating func note(_ result: (Result<Room, any Error>, Result<Room, any Error>)) {
            if case .success(let room) = result.0, !rooms.contains(room.id) { rooms.append(room.id) }
        }

        /// Tokens differ from store to store; a session is compared by its user.
        private func sessionUser(_ session: Session) -> String { "session of \(session.user)" }

        private func describe<T>(
            _ result: (Result<T, any Error>, Result<T, any Error>), _ text: (T) -> String = { "\($0)" }
        ) -> (String, String) {
            func one(_ result: Result<T, any Error>) -> String {
                switch result {
                case .success(let value): text(value)
                case .failure(let error as StoreError): "StoreError.\(error)"
                case .failure(let error): "\(type(of: error)): \(error)"
                }
            }
            return (one(result.0), one(result.1))
        }
    }
}
