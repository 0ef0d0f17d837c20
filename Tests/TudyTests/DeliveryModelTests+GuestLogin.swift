import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The login path, as a newcomer takes it: a guest asks for a room (`/join`, `/dm` on a post,
/// `/dm NAME`, `/chat` then `/open` or `/next`, `/next` alone), logs in when asked, and lands in the room.
/// From then on the room follows the store as it does for someone logged in from the start:
/// every message in it is printed once, in order, none missing. Seeded, on every store.
extension DeliveryModelTests {
    /// One way a guest comes to a room: the lines typed before the login, and those after it.
    private enum WayIn: CaseIterable {
        case joinExistingStudy, joinNewStudy, postWriter, existingDirect, newDirect, chatThenOpen, chatThenNext, nextAsGuest

        /// What the guest types before `/login`.
        var beforeLogin: [String] {
            switch self {
            case .joinExistingStudy: ["/open 1", "/join"]
            case .joinNewStudy: ["/open 2", "/join"]
            case .postWriter: ["/open 2", "/dm"]
            case .existingDirect: ["/dm ann"]
            case .newDirect: ["/dm ben"]
            case .chatThenOpen, .chatThenNext: ["/chat"]
            case .nextAsGuest: ["/next"]
            }
        }
    }

    @Test("a guest asks for a room, logs in and lands there: every message of the room is printed once, in order, whatever way in and whatever came meanwhile", arguments: Kind.all)
    func guestLandsLive(kind: Kind) async throws {
        for way in WayIn.allCases {
            for seed in UInt64(1)...3 {
                try await guestLandsLive(kind: kind, way: way, seed: seed)
            }
        }
    }

    private func guestLandsLive(kind: Kind, way: WayIn, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let world = try await kind.make()
        let store = world.senders
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let wendy = try await store.signUp(name: "wendy", password: "password-wendy")
        _ = try await store.signUp(name: "ben", password: "password-ben")
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        let draft = ProjectDraft(title: "Study", works: ["ios"], capacity: 5, body: "Come along.")
        _ = try await store.createProject(draft, by: wendy)
        _ = try await store.createProject(draft, by: wendy)
        let study = try await store.join(projectID: 1, by: ann)
        _ = try await store.send("before rita came", to: study.id, from: ann)
        let withAnn = try await store.directRoom(between: ann, and: rita.user)
        _ = try await store.send("are you there?", to: withAnn.id, from: ann)
        if Bool.random(using: &random) { _ = try await store.directRoom(between: wendy, and: rita.user) }

        let app = TestApp(store: world.reader)
        let reader = PromptedLineReader(output: app.output)
        let repl = REPL(app: app.app, reader: reader, console: app.context.console, options: .init(isInteractive: true))
        let running = Task { await repl.run() }
        let what = "seed \(seed), \(way)"
        func settle(_ step: String) async throws {
            try await reader.settle(after: step, in: what) { app.output.transcript }
        }
        // Someone writes to each room rita may land in while she is still a guest, or not.
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            if Bool.random(using: &random) {
                _ = try await store.send("while rita looked around", to: study.id, from: wendy)
            } else {
                _ = try await store.send("while rita looked around", to: withAnn.id, from: ann)
            }
        }
        for line in way.beforeLogin {
            reader.type(line)
            try await settle(line)
        }
        reader.type("/login rita", "password-rita")
        try await settle("the login")
        switch way {
        case .chatThenOpen: reader.type("/open \(withAnn.id)")
        case .chatThenNext: reader.type("/next")
        case .newDirect: reader.type("hi ben")
        case .postWriter where !(app.tabBar.chatCoordinator.navigationController.topScreen is RoomScreen): reader.type("hi wendy")
        default: break
        }
        try await settle("the first line after the login")
        var others: [Session] = []
        for member in (app.tabBar.chatCoordinator.navigationController.topScreen as? RoomScreen)?.room.members ?? [] where member.name != "rita" {
            others.append(try await store.logIn(name: member.name, password: "password-\(member.name)"))
        }
        guard let room = (app.tabBar.chatCoordinator.navigationController.topScreen as? RoomScreen)?.room, !others.isEmpty else {
            Issue.record("\(what): rita is not in a room with others after logging in:\n\(app.output.transcript.suffix(1500))")
            reader.end()
            _ = await running.value
            await world.close()
            return
        }
        let landed = app.output.transcript.count
        // Others write to the room, now and then while rita types there too.
        for number in 0..<Int.random(in: 3...8, using: &random) {
            if Int.random(in: 0..<4, using: &random) == 0 {
                reader.type("rita \(number)")
                try await settle("rita's message \(number)")
            }
            _ = try await store.send("news \(number)", to: room.id, from: others.randomElement(using: &random)!)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...10, using: &random)))
        }
        let newest = try await store.messages(in: room.id, for: rita, before: nil, limit: 1).messages.last?.id ?? 0
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.printedIDs(in: String(app.output.transcript.dropFirst(landed))).last ?? 0 < newest, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let all = try await store.messages(in: room.id, for: rita, after: 0, limit: 1000).map(\.id)
        let printed = Self.printedIDs(in: app.output.transcript)
        let sinceLanding = Self.printedIDs(in: String(app.output.transcript.dropFirst(landed)))
        #expect(sinceLanding.last == newest, "\(what): the newest message #\(newest) of \(room.id) was not printed:\n\(app.output.transcript.suffix(2000))")
        // From the first printed in the room on, each of its messages once and in order.
        let first = printed.first { all.contains($0) } ?? newest
        let inRoom = printed.filter { all.contains($0) }.drop { $0 != first }
        #expect(Array(inRoom) == all.filter { $0 >= first }, "\(what): printed \(Array(inRoom)), the room holds \(all):\n\(app.output.transcript.suffix(2000))")
        reader.end()
        _ = await running.value
        await world.close()
    }

    /// The ids of the messages printed, as `#12 [11-27 09:00] …` lines, in order.
    private static func printedIDs(in transcript: String) -> [Int] {
        transcript.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("#"), let end = line.firstIndex(of: " "), line[end...].hasPrefix(" [") else { return nil }
            return Int(line[line.index(after: line.startIndex)..<end])
        }
    }
}
