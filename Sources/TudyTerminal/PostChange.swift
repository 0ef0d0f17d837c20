import TudyCore

/// What the user did to one of their posts, as `Output.postChange` tells it.
package enum PostChange: Sendable, Equatable {
    /// The post was written and put on the board.
    case posted
    /// The post's changes were saved.
    case saved
    /// The post was deleted for good.
    case deleted
    /// The post was opened again (true) or closed (false) to new members.
    case opened(Bool)

    /// Its name in JSON's `change` field.
    var name: String {
        switch self {
        case .posted: "posted"
        case .saved: "saved"
        case .deleted: "deleted"
        case .opened(let isOpen): isOpen ? "opened" : "closed"
        }
    }
}
