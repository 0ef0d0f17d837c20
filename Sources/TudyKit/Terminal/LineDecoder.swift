/// Checks the bytes of one input line and makes them text.
public enum LineDecoder {
    /// The longest line tudy reads: 64 KiB.
    public static let maximumLineBytes = 64 * 1024

    /// The line as text, or why it is refused. A trailing carriage return is dropped.
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LineReadResult {
        var bytes = Array(bytes)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard bytes.count <= maximumLineBytes else { return .rejected(.tooLong(limit: maximumLineBytes)) }
        guard !bytes.contains(0) else { return .rejected(.nulByte) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .rejected(.invalidUTF8) }
        return .line(text)
    }
}
