/// The one path from tudy to the terminal: every line passes the sanitizer, then is wrapped
/// to the terminal's width and coloured when there is a terminal to do it for.
@MainActor
public final class Console {
    /// What the terminal can show, decided once by the executable.
    public struct Capabilities {
        /// ANSI colour: only on a terminal, and not with `NO_COLOR` or `--no-color`.
        public var colour: Bool
        /// The terminal's width now, or nil for a pipe or a file (no wrapping).
        public var width: () -> Int?
        /// A terminal, where the bell may ring.
        public var isTerminal: Bool

        public init(colour: Bool = false, isTerminal: Bool = false, width: @escaping () -> Int? = { nil }) {
            self.colour = colour
            self.isTerminal = isTerminal
            self.width = width
        }

        /// A pipe or a file: no colour, no wrapping.
        public static var plain: Capabilities { Capabilities() }
    }

    private let output: any TerminalOutput
    private let capabilities: Capabilities
    /// `--json`: every value shown is one JSON object a line (`JSONLines`), never text.
    public let writesJSON: Bool

    /// - Parameter json: write JSON lines rather than text; the capabilities are then plain.
    public init(output: any TerminalOutput, capabilities: Capabilities = .plain, json: Bool = false) {
        self.output = output
        self.capabilities = json ? .plain : capabilities
        writesJSON = json
    }

    private func emit<Value: Encodable>(_ type: String, _ value: Value, to channel: OutputChannel = .standardOutput) {
        output.write(JSONLines.line(type, value), to: channel)
    }

    /// The terminal's width now, or nil for a pipe or a file.
    public var windowWidth: Int? { capabilities.width() }

    /// Whether the reader of standard output has gone.
    public var isClosed: Bool { output.isClosed }

    /// Prints a line of ordinary output, wrapped to the terminal; with `--json`, a `notice`
    /// (an empty line, which only spaces text out, is left out).
    public func line(_ text: String = "") {
        guard !writesJSON else {
            if !text.isEmpty { emit("notice", JSONLines.Text(text: text)) }
            return
        }
        write(prefix: "", text: Sanitizer.inert(text))
    }

    /// Prints several lines.
    public func lines(_ texts: [String]) {
        texts.forEach { line($0) }
    }

    /// Prints a chat message: a dim time stamp, the sender in their own colour, and the text
    /// under a hanging indent, its own lines and those wrapped alike.
    public func message(stamp: String, sender: String, text: String) {
        let stamp = Sanitizer.inert(stamp)
        let sender = Sanitizer.inert(sender)
        let plainPrefix = "\(stamp) \(sender): "
        let indent = String(repeating: " ", count: DisplayWidth.of(plainPrefix))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            // An empty line of the message stays empty: no indent trails it.
            index > 0 && line.isEmpty ? [""] : wrap(prefix: index == 0 ? plainPrefix : indent, text: Sanitizer.inert(String(line)))
        }
        let styledPrefix = Style.dim.apply(stamp) + " " + Style.name(sender).apply(sender) + ": "
        for (index, line) in lines.enumerated() {
            let shown = index == 0 && capabilities.colour ? styledPrefix + line.dropFirst(plainPrefix.count) : Substring(line)
            output.write(shown + "\n", to: .standardOutput)
        }
    }

    /// Reports an error, as its own line says it (with `--json`, with its stable code too).
    public func error(_ error: any Error) {
        self.error(ErrorReport.message(for: error), code: ErrorReport.code(for: error))
    }

    /// Prints `error: …` to standard error, in red on a terminal, wrapped as a message is:
    /// the lines after the first hang under the text. With `--json`, an `error` object.
    public func error(_ message: String, code: String = "failure") {
        guard !writesJSON else { return emit("error", JSONLines.Failure(code: code, message: message), to: .standardError) }
        for line in wrap(prefix: "error: ", text: Sanitizer.inert(message)) {
            output.write((capabilities.colour ? Style.red.apply(line) : line) + "\n", to: .standardError)
        }
    }

    /// Prints a note to standard error that is not a failure, such as a hint.
    public func note(_ message: String) {
        guard !writesJSON else { return emit("note", JSONLines.Text(text: message), to: .standardError) }
        output.write(Sanitizer.inert(message) + "\n", to: .standardError)
    }

    /// Where the user is now, after a line moved them; shown with `--json` only (the prompt
    /// says it at a terminal).
    public func screen(_ path: String) {
        if writesJSON { emit("screen", JSONLines.Screen(path: path)) }
    }

    /// A list of posts: as the rows given, or as `posts`.
    public func posts(_ projects: [Project], rows: [[String]]) {
        writesJSON ? emit("posts", JSONLines.Posts(posts: projects)) : table(rows)
    }

    /// One post: as the lines given, or as `post`.
    public func post(_ project: Project, lines: [String]) {
        writesJSON ? emit("post", JSONLines.Post(post: project)) : self.lines(lines)
    }

    /// The user's rooms: as the rows given, or as `rooms`.
    public func rooms(_ summaries: [RoomSummary], rows: [[String]]) {
        writesJSON ? emit("rooms", JSONLines.Rooms(rooms: summaries)) : table(rows)
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
    /// Prints a message of the open room: its number (for `/edit` and `/unsend`), time, sender and text.
    public func message(_ message: Message, format: TextFormat) {
        guard !writesJSON else { return emit("message", message) }
        self.message(stamp: "#\(message.id) " + format.stamp(message.sentAt), sender: message.sender.name, text: format.body(message))
    }

    /// Prints a message of a room other than the open one, the room named before its sender.
    public func message(_ message: Message, in room: Room, for viewer: User, format: TextFormat, preview: Bool = false) {
        guard !writesJSON else { return emit("message", message) }
        let body = format.body(message)
        let text = preview ? TextFormat.preview(body, length: 60) : body
        self.message(
            stamp: format.stamp(message.sentAt) + " #\(room.id) " + room.title(for: viewer), sender: message.sender.name,
            text: text)
    }

    /// Rings the terminal's bell; a pipe or a file gets nothing.
    public func bell() {
        guard capabilities.isTerminal, !writesJSON else { return }
        output.write("\u{07}", to: .standardOutput)
    }

    /// Prints rows whose columns line up.
    public func table(_ rows: [[String]]) {
        lines(TextTable.lines(rows))
    }
}
