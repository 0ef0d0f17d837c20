import TudyCore

/// Reads lines from a stream of bytes, such as piped standard input.
///
/// Memory stays bounded: the bytes of a line past the 64 KiB limit are dropped as
/// they arrive, and the line is reported as too long.
@MainActor
package final class ByteLineReader: LineReader {
    /// The next chunk of bytes, read without blocking the main actor; empty at the end. It is
    /// the main actor's, so that a chunk read on another thread comes straight back to it,
    /// not by way of a thread of the shared pool.
    package typealias ReadChunk = @MainActor () async -> [UInt8]

    private let readChunk: ReadChunk
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false

    package init(readChunk: @escaping ReadChunk) {
        self.readChunk = readChunk
    }

    /// A reader over bytes already in memory, handed out `chunk` bytes at a time.
    package convenience init(bytes: [UInt8], chunk: Int = 64 * 1024) {
        var remaining = bytes[...]
        self.init {
            defer { remaining = remaining.dropFirst(chunk) }
            return Array(remaining.prefix(chunk))
        }
    }

    package func readLine(_ request: LineRequest) async -> LineReadResult {
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
            let filled = isAtEnd ? false : await fill()
            if !filled {
                if line.isEmpty && !overlong { return .end }
                return finish(line, overlong: overlong)
            }
        }
    }

    package func takeReadyLines(limit: Int, while accepts: (String) -> Bool) -> [String] {
        var taken: [String] = []
        while taken.count < limit, let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")),
            case .line(let line) = LineDecoder.decode(buffer[start..<newline]), accepts(line)
        {
            taken.append(line)
            start = newline + 1
        }
        return taken
    }

    private func finish(_ line: [UInt8], overlong: Bool) -> LineReadResult {
        overlong ? .rejected(.tooLong(limit: LineDecoder.maximumLineBytes)) : LineDecoder.decode(line)
    }

    private func fill() async -> Bool {
        let chunk = await readChunk()
        if chunk.isEmpty {
            isAtEnd = true
            return false
        }
        buffer += chunk
        return true
    }
}
