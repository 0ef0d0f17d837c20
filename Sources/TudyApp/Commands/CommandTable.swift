/// Every command as it is declared, once: at each place it works, its argument and what it
/// does. `/help`, Tab, the reading of a line, the errors for a command typed in the wrong
/// place and the typed values the screens switch over all read this table.
package enum CommandTable {
    /// The commands that work on every screen; the tab bar carries them out.
    static let everywhere: [CommandSpec] = [
        CommandSpec(.help, .optional(.command), "the commands that work here, or one command's usage"),
        CommandSpec(.home, "the Home tab: the board of posts"),
        CommandSpec(.chat, "the Chat tab: your rooms (log in first)"),
        CommandSpec(.back, "go back a screen, or leave a login or a draft"),
        CommandSpec(.where, "where you are"),
        CommandSpec(.tree, "the coordinators, and each one's stack of screens"),
        CommandSpec(.next, "open the room with the oldest unread message"),
        CommandSpec(.mentions, "the newest messages that name you (@you), in all your rooms (log in first)"),
        CommandSpec(.ignore, .optional(.name), "hide someone's messages and notices from you, in every client of yours; alone, whom you ignore"),
        CommandSpec(.unignore, .required(.name), "see someone's messages again"),
        CommandSpec(.invites, "the invitations into rooms that wait for your answer"),
        CommandSpec(.accept, .required(.invitationNumber), "say yes to invitation #n: you come into its room"),
        CommandSpec(.decline, .required(.invitationNumber), "say no to invitation #n; nobody is told"),
        CommandSpec(.signup, .required(.newName), "make an account; asks for the password twice"),
        CommandSpec(.login, .required(.name), "log in; asks for the password"),
        CommandSpec(.logout, "log out; a login kept for later runs ends too"),
        CommandSpec(.whoami, "your name, or guest"),
        CommandSpec(.whois, .required(.name), "someone's name, the day they joined, and the rooms you share (log in first)"),
        CommandSpec(.quit, "leave tudy"),
    ]

    static let board: [CommandSpec] = [
        CommandSpec(.list, "newest posts first"),
        CommandSpec(.more, "older posts"),
        CommandSpec(.search, .required(.words), "posts whose title or body has the words"),
        CommandSpec(.work, .required(.workTag), "posts that recruit for a work, e.g. ios"),
        CommandSpec(.new, "write a post"),
        CommandSpec(.open, .required(.listed(placeholder: "<id>")), "show a post"),
    ]

    static let postsFound: [CommandSpec] = [
        CommandSpec(.open, .required(.listed(placeholder: "<id>")), "show a post found"),
        CommandSpec(.more, "older posts found"),
    ]

    static let post: [CommandSpec] = [
        CommandSpec(.dm, "send a chat to the writer"),
        CommandSpec(.join, "join the study: its group room, with the writer and who joined"),
        CommandSpec(.edit, "change the post (writer only)"),
        CommandSpec(.close, "stop recruiting (writer only)"),
        CommandSpec(.reopen, "recruit again (writer only)"),
        CommandSpec(.delete, "remove the post (writer only)"),
    ]

    /// `/find`, which works everywhere in Chat.
    private static let find = CommandSpec(.find, .required(.words), "messages in all your rooms holding the words, newest first")
    private static let invite = CommandSpec(
        .invite, .required(.invitee),
        "bring someone in, or ask them if you share no group room (a 1:1 room becomes a new group room)")
    private static let olderMessages = CommandSpec(.more, "older messages")

    static let rooms: [CommandSpec] = [
        CommandSpec(.rooms, "your rooms: members, last message, unread count"),
        CommandSpec(.open, .required(.room), "enter a room, by its number or its name"),
        CommandSpec(.dm, .required(.name), "open (or make) the 1:1 room with someone"),
        CommandSpec(.wait, .optional(.seconds), "print the next messages from others in any room (default 30 s)"),
        find,
    ]

    static let room: [CommandSpec] = [
        CommandSpec(.me, .required(.text(placeholder: "<action>")), "tell the room what you do: /me waves shows * you waves"),
        CommandSpec(
            .reply, .required(.numberedText(placeholder: "#n <text>", which: "you answer", missing: "the reply's text is missing")),
            "answer message #n: its first words are shown above yours"),
        CommandSpec(
            .react, .required(.numberedText(placeholder: "#n <emoji>", which: "you react to", missing: "the emoji is missing")),
            "set an emoji on message #n for everyone to see; again takes it back"),
        CommandSpec(.seen, .required(.messageNumber), "who has read message #n, and who has not yet"),
        invite,
        CommandSpec(.kick, .required(.member), "take someone out of your post's study room, for good"),
        CommandSpec(.members, "who is in the room; on a server, who of them is online now"),
        CommandSpec(.rename, .required(.text(placeholder: "<name>")), "name this group room, for everyone in it"),
        CommandSpec(.topic, .optional(.text(placeholder: "<text>")), "show the room's topic; with text, set it for everyone; /topic - clears it"),
        CommandSpec(
            .notice, .optional(.text(placeholder: "<text>")),
            "the room's pinned notice and who has read it; with text, pin it for everyone; /notice clear takes it down"),
        CommandSpec(
            .timer, .optional(.text(placeholder: "<focus/break> [x<rounds>]")),
            "a focus/break timer for everyone in the room: /timer 50/10 x4 starts one; alone, where it is; /timer stop ends it"),
        CommandSpec(
            .session, .required(.text(placeholder: "<when> [for <length>] [weekly]")),
            "add a session: /session sat 10:00 for 2h weekly; /session cancel #n cancels one"),
        CommandSpec(.sessions, "the sessions to come, with who is coming"),
        CommandSpec(
            .rsvp, .optional(.text(placeholder: "[#n] yes|no|maybe")),
            "say whether you come to the next session, or to #n; alone, who said what"),
        CommandSpec(.checkin, "say you are here, from 15 minutes before a session to its end: on time up to 5 minutes in"),
        CommandSpec(.checkout, "say you are leaving the session you checked in to: the minutes you stayed are kept"),
        CommandSpec(.attendance, .optional(.text(placeholder: "[weeks]")), "the roll: each member's present, late and absent and minutes, over the last 4 weeks or so many"),
        CommandSpec(.mute, "no notices or bell from this room; its unread leave the prompt's total"),
        CommandSpec(.unmute, "hear from this room again"),
        CommandSpec(.leave, "leave the room"),
        olderMessages,
        CommandSpec(.edit, .required(.replacementText), "change your last message, or your message #n, to the text"),
        CommandSpec(.unsend, .optional(.messageNumber), "delete your last message, or your message #n"),
        CommandSpec(.wait, .optional(.seconds), "print the next messages from others as they come (default 30 s)"),
        find,
    ]

    static let messagesFound: [CommandSpec] = [
        CommandSpec(.open, .required(.listed(placeholder: "<n>")), "enter room n"),
        find,
    ]

    static let draftRoom: [CommandSpec] = [
        invite,
        CommandSpec(.members, "who the room will hold"),
        CommandSpec(.leave, "go back; nothing was stored"),
        olderMessages,
        find,
    ]

    /// The commands of a place, in the order `/help` lists them.
    static func specs(at place: CommandPlace) -> [CommandSpec] {
        switch place {
        case .everywhere: everywhere
        case .board: board
        case .postsFound: postsFound
        case .post: post
        case .rooms: rooms
        case .room: room
        case .messagesFound: messagesFound
        case .draftRoom: draftRoom
        }
    }

    /// Every declaration, place by place, the global ones first.
    static var declared: [CommandSpec] {
        CommandPlace.allCases.flatMap(specs(at:))
    }

    /// The declaration of `name` at `place`; nil where it does not work.
    static func spec(_ name: CommandName, at place: CommandPlace) -> CommandSpec? {
        specs(at: place).first { $0.name == name }
    }

    /// The command a typed name (without its slash, in any case) names; nil for none of tudy's.
    static func name(_ typed: String) -> CommandName? {
        CommandName(rawValue: typed.lowercased())
    }

    /// The commands whose next line may be a password, as typed: for a paste read line by line.
    package static var passwordCommandNames: Set<String> { [CommandName.login.typed, CommandName.signup.typed] }

    /// The command of another chat client a typed name names (`/query`, `/part`).
    static func otherClient(_ typed: String) -> OtherClientCommand? {
        OtherClientCommand(rawValue: typed.lowercased())
    }
}
