/// How far each member of one room has read it, as the store keeps it (`markRead`) and tells
/// it live (`StoreChange.read`): what the count beside a message (`· 2 unread`) and `/seen`
/// are worked out from, KakaoTalk's way. A member has read a message when their mark reached
/// it; whoever sent a message is not counted for it.
package struct ReadMarks: Equatable, Sendable {
    /// Each member's mark, by the folded name, so that a name typed in another case is one person.
    private var upTo: [String: Int] = [:]

    package init(_ marks: [User: Int] = [:]) {
        for (user, id) in marks { note(user, readUpTo: id) }
    }

    /// How far `user` has read, as far as is known: nothing, when never told.
    package func mark(of user: User) -> Int {
        upTo[Accounts.key(user.name)] ?? 0
    }

    /// Notes that `user` has read up to `id`; a mark never goes back. Whether it moved.
    @discardableResult
    package mutating func note(_ user: User, readUpTo id: Int) -> Bool {
        let key = Accounts.key(user.name)
        guard id > upTo[key] ?? 0 else { return false }
        upTo[key] = id
        return true
    }

    /// The members of `room` who have read `message`, and those who have not, each in the
    /// room's order; the sender is in neither.
    package func readers(of message: Message, in room: Room) -> (read: [User], unread: [User]) {
        let others = room.members.filter { !$0.isNamed(message.sender.name) }
        return (others.filter { mark(of: $0) >= message.id }, others.filter { mark(of: $0) < message.id })
    }
}
