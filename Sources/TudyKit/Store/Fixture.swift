import Foundation

/// Users, posts and rooms to start a store from (`--seed FILE.json`).
///
/// Keys are snake_case and spelled out in `CodingKeys`; the decoder keeps its default
/// key strategy, because `.convertFromSnakeCase` on top of explicit keys silently
/// decodes the renamed fields as missing (seed 000).
public struct Fixture: Decodable, Equatable, Sendable {
    /// An account to make.
    public struct Account: Decodable, Equatable, Sendable {
        public let name: String
        public let password: String
    }

    /// A post, written by one of the accounts.
    public struct Post: Decodable, Equatable, Sendable {
        public let title: String
        public let works: [String]
        public let capacity: Int
        public let body: String
        public let writer: String
        public let isOpen: Bool
        public let createdAt: Date?

        /// The post's fields as a draft, work tags lower-cased.
        public var draft: ProjectDraft {
            ProjectDraft(title: title, works: works.map { $0.lowercased() }, capacity: capacity, body: body)
        }

        enum CodingKeys: String, CodingKey {
            case title, works, capacity, body, writer
            case isOpen = "is_open"
            case createdAt = "created_at"
        }
    }

    /// A room with its members and messages, oldest message first.
    public struct ChatRoom: Decodable, Equatable, Sendable {
        public let kind: Room.Kind
        public let members: [String]
        public let messages: [Line]
    }

    /// A message of a fixture room.
    public struct Line: Decodable, Equatable, Sendable {
        public let sender: String
        public let text: String
        public let sentAt: Date?

        enum CodingKeys: String, CodingKey {
            case sender, text
            case sentAt = "sent_at"
        }
    }

    public let users: [Account]
    public let projects: [Post]
    public let rooms: [ChatRoom]

    enum CodingKeys: String, CodingKey {
        case users, projects, rooms
    }

    public init(users: [Account] = [], projects: [Post] = [], rooms: [ChatRoom] = []) {
        self.users = users
        self.projects = projects
        self.rooms = rooms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        users = try container.decodeIfPresent([Account].self, forKey: .users) ?? []
        projects = try container.decodeIfPresent([Post].self, forKey: .projects) ?? []
        rooms = try container.decodeIfPresent([ChatRoom].self, forKey: .rooms) ?? []
    }

    /// Checks what can be checked without a store: drafts, room sizes, senders.
    /// - Throws: `StoreError.invalidFixture` naming the first problem.
    public func validate() throws {
        for post in projects {
            if let problem = post.draft.problem {
                throw StoreError.invalidFixture("post '\(post.title)': \(problem)")
            }
        }
        for (index, room) in rooms.enumerated() {
            switch room.kind {
            case .direct where Set(room.members.map { $0.lowercased() }).count != 2:
                throw StoreError.invalidFixture("rooms[\(index)]: a direct room has two members")
            case .group where room.members.count < 2:
                throw StoreError.invalidFixture("rooms[\(index)]: a group room has at least two members")
            default:
                break
            }
            let members = Set(room.members.map { $0.lowercased() })
            if let stranger = room.messages.first(where: { !members.contains($0.sender.lowercased()) }) {
                throw StoreError.invalidFixture("rooms[\(index)]: \(stranger.sender) writes to a room they are not in")
            }
        }
    }

    /// Decodes a fixture file's bytes. - Throws: `StoreError.invalidFixture` naming the bad field.
    public static func decode(_ data: Data) throws -> Fixture {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Fixture.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw StoreError.invalidFixture("missing '\(key.stringValue)' at \(path(context))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw StoreError.invalidFixture("wrong value at \(path(context)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw StoreError.invalidFixture("\(context.debugDescription) at \(path(context))")
        } catch {
            throw StoreError.invalidFixture("not JSON")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }
        return parts.isEmpty ? "the top" : parts.joined()
    }
}

extension Room.Kind: Decodable {}
