import Foundation
import NIOWebSocket
import HummingbirdWSClient
import Logging
import TudyApp
import TudyCore
import TudyTerminal
import TudyWire

/// A WebSocket client that sends exactly the frames a test gives it, as a careless or hostile
/// client would, and records what the server answers and how it closed.
enum RawSocket {
    struct Outcome {
        var replies: [String] = []
        var closeCode: WebSocketErrorCode?
    }

    /// Sends each text in turn, reading one reply after each (none after one the server closes on).
    /// - Parameter token: a session to sign in with first, as a client does; the reply to that
    ///   is recorded only when it is a refusal.
    static func exchange(_ url: String, signedInAs token: SessionToken? = nil, _ texts: [String]) async throws -> Outcome {
        try await talk(url, token, texts, thenListen: nil)
    }

    /// Sends each text in turn as `exchange` does, then calls `ready` and reads until the server
    /// closes the connection: what it answered, and how it closed.
    static func listen(
        _ url: String, signedInAs token: SessionToken? = nil, _ texts: [String], ready: @escaping @Sendable () -> Void
    ) async throws -> Outcome {
        try await talk(url, token, texts, thenListen: ready)
    }

    /// Sends each text in turn as `exchange` does, then reads until what was answered is
    /// `enough` (and closes) or the server closes the connection.
    static func read(
        _ url: String, signedInAs token: SessionToken? = nil, _ texts: [String], until enough: @escaping @Sendable ([String]) -> Bool
    ) async throws -> Outcome {
        try await talk(url, token, texts, thenListen: {}, until: enough)
    }

    /// The frame that signs a connection in with a session.
    static func resume(_ token: SessionToken) -> String {
        #"{"id":0,"op":"resume","token":"\#(token.text)"}"#
    }

    /// How long one exchange may take before the test fails, saying what it had seen.
    static let deadline = Duration.seconds(30)

    /// A server that neither answered nor closed in time.
    struct NoEnd: Error, CustomStringConvertible {
        let seen: Outcome
        var description: String { "the server neither answered nor closed within \(RawSocket.deadline); replies so far: \(seen.replies)" }
    }

    /// Talks as `talk` does, but fails at `deadline` rather than waiting on a server that
    /// never ends the exchange (the stuck client is left behind, not awaited).
    private static func talk(
        _ url: String, _ token: SessionToken?, _ texts: [String], thenListen ready: (@Sendable () -> Void)?,
        until enough: @escaping @Sendable ([String]) -> Bool = { _ in false }
    ) async throws -> Outcome {
        let seen = Locked(Outcome())
        return try await within(deadline, orFail: { NoEnd(seen: seen.value) }) {
            try await talkUntilEnd(url, token, texts, thenListen: ready, until: enough, seen: seen)
        }
    }

    private static func talkUntilEnd(
        _ url: String, _ token: SessionToken?, _ texts: [String], thenListen ready: (@Sendable () -> Void)?,
        until enough: @escaping @Sendable ([String]) -> Bool, seen outcome: Locked<Outcome>
    ) async throws -> Outcome {
        var logger = Logger(label: "tudy.raw-socket")
        logger.logLevel = .critical
        let close = try await WebSocketClient.connect(
            url: url, configuration: .init(maxFrameSize: WireCodec.maximumReplySize), logger: logger
        ) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: WireCodec.maximumReplySize).makeAsyncIterator()
            if let token {
                try await outbound.write(.text(resume(token)))
                guard case .text(let answer)? = try await messages.next() else { return }
                if answer.contains(#""error""#) { outcome.value.replies.append(answer) }
            }
            for text in texts {
                try await outbound.write(.text(text))
                guard let reply = try await messages.next() else { return }
                if case .text(let answer) = reply { outcome.value.replies.append(answer) }
            }
            guard let ready else { return }
            ready()
            while let frame = try await messages.next() {
                if case .text(let answer) = frame { outcome.value.replies.append(answer) }
                if enough(outcome.value.replies) { return }
            }
        }
        var result = outcome.value
        result.closeCode = close?.closeCode
        return result
    }
}
