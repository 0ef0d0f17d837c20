/// Reads lines from a stream of bytes, such as piped standard input.
///
/// Memory stays bounded: the bytes of a line past the 64 KiB limit are dropped as
/// they arrive, and the line is reported as too long.
@MainActor
public final class ByteLineReader: LineReader {
    /// Fills the buffer with up to its count of bytes; returns how many, 0 at the end.
    public typealias ReadBytes = (UnsafeMutableRawBufferPointer) -> Int

    private let readBytes: ReadBytes
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    private let chunk = 64 * 1024

    public init(readBytes: @escaping ReadBytes) {
        self.readBytes = readBytes
    }

    /// A reader over bytes already in memory.
    public convenience init(bytes: [UInt8]) {
        var remaining = bytes[...]
        self.init { destination in
            let count = min(destination.count, remaining.count)
            destination.copyBytes(from: remaining.prefix(count))
            remaining = remaining.dropFirst(count)
            return count
        }
    }

    public func readLine(_ request: LineRequest) -> LineReadResult {
        var overlong = false
        var line: [UInt8] = []
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if !overlong { line += buffer[start..<newline] }
                start = newline + 1
                return finish(line, overlong: overlong)
            }
            if !overlong { line += buffer[start...] }
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if line.count > LineDecoder.maximumLineBytes + 1 {
                overlong = true
                line = []
            }
            if isAtEnd || !fill() {
                if line.isEmpty && !overlong { return .end }
                return finish(line, overlong: overlong)
            }
        }
    }

    private func finish(_ line: [UInt8], overlong: Bool) -> LineReadResult {
        overlong ? .rejected(.tooLong(limit: LineDecoder.maximumLineBytes)) : LineDecoder.decode(line)
    }

    private func fill() -> Bool {
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let count = buffer.withUnsafeMutableBytes { raw in
            readBytes(UnsafeMutableRawBufferPointer(rebasing: raw[oldCount...]))
        }
        buffer.removeLast(chunk - max(count, 0))
        if count <= 0 { isAtEnd = true }
        return count > 0
    }
}
