import Foundation

// Fixtures: a seed loaded whole, or not at all.
extension InMemoryChatStore {
    /// Loads a fixture whole, or, on any problem, leaves the store as it was.
    package func load(_ fixture: Fixture) async throws {
        try fixture.validate()
        let saved = (accounts, looks, projectsByID, postSearchTexts, roomsByID, studyRooms, nextProjectID, nextRoomID, nextMessageID)
        do {
            try loadValidated(fixture)
        } catch {
            (accounts, looks, projectsByID, postSearchTexts, roomsByID, studyRooms, nextProjectID, nextRoomID, nextMessageID) = saved
            throw error
        }
    }

    private func loadValidated(_ fixture: Fixture) throws {
        func user(_ name: String, at place: String) throws -> User {
            guard let account = accounts[Accounts.key(name)] else { throw Fixture.unknownName(name, at: place) }
            return account.user
        }
        let joined = clock.now()
        for (index, account) in fixture.users.enumerated() {
            guard accounts[Accounts.key(account.name)] == nil else { throw Fixture.nameTaken(account.name, at: index) }
            let user = User(name: account.name)
            accounts[Accounts.key(account.name)] = Account(user: user, passwordHash: try hasher.hash(account.password), joinedAt: joined)
            if looks[Accounts.look(account.name)] == nil { looks[Accounts.look(account.name)] = Accounts.key(account.name) }
        }
        for (index, post) in fixture.projects.enumerated() {
            let writer = try user(post.writer, at: "projects[\(index)]")
            _ = insertProject(post.draft, writer: writer, isOpen: post.isOpen, createdAt: post.createdAt ?? clock.now())
        }
        for (index, fixtureRoom) in fixture.rooms.enumerated() {
            let members = try fixtureRoom.members.map { try user($0, at: "rooms[\(index)]") }
            let room: Room
            switch fixtureRoom.kind {
            case .direct: room = try directRoomState(between: members[0], and: members[1])
            case .group: room = insertRoom(kind: .group, members: members)
            }
            for line in fixtureRoom.messages {
                let sender = try user(line.sender, at: "rooms[\(index)]")
                let message = try append(line.text, to: room.id, from: sender, at: line.sentAt ?? clock.now())
                // A seed is history: whoever wrote a message had read the room up to it.
                roomsByID[room.id]?.lastRead[Accounts.key(sender.name)] = message.id
            }
        }
    }
}
