import TudyCore

/// The board's commands, as values.
enum BoardCommand: PlaceCommand, Equatable {
    case list, more, new
    case search(words: String)
    case work(tag: String)
    case open(postID: Int)

    static let place = CommandPlace.board

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .list: self = .list
        case .more: self = .more
        case .new: self = .new
        case .search: self = .search(words: argument.text)
        case .work: self = .work(tag: argument.text)
        case .open: self = .open(postID: try Self.number(in: argument, of: name))
        default: return nil
        }
    }
}

/// A search's results' commands, as values.
enum PostsFoundCommand: PlaceCommand, Equatable {
    case open(postID: Int)
    case more

    static let place = CommandPlace.postsFound

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .open: self = .open(postID: try Self.number(in: argument, of: name))
        case .more: self = .more
        default: return nil
        }
    }
}

/// A post's commands, as values.
enum PostCommand: PlaceCommand, Equatable {
    case dm, join, edit, close, reopen, delete

    static let place = CommandPlace.post

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .dm: self = .dm
        case .join: self = .join
        case .edit: self = .edit
        case .close: self = .close
        case .reopen: self = .reopen
        case .delete: self = .delete
        default: return nil
        }
    }
}
