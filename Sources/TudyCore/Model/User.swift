/// A person with an account; the name is unique, compared without regard to case.
public struct User: Hashable, Sendable, Codable {
    /// The name others see and type, e.g. in `/dm alice`.
    public let name: String

    enum CodingKeys: String, CodingKey {
        case name
    }

    public init(name: String) {
        self.name = name
    }

    /// Whether two names belong to the same account: the same once normalized and case-folded.
    package func isNamed(_ other: String) -> Bool {
        name == other || Accounts.haveOneKey(name, other)
    }
}
