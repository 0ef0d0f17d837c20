import TudyCore

/// The one path from tudy to the terminal: it is handed `Output` values and renders them as
/// text, every line through the sanitizer, wrapped to the terminal's width and coloured
/// when there is a terminal to do it for; or, with `--json`, as JSON lines.
@MainActor
package final class Console {
    /// What the terminal can show, decided once by the executable.
    package struct Capabilities {
        /// ANSI colour: only on a terminal, and not with `NO_COLOR` or `--no-color`.
        package var colour: Bool
        /// The terminal's width now, or nil for a pipe or a file (no wrapping).
        package var width: () -> Int?
        /// A terminal, where the bell may ring.
        package var isTerminal: Bool

        package init(colour: Bool = false, isTerminal: Bool = false, width: @escaping () -> Int? = { nil }) {
            self.colour = colour
            self.isTerminal = isTerminal
            self.width = width
        }

        /// A pipe or a file: no colour, no wrapping.
        package static var plain: Capabilities { Capabilities() }
    }

    private let output: any TerminalOutput
    private let capabilities: Capabilities
    /// `--json`: every value shown is one JSON object a line (`JSONLines`), never text.
    package let writesJSON: Bool
    /// How dates, messages and posts are written as text; the app's context sets it.
    package var format = TextFormat.utc
    /// What `--notify` asks for; the executable sets it.
    package var notifies = DesktopNotification.Mode.bell
    /// The sequence a desktop notification is written in, for the terminal tudy runs in.
    package var notification: DesktopNotification?
    /// Whether the terminal's window is in front, as it last said; the executable sets it.
    /// Behind another, news in the open room is told as news from another room is.
    package var isInFront: () -> Bool = { true }
    /// Who reads: a message naming them (`@name`) is highlighted. The app's context sets it.
    package var viewer: () -> User? = { nil }

    /// - Parameters:
    ///   - output: where the lines go, standard output and standard error.
    ///   - capabilities: what the terminal can show (colour, its width).
    ///   - json: write JSON lines rather than text; the capabilities are then plain.
    package init(output: any TerminalOutput, capabilities: Capabilities = .plain, json: Bool = false) {
        self.output = output
        self.capabilities = json ? .plain : capabilities
        writesJSON = json
    }

    /// The terminal's width now, or nil for a pipe or a file.
    package var windowWidth: Int? { capabilities.width() }

    /// Whether the reader of standard output has gone.
    package var isClosed: Bool { output.isClosed }

    /// Shows a value: the one way anything reaches the user.
    package func show(_ value: Output) {
        if writesJSON {
            if let (line, channel) = JSONLines.render(value) { output.write(line, to: channel) }
        } else {
            renderText(value)
        }
    }

    /// Shows a line of tudy's own (`.notice`); an empty one only spaces text out.
    package func line(_ text: String = "") {
        show(.notice(text))
    }

    /// Shows several lines.
    package func lines(_ texts: [String]) {
        texts.forEach { line($0) }
    }

    /// Reports a failure that is no error value, with a stable code of its own for programs.
    package func error(_ message: String, code: String) {
        show(.error(code: code, message: message))
    }

    /// A note to standard error that is not a failure, such as a hint.
    package func note(_ message: String) {
        show(.note(message))
    }

    // MARK: - Text

    /// The text renderer: today's look, every line through the sanitizer.
    private func renderText(_ value: Output) {
        switch value {
        case .notice(let text):
            sentence(text)
        case .message(let message, let unreadBy):
            if let quote = message.replyTo {
                let line = Sanitizer.inert(format.quoteLine(quote))
                output.write((capabilities.colour ? Style.dim.apply(line) : line) + "\n", to: .standardOutput)
            }
            self.message(
                stamp: "#\(message.id) " + format.stamp(message.sentAt), sender: message.sender.name,
                text: format.body(message) + TextFormat.unreadTag(unreadBy),
                isAction: message.kind == .action, namesViewer: namesViewer(message))
        case .messageElsewhere(let message, let room, let viewer, let preview):
            let body = format.body(message)
            self.message(
                stamp: format.stamp(message.sentAt) + " #\(room.id) " + room.title(for: viewer), sender: message.sender.name,
                text: preview ? TextFormat.preview(body, length: 60) : body, isAction: message.kind == .action,
                namesViewer: namesViewer(message))
        case .posts(let projects):
            table(projects.map(format.projectCells))
        case .post(let project):
            format.postLines(project).forEach { line($0) }
        case .rooms(let summaries, let viewer, let muted):
            table(summaries.map { format.roomCells($0, for: viewer, muted: muted.contains($0.room.id)) })
        case .profile(let profile, let rooms, let viewer):
            sentence(format.profileLine(profile, sharedRooms: rooms, viewer: viewer))
        case .roomHeader(let room, let viewer, let hasOlder):
            sentence(TextFormat.roomHeader(room, viewer: viewer, hasOlder: hasOlder))
        case .draftRoomHeader(let other, let members):
            sentence("@\(other.name) · " + members.map(\.name).joined(separator: ", "))
        case .unreadMarker(let count):
            sentence(TextFormat.unreadMarker(count: count))
        case .members(let room, let online):
            sentence(room.memberList(online: online ?? []))
        case .roomChange(let change, let room, let viewer):
            sentence(TextFormat.roomChange(change, room: room, viewer: viewer))
        case .timerPhase(let phase, let timer, let room, let viewer, let minutesLeft):
            sentence(format.timerPhase(phase, timer: timer, room: room, viewer: viewer, minutesLeft: minutesLeft))
        case .timerStopped(let room, let viewer, let byUser):
            sentence(byUser ? "timer stopped" : "── \(room.title(for: viewer)): the timer was stopped ──")
        case .sessions(let summaries, _):
            if summaries.isEmpty { sentence("no sessions to come: /session sat 10:00 for 2h weekly adds one") }
            summaries.forEach { sentence(format.sessionLine($0)) }
        case .reminder(let summary, let room, let viewer, let minutes):
            sentence("── reminder: \(room.title(for: viewer)) meets in \(minutes) min, \(format.span(summary)) (session #\(summary.session.id)) ──")
        case .checkedIn(let record):
            sentence(format.checkedIn(record))
        case .checkedOut(let record):
            sentence(format.checkedOut(record))
        case .attendanceRoll(let roll, _):
            sentence("the last \(roll.weeks) \(roll.weeks == 1 ? "week" : "weeks"): \(roll.meetings) \(roll.meetings == 1 ? "meeting" : "meetings")")
            table(roll.lines.map { ["\($0.user.name)", "present \($0.present)", "late \($0.late)", "absent \($0.absent)", "\($0.minutes) min"] })
        case .sessionAnswers(let summary, _):
            sentence(format.sessionAnswers(summary))
        case .sessionChange(let change, let summary, _):
            sentence(format.sessionChange(change, summary))
        case .pinnedNotice(let notice, let room, let readers):
            TextFormat.pinnedNotice(notice, room: room, readers: readers).forEach { sentence($0) }
        case .readers(let id, let readBy, let notYet):
            sentence(TextFormat.readers(messageID: id, readBy: readBy, notYet: notYet))
        case .readReceipt(let reader, let id, let unread):
            sentence(TextFormat.readReceipt(reader: reader, messageID: id, unread: unread))
        case .postChange(let change, let id):
            sentence(TextFormat.postChange(change, postID: id))
        case .account(let change, let user):
            sentence(TextFormat.account(change, user: user))
        case .invitations(let invitations):
            if invitations.isEmpty { sentence("no invitations wait for you") }
            invitations.forEach { sentence(TextFormat.invitation($0)) }
        case .identity(let user):
            sentence(user?.name ?? "guest")
        case .screen(let path, let asked):
            if asked { sentence(path) }
        case .wentBack(let path):
            sentence("back at \(path)")
        case .cancelled(let flow):
            sentence(flow == .login ? "login cancelled" : "draft dropped")
        case .help(let listing):
            listing.lines(width: capabilities.width()).forEach { sentence($0) }
        case .error(_, let message):
            // Red on a terminal, wrapped as a message is: the lines after the first hang under the text.
            for line in wrap(prefix: "error: ", text: Sanitizer.inert(message)) {
                output.write((capabilities.colour ? Style.red.apply(line) : line) + "\n", to: .standardError)
            }
        case .note(let text):
            output.write(Sanitizer.inert(text) + "\n", to: .standardError)
        }
    }

    /// Prints a chat message: a dim time stamp, the sender in their own colour, and the text
    /// under a hanging indent, its own lines and those wrapped alike. An action is told as
    /// IRC tells it: `* alice waves`. Its text is bold when it names the reader.
    private func message(stamp: String, sender: String, text: String, isAction: Bool, namesViewer: Bool) {
        let stamp = Sanitizer.inert(stamp)
        let sender = Sanitizer.inert(sender)
        let plainPrefix = isAction ? "\(stamp) * \(sender) " : "\(stamp) \(sender): "
        guard text.utf8.contains(UInt8(ascii: "\n")) || capabilities.colour || capabilities.width() != nil else {
            // A line of one line to a pipe or a file, as a script's sends are printed: no
            // indent, wrap or style to work out.
            output.write(plainPrefix + Sanitizer.inert(text) + "\n", to: .standardOutput)
            return
        }
        let indent = String(repeating: " ", count: DisplayWidth.of(plainPrefix))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            // An empty line of the message stays empty: no indent trails it.
            index > 0 && line.isEmpty ? [""] : wrap(prefix: index == 0 ? plainPrefix : indent, text: Sanitizer.inert(String(line)))
        }
        guard capabilities.colour else {
            for line in lines { output.write(line + "\n", to: .standardOutput) }
            return
        }
        let styledName = Style.name(sender).apply(sender)
        let styledPrefix = Style.dim.apply(stamp) + (isAction ? " * \(styledName) " : " \(styledName): ")
        for (index, line) in lines.enumerated() {
            let head = index == 0 ? plainPrefix.count : (line.hasPrefix(indent) ? indent.count : 0)
            let rest = String(line.dropFirst(head))
            let said = namesViewer && !rest.isEmpty ? Style.bold.apply(rest) : rest
            output.write((index == 0 ? styledPrefix : String(line.prefix(head))) + said + "\n", to: .standardOutput)
        }
    }

    /// Whether a message is someone else's that names the reader.
    private func namesViewer(_ message: Message) -> Bool {
        viewer().map { Mention.isNews(message, for: $0) } ?? false
    }

    /// A line of text, made inert and wrapped to the terminal.
    private func sentence(_ text: String) {
        write(prefix: "", text: Sanitizer.inert(text))
    }

    private func write(prefix: String, text: String) {
        for line in wrap(prefix: prefix, text: text) {
            output.write(line + "\n", to: .standardOutput)
        }
    }

    private func wrap(prefix: String, text: String) -> [String] {
        guard let width = capabilities.width(), DisplayWidth.of(prefix) + DisplayWidth.of(text) > width else {
            return [prefix + text]
        }
        return LineWrapper.wrap(prefix: prefix, text: text, width: width)
    }
}

extension Console {
    /// Rings the terminal's bell; a pipe or a file gets nothing.
    package func bell() {
        guard capabilities.isTerminal, !writesJSON, notifies != .none else { return }
        output.write("\u{07}", to: .standardOutput)
    }

    /// Tells of news that wants the user (a 1:1 message, a mention) as `--notify` says: the
    /// bell, and a desktop notification of `title` and `body` for `osc`. A pipe or a file gets
    /// nothing.
    package func alert(title: String, body: String) {
        bell()
        guard capabilities.isTerminal, !writesJSON, notifies == .osc, let notification else { return }
        output.write(notification.escapeSequence(title: title, body: body), to: .standardOutput)
    }

    /// Prints rows whose columns line up.
    private func table(_ rows: [[String]]) {
        lines(TextTable.lines(rows, width: capabilities.width()))
    }
}
