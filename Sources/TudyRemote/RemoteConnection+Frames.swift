import Foundation
import HummingbirdWSClient
import Logging
import NIOSSL
import NIOWebSocket
import TudyCore
import TudyWire

/// What the server sends: replies to requests, pushed changes, and word of its database.
extension RemoteConnection {
    func received(_ text: String) {
        guard let frame = try? codec.decode(WireFrame.self, from: text) else { return }
        switch frame.type {
        case .reply:
            if let id = frame.id, id == resumeID { return resumed(frame) }
            guard let id = frame.id, var waiting = pending.removeValue(forKey: id) else { return }
            if frame.error?.code == WireError.databaseDownCode {
                guard waiting.waitsForDatabase else {
                    return waiting.continuation.resume(throwing: RemoteStoreError.databaseDown(url: url))
                }
                waiting.isHeld = true
                pending[id] = waiting
                return
            }
            if frame.error == nil { waiting.onReply?(frame) }
            // The server closes a connection whose session it logged out: that is no loss.
            if frame.error == nil && waiting.request.op == .logOut { isClosing = true }
            waiting.continuation.resume(returning: frame)
        case .status:
            guard let health = frame.health else { return }
            databaseIs(health)
        case .change:
            if frame.change == nil, frame.reason != nil,
                let local = subscriptions.first(where: { $0.value.serverID == frame.subscription })?.key
            {
                // The server ended it: whoever follows it hears the stream end, and may ask again.
                subscriptions.removeValue(forKey: local)?.continuation.finish()
                return
            }
            guard let local = subscriptions.first(where: { $0.value.serverID == frame.subscription })?.key else { return }
            if frame.change == nil, let page = frame.rooms {
                return subscriptions[local]?.roomsPage(page, hasMore: frame.hasMore == true) ?? ()
            }
            guard let change = frame.change?.change else { return }
            subscriptions[local]?.deliver(change)
        }
    }

    /// Tells the person when the server's database goes or comes back; once it is back, what
    /// was held for it goes to the server in the order it was asked.
    func databaseIs(_ health: StoreHealth) {
        switch health {
        case .down:
            guard !isDatabaseDown else { return }
            isDatabaseDown = true
            announce("the server at \(url) lost its database: what you send waits until it is back", isAway: true)
        case .up:
            guard isDatabaseDown else { return }
            isDatabaseDown = false
            announce("the server's database is back", isAway: false)
            guard let outbound else { return }
            let held = pending.keys.sorted().filter { pending[$0]!.isHeld }
            held.forEach { pending[$0]!.isHeld = false }
            let requests = held.map { pending[$0]!.request }
            let resumes = resumesWhenBack
            Task {
                if resumes { await resume(on: outbound) }
                for request in requests { write(request, on: outbound) }
            }
        }
    }

    /// The answer to the resume that began a connection.
    func resumed(_ frame: WireFrame) {
        resumeID = nil
        switch frame.error?.code {
        case nil: break
        case WireError.databaseDownCode: resumesWhenBack = true
        case "session_ended": sessionEnded()
        default: logger.debug("resume refused", metadata: ["code": "\(frame.error?.code ?? "")"])
        }
    }

    /// The session ended (logged out on another connection, or expired): what waits fails as
    /// the store's would, the streams end, and this connection closes for good.
    func sessionEnded() {
        isEnded = true
        isClosing = true
        for waiting in pending.values { waiting.continuation.resume(throwing: StoreError.sessionEnded) }
        pending = [:]
        subscriptions.values.forEach { $0.continuation.finish() }
        subscriptions = [:]
        if let outbound { Task { try? await outbound.close(.normalClosure, reason: nil) } }
    }
}
