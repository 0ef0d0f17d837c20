import TudyCore

/// The rooms list's commands, as values.
enum RoomsCommand: PlaceCommand, Equatable {
    case rooms
    case open(CommandArgument.RoomReference)
    case dm(name: String)
    case wait(seconds: Int)
    case find(words: String)

    static let place = CommandPlace.rooms

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .rooms: self = .rooms
        case .open:
            guard case .room(let reference) = argument else { return nil }
            self = .open(reference)
        case .dm: self = .dm(name: argument.text)
        case .wait: self = .wait(seconds: argument.seconds)
        case .find: self = .find(words: argument.text)
        default: return nil
        }
    }
}

/// A room's commands, as values.
enum RoomCommand: PlaceCommand, Equatable {
    case me(action: String)
    case reply(to: Int, text: String)
    case react(to: Int, emoji: String)
    case seen(Int)
    case invite(name: String)
    case kick(name: String)
    case members, mute, unmute, leave, more
    case rename(to: String)
    /// `/topic` alone shows it (nil); with text, sets it.
    case topic(String?)
    case notice(NoticeAction)
    case timer(TimerAction)
    case session(SessionAction)
    case sessions
    case rsvp(RSVPAction)
    case checkin, checkout
    case attendance(weeks: Int)
    case edit(MessagePick, text: String)
    case unsend(MessagePick)
    case wait(seconds: Int)
    case find(words: String)

    static let place = CommandPlace.room

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .me: self = .me(action: argument.text)
        case .reply: self = .reply(to: try Self.number(in: argument, of: name), text: argument.text)
        case .react: self = .react(to: try Self.number(in: argument, of: name), emoji: argument.text)
        case .seen: self = .seen(try Self.number(in: argument, of: name))
        case .invite: self = .invite(name: argument.text)
        case .kick: self = .kick(name: argument.text)
        case .members: self = .members
        case .mute: self = .mute
        case .unmute: self = .unmute
        case .leave: self = .leave
        case .more: self = .more
        case .rename: self = .rename(to: argument.text)
        case .topic: self = .topic(argument == .none ? nil : argument.text)
        case .notice: self = .notice(NoticeAction(argument == .none ? nil : argument.text))
        case .timer: self = .timer(try TimerAction(argument == .none ? nil : argument.text))
        case .session: self = .session(try SessionAction(argument.text))
        case .sessions: self = .sessions
        case .rsvp: self = .rsvp(try RSVPAction(argument == .none ? nil : argument.text))
        case .checkin: self = .checkin
        case .checkout: self = .checkout
        case .attendance: self = .attendance(weeks: try Self.weeks(argument == .none ? nil : argument.text))
        case .edit: self = .edit(argument.pick, text: argument.text)
        case .unsend: self = .unsend(argument.pick)
        case .wait: self = .wait(seconds: argument.seconds)
        case .find: self = .find(words: argument.text)
        default: return nil
        }
    }
}

/// What `/notice` does: shows the room's notice, takes it down, or pins a new one.
enum NoticeAction: Equatable {
    case show, clear
    case pin(String)

    init(_ text: String?) {
        switch text {
        case nil: self = .show
        case "clear": self = .clear
        case let text?: self = .pin(text)
        }
    }
}

/// What `/timer` does: says where the room's timer is, stops it, or starts one.
enum TimerAction: Equatable {
    case show, stop
    case start(StudyTimer.Plan)

    /// - Throws: `StoreError.invalidTimer` for a plan a timer can not run.
    init(_ text: String?) throws {
        switch text {
        case nil: self = .show
        case "stop": self = .stop
        case let text?: self = .start(try StudyTimer.Plan.parse(text))
        }
    }
}

/// The messages found's commands, as values.
enum MessagesFoundCommand: PlaceCommand, Equatable {
    case open(position: Int)
    case find(words: String)

    static let place = CommandPlace.messagesFound

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .open: self = .open(position: try Self.number(in: argument, of: name))
        case .find: self = .find(words: argument.text)
        default: return nil
        }
    }
}

/// A new 1:1 room's commands, as values.
enum DraftRoomCommand: PlaceCommand, Equatable {
    case invite(name: String)
    case members, leave, more
    case find(words: String)

    static let place = CommandPlace.draftRoom

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .invite: self = .invite(name: argument.text)
        case .members: self = .members
        case .leave: self = .leave
        case .more: self = .more
        case .find: self = .find(words: argument.text)
        default: return nil
        }
    }
}
