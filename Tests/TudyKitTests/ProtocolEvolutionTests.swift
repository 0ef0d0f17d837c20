import Foundation
import Testing

@testable import TudyKit

/// Clients and servers of different ages: a server says in its `hello` what it answers, and
/// a request it does not know gets an error code, never a closed connection.
@Suite("Protocol evolution")
struct ProtocolEvolutionTests {
    @Test("hello lists every operation and feature; an operation the server does not know is answered unknown_operation, and the connection goes on")
    func unknownOperation() async throws {
        let server = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await server.stop() } }
        let exchange = try await RawSocket.exchange(server.url, [
            #"{"id":1,"op":"hello","version":\#(WireCodec.version)}"#,
            #"{"id":7,"op":"react","message_id":1,"emoji":"👍"}"#,
            #"{"id":8,"op":"hello","version":\#(WireCodec.version)}"#,
        ])
        let frames = try exchange.replies.map { try WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.count == 3 && exchange.closeCode != .unacceptableData, "replies: \(exchange.replies), closed: \(String(describing: exchange.closeCode))")
        #expect(frames.first?.operations == WireRequest.Operation.allCases.map(\.rawValue))
        #expect(frames.first?.features?.contains(WireCodec.Feature.messageKinds.rawValue) == true)
        #expect(frames.dropFirst().first?.id == 7 && frames.dropFirst().first?.error?.code == "unknown_operation")
        #expect(frames.last?.id == 8 && frames.last?.error == nil)
    }

    @Test("a frame that is no request at all still ends the connection: not_json")
    func garbage() async throws {
        let server = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await server.stop() } }
        let exchange = try await RawSocket.exchange(server.url, [#"{"op":"react"}"#])
        let frames = try exchange.replies.map { try WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.first?.error?.code == "not_json")
        #expect(exchange.closeCode == .unacceptableData)
    }
}
