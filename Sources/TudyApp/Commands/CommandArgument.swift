import TudyCore

/// A command's argument as its declaration read it: checked and parsed once, before the
/// command's handler is called, so no handler parses text again.
enum CommandArgument: Equatable, Sendable {
    /// Nothing was typed after the command.
    case none
    /// Words, a name or text of the command's own, as typed (trimmed).
    case text(String)
    /// The number of a post, a room or a message listed (`3` or `#3`).
    case number(Int)
    /// Whole seconds to wait.
    case seconds(Int)
    /// A room of the user's, by its number or by its name.
    case room(RoomReference)
    /// A message picked by its number (or the user's last one), then text about it:
    /// `/reply #3 yes`, `/react #3 👍`, `/edit #3 new text`, `/edit new text`.
    case aboutMessage(MessagePick, String)

    /// How a room is named in `/open`.
    enum RoomReference: Equatable, Sendable {
        case number(Int)
        case name(String)
    }

    /// The text typed: words, a name, a room's name, or what is said about a message; empty
    /// for none.
    var text: String {
        switch self {
        case .text(let text), .room(.name(let text)), .aboutMessage(_, let text): text
        case .none, .number, .seconds, .room(.number): ""
        }
    }

    /// The number given, of what is listed or of a message; nil when none was.
    var number: Int? {
        switch self {
        case .number(let number), .aboutMessage(.id(let number), _): number
        default: nil
        }
    }

    /// The message the argument picks: the one numbered, or else the user's last.
    var pick: MessagePick {
        number.map(MessagePick.id) ?? .last
    }

    /// The seconds to wait: those given, or `CommandSpec.defaultSeconds`.
    var seconds: Int {
        if case .seconds(let seconds) = self { seconds } else { CommandSpec.defaultSeconds }
    }
}
