extension InMemoryChatStore {
    /// The memory store's rooms by id, with each person's rooms kept beside them (by name
    /// key), so that a person's rooms are found without walking every room of the store: an
    /// invite checks the rooms of its people, and strangers can make rooms by the thousand.
    ///
    /// Every change of a room goes through the subscript, which keeps the people's rooms as
    /// the room's members are after it; a change that leaves the members as they were (a
    /// message, a read mark) costs a comparison of the member lists and is made in place.
    struct RoomDirectory {
        private var states: [Int: RoomState] = [:]
        private var roomIDsByMember: [String: Set<Int>] = [:]

        subscript(id: Int) -> RoomState? {
            get { states[id] }
            // In place, as a dictionary's own is: a message appended copies no room's messages.
            _modify {
                let before = states[id]?.room.members ?? []
                yield &states[id]
                let after = states[id]?.room.members ?? []
                if before != after { reindex(id, from: before, to: after) }
            }
        }

        /// Every room, in no order.
        var values: Dictionary<Int, RoomState>.Values { states.values }

        /// The rooms `user` is in now, in no order.
        func rooms(of user: User) -> [RoomState] {
            (roomIDsByMember[Accounts.key(user.name)] ?? []).compactMap { states[$0] }
        }

        /// How many rooms `user` is in now.
        func roomCount(of user: User) -> Int {
            roomIDsByMember[Accounts.key(user.name)]?.count ?? 0
        }

        private mutating func reindex(_ id: Int, from before: [User], to after: [User]) {
            for member in before {
                let key = Accounts.key(member.name)
                roomIDsByMember[key]?.remove(id)
                if roomIDsByMember[key]?.isEmpty == true { roomIDsByMember[key] = nil }
            }
            for member in after { roomIDsByMember[Accounts.key(member.name), default: []].insert(id) }
        }
    }
}
