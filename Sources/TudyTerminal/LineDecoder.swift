import TudyCore

/// Checks the bytes of one input line and makes them text.
package enum LineDecoder {
    /// The longest line tudy reads: 64 KiB.
    package static let maximumLineBytes = 64 * 1024

    /// The line as text, or why it is refused. A trailing carriage return is dropped.
    package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LineReadResult {
        var bytes = Array(bytes)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard bytes.count <= maximumLineBytes else { return .rejected(.tooLong(limit: maximumLineBytes)) }
        guard !bytes.contains(0) else { return .rejected(.nulByte) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .rejected(.invalidUTF8) }
        return .line(text)
    }

    /// Text pasted at a terminal, between its bracketed-paste marks: one paste, whatever lines
    /// it holds. Its line breaks (CR, CR LF or LF, as terminals send them) become LF, and a
    /// final one goes.
    package static func decodePaste<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LineReadResult {
        guard bytes.count <= maximumLineBytes else { return .rejected(.tooLong(limit: maximumLineBytes)) }
        guard !bytes.contains(0) else { return .rejected(.nulByte) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .rejected(.invalidUTF8) }
        // "\r\n" is one Character in Swift: each of the three becomes one line break.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\r\n" || $0 == "\r" || $0 == "\n" }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return .paste(lines.joined(separator: "\n"))
    }
}
