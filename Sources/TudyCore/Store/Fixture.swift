import Foundation

/// Users, posts and rooms to start a store from (`--seed FILE.json`).
///
/// Keys are snake_case and spelled out in `CodingKeys`; the decoder keeps its default
/// key strategy, because `.convertFromSnakeCase` on top of explicit keys silently
/// decodes the renamed fields as missing (seed 000).
package struct Fixture: Decodable, Equatable, Sendable {
    /// An account to make.
    package struct Account: Decodable, Equatable, Sendable {
        /// Normalized (NFC) as it is read, as a name typed at sign-up is.
        package let name: String
        package let password: String

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, password
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.knownKeysContainer(CodingKeys.self)
            name = Accounts.normalized(try container.decode(String.self, forKey: .name))
            password = try container.decode(String.self, forKey: .password)
        }
    }

    /// A post, written by one of the accounts.
    package struct Post: Decodable, Equatable, Sendable {
        package let title: String
        package let works: [String]
        package let capacity: Int
        package let body: String
        package let writer: String
        package let isOpen: Bool
        package let createdAt: Date?

        /// The post's fields as a draft, work tags lower-cased.
        package var draft: ProjectDraft {
            ProjectDraft(title: title, works: works.map { $0.lowercased() }, capacity: capacity, body: body)
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case title, works, capacity, body, writer
            case isOpen = "is_open"
            case createdAt = "created_at"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.knownKeysContainer(CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            works = try container.decode([String].self, forKey: .works)
            // Read as a number first, so that `2.5` is named as the capacity it is, not as bad JSON.
            let number = try container.decode(Double.self, forKey: .capacity)
            guard number.rounded() == number, let whole = Int(exactly: number) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .capacity, in: container, debugDescription: "a capacity is a whole number, not \(number)")
            }
            capacity = whole
            body = try container.decode(String.self, forKey: .body)
            writer = try container.decode(String.self, forKey: .writer)
            isOpen = try container.decode(Bool.self, forKey: .isOpen)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
        }
    }

    /// A room with its members and messages, oldest message first.
    package struct ChatRoom: Decodable, Equatable, Sendable {
        package let kind: Room.Kind
        package let members: [String]
        package let messages: [Line]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case kind, members, messages
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.knownKeysContainer(CodingKeys.self)
            kind = try container.decode(Room.Kind.self, forKey: .kind)
            members = try container.decode([String].self, forKey: .members)
            messages = try container.decode([Line].self, forKey: .messages)
        }
    }

    /// A message of a fixture room.
    package struct Line: Decodable, Equatable, Sendable {
        package let sender: String
        package let text: String
        package let sentAt: Date?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case sender, text
            case sentAt = "sent_at"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.knownKeysContainer(CodingKeys.self)
            sender = try container.decode(String.self, forKey: .sender)
            text = try container.decode(String.self, forKey: .text)
            sentAt = try container.decodeIfPresent(Date.self, forKey: .sentAt)
        }
    }

    package let users: [Account]
    package let projects: [Post]
    package let rooms: [ChatRoom]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case users, projects, rooms
    }

    package init(users: [Account] = [], projects: [Post] = [], rooms: [ChatRoom] = []) {
        self.users = users
        self.projects = projects
        self.rooms = rooms
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeysContainer(CodingKeys.self)
        users = try container.decodeIfPresent([Account].self, forKey: .users) ?? []
        projects = try container.decodeIfPresent([Post].self, forKey: .projects) ?? []
        rooms = try container.decodeIfPresent([ChatRoom].self, forKey: .rooms) ?? []
    }

    /// Checks everything that can be checked without a store, so that a store loads a fixture
    /// whole or not at all: accounts, drafts, room sizes, senders and messages.
    /// - Throws: `StoreError.invalidFixture` naming the first problem and where it is.
    package func validate() throws {
        var names: Set<String> = []
        for (index, account) in users.enumerated() {
            do {
                try Accounts.check(name: account.name, password: account.password)
            } catch let error as StoreError {
                throw StoreError.invalidFixture("users[\(index)]: \(error.message)")
            }
            guard names.insert(Accounts.key(account.name)).inserted else {
                throw StoreError.invalidFixture("users[\(index)]: the name '\(account.name)' comes twice")
            }
        }
        for (index, post) in projects.enumerated() {
            if let problem = post.draft.problem {
                throw StoreError.invalidFixture("projects[\(index)] '\(post.title)': \(problem)")
            }
        }
        for (index, room) in rooms.enumerated() {
            switch room.kind {
            case .direct where Set(room.members.map(Accounts.key)).count != 2:
                throw StoreError.invalidFixture("rooms[\(index)]: a direct room has two members")
            case .group where room.members.count < 2:
                throw StoreError.invalidFixture("rooms[\(index)]: a group room has at least two members")
            default:
                break
            }
            let members = Set(room.members.map(Accounts.key))
            for (position, line) in room.messages.enumerated() {
                guard members.contains(Accounts.key(line.sender)) else {
                    throw StoreError.invalidFixture("rooms[\(index)]: \(line.sender) writes to a room they are not in")
                }
                do {
                    try Message.check(line.text)
                } catch let error as StoreError {
                    throw StoreError.invalidFixture("rooms[\(index)].messages[\(position)]: \(error.message)")
                }
            }
        }
    }

    /// The problem with a name a fixture uses that the store does not know, at `place`.
    package static func unknownName(_ name: String, at place: String) -> StoreError {
        .invalidFixture("\(place): there is no user named '\(name)' in the seed or the store")
    }

    /// The problem with a fixture account whose name the store already has.
    package static func nameTaken(_ name: String, at index: Int) -> StoreError {
        .invalidFixture("users[\(index)]: the store already has a user named '\(name)'; nothing was loaded")
    }

    /// Decodes a fixture file's bytes. - Throws: `StoreError.invalidFixture` naming the bad field.
    package static func decode(_ data: Data) throws -> Fixture {
        let decoder = JSONDecoder()
        // Dates by the proleptic Gregorian calendar tudy shows them in: Foundation's ISO 8601
        // reading turns Julian before 1582, and would move such a day.
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = TimeStamp.date(fromISO8601: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not a date such as 2026-11-21T09:30:00Z")
            }
            return date
        }
        do {
            return try decoder.decode(Fixture.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw StoreError.invalidFixture("missing '\(key.stringValue)' at \(path(context))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw StoreError.invalidFixture("wrong value at \(path(context)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw StoreError.invalidFixture("\(context.debugDescription) at \(path(context))")
        } catch {
            if let number = JSONNumberScan.firstUnrepresentable(in: data) {
                throw StoreError.invalidFixture(
                    "the number \(number.text) for '\(number.key ?? "?")' (line \(number.line)) is out of range")
            }
            throw StoreError.invalidFixture("not valid JSON")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }
        return parts.isEmpty ? "the top" : parts.joined()
    }
}


/// Any key a seed file holds, to find those tudy does not read.
private struct SeedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

extension Decoder {
    /// The keyed container, once every key in it is one of `Key`'s: a misspelt key would
    /// otherwise be passed over without a word, and what it held not loaded.
    fileprivate func knownKeysContainer<Key: CodingKey & CaseIterable>(_: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let known = Key.allCases.map(\.stringValue)
        let present = try container(keyedBy: SeedKey.self).allKeys
        if let unknown = present.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [unknown],
                debugDescription: "unknown key '\(unknown.stringValue)' (the keys here are \(known.joined(separator: ", ")))"))
        }
        return try container(keyedBy: Key.self)
    }
}
