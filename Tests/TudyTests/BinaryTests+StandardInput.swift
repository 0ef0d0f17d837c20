import Foundation
import Testing

// Piped standard input, which tudy reads a chunk ahead: a bot that waits for each answer, a
// burst of several chunks at once, and a line written in two pieces each reach the room once,
// in the order written, and the end of the input ends the run.
extension BinaryTests {
    @Test("piped input read ahead: lines one at a time, a burst of several chunks, a line in two pieces: each sent once, in order")
    func inputReadAhead() throws {
        let directory = try TemporaryDirectory.make()
        let bot = try RunningTudy(
            TudyProcess.binary, ["--store", directory.appendingPathComponent("chat.sqlite").path],
            environment: ["XDG_DATA_HOME": directory.path, "XDG_STATE_HOME": directory.path + "/state"])
        defer { bot.stop() }
        bot.send("/signup ann", "ann-password", "ann-password", "/logout", "/signup ben", "ben-password", "ben-password")
        bot.send("/chat", "/dm ann")
        try #require(bot.waitFor("no messages yet"))

        for step in 1...20 {
            bot.send("one at a time \(step)")
            try #require(bot.waitFor("one at a time \(step) "))
        }
        // About 300 KB, written at once: more than four of the reader's chunks.
        let padding = String(repeating: "x", count: 90)
        bot.send((1...3_000).map { "burst \($0) \(padding)" }.joined(separator: "\n"))
        try #require(bot.waitFor("burst 3000 "))
        // A whole command and the start of a line; once the command is answered, the start
        // has been read, and the rest comes after it.
        bot.write("/where\nin two ")
        try #require(bot.waitFor("chat > rooms > @ann"))
        bot.send("pieces")
        try #require(bot.waitFor("in two pieces "))
        #expect(bot.finish() == 0, "\(bot.text)")

        let sent = bot.text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "ben: ") else { return nil }
            // What follows the text is " ·" and how many have not read it.
            return line[range.upperBound...].components(separatedBy: " \u{B7}")[0]
        }
        let expected = (1...20).map { "one at a time \($0)" } + (1...3_000).map { "burst \($0) \(padding)" } + ["in two pieces"]
        #expect(sent.count == expected.count, "\(sent.count) messages printed as sent, \(expected.count) written")
        let first = zip(sent, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "message \(first ?? 0) printed as \"\(first.map { sent[$0] } ?? "")\", written as \"\(first.map { expected[$0] } ?? "")\"")
    }
}
