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

    public init(output: any TerminalOutput, capabilities: Capabilities = .plain) {
        self.output = output
        self.capabilities = capabilities
    }

    /// The terminal's width now, or nil for a pipe or a file.
    public var windowWidth: Int? { capabilities.width() }

    /// Whether the reader of standard output has gone.
    public var isClosed: Bool { output.isClosed }

    /// Prints a line of ordinary output, wrapped to the terminal.
    public func line(_ text: String = "") {
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

    /// Prints `error: …` to standard error, in red on a terminal, wrapped as a message is:
    /// the lines after the first hang under the text.
    public func error(_ message: String) {
        for line in wrap(prefix: "error: ", text: Sanitizer.inert(message)) {
            output.write((capabilities.colour ? Style.red.apply(line) : line) + "\n", to: .standardError)
        }
    }

    /// Prints a note to standard error that is not a failure, such as a hint.
    public func note(_ message: String) {
        output.write(Sanitizer.inert(message) + "\n", to: .standardError)
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
        self.message(stamp: "#\(message.id) " + format.stamp(message.sentAt), sender: message.sender.name, text: format.body(message))
    }

    /// Prints a message of a room other than the open one, the room named before its sender.
    public func message(_ message: Message, in room: Room, for viewer: User, format: TextFormat, preview: Bool = false) {
        let body = format.body(message)
        let text = preview ? TextFormat.preview(body, length: 60) : body
        self.message(
            stamp: format.stamp(message.sentAt) + " #\(room.id) " + room.title(for: viewer), sender: message.sender.name,
            text: text)
    }

    /// Rings the terminal's bell; a pipe or a file gets nothing.
    public func bell() {
        guard capabilities.isTerminal else { return }
        output.write("\u{07}", to: .standardOutput)
    }

    /// Prints rows whose columns line up.
    public func table(_ rows: [[String]]) {
        lines(TextTable.lines(rows))
    }
}
