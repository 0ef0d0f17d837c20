import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The memory store's rooms with each person's rooms kept beside them.
@Suite("The memory store's room directory")
struct RoomDirectoryTests {
    @Test("each person's rooms are the rooms that have them as a member, after 5,000 seeded changes: rooms made and dropped, people in and out in any case, messages that change no member")
    func roomsOfEachPerson() {
        var random = SeededGenerator(seed: 66)
        let people = ["ann", "ben", "cat", "dan", "가람", "zoé"].map { User(name: $0) }
        var directory = InMemoryChatStore.RoomDirectory()
        var ids: [Int] = []
        for step in 0..<5_000 {
            let id = ids.isEmpty || Int.random(in: 0..<5, using: &random) == 0 ? step : ids[Int.random(in: 0..<ids.count, using: &random)]
            let person = people[Int.random(in: 0..<people.count, using: &random)]
            // A name as another spelling of the account's: the directory goes by name key.
            let spelled = Bool.random(using: &random) ? person : User(name: person.name.uppercased())
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where directory[id] == nil:
                directory[id] = InMemoryChatStore.RoomState(room: Room(id: id, kind: .group, members: [spelled]))
                ids.append(id)
            case 1: directory[id]?.room.admit(spelled)
            case 2: directory[id]?.room.remove(spelled)
            case 3:
                directory[id] = nil
                ids.removeAll { $0 == id }
            default:
                directory[id]?.messages.append(Message(id: step, roomID: id, sender: person, text: "hi", sentAt: TestApp.start))
            }
            for someone in people {
                let walked = directory.values.filter { $0.room.hasMember(someone) }.map(\.room.id).sorted()
                let kept = directory.rooms(of: someone).map(\.room.id).sorted()
                guard kept == walked, directory.roomCount(of: someone) == walked.count else {
                    Issue.record("after step \(step), \(someone.name)'s rooms: kept \(kept), walked \(walked)")
                    return
                }
            }
        }
    }
}
