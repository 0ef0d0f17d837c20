import TudyCore

/// What goes wrong between tudy and its server, with what would work.
package enum RemoteStoreError: Error, Equatable, UserFacingError, StoreOutage {
    /// No server answered within the time a request may wait.
    case unreachable(url: String, seconds: Int)
    /// No server answered as tudy started: nothing was done, and tudy stops.
    case notReached(urls: [String], seconds: Int)
    /// As tudy started, every server given failed in a way waiting would not mend (nothing
    /// listens, no such host, …): said at once, with each server's problem, and tudy stops.
    case cannotConnect(urls: [String], problems: [ConnectProblem])
    /// The connection is down and tudy is reconnecting: a question is not kept waiting.
    case disconnected(url: String)
    /// The server is there but its database is not; the server is reconnecting to it.
    case databaseDown(url: String)
    /// The server refused the request itself (not the store): a protocol error.
    case refused(code: String, message: String)
    /// A change given up with Ctrl-C before the server answered; when it was sent, the server
    /// may have done it.
    case interrupted(url: String, wasSent: Bool)

    package var isOutage: Bool {
        switch self {
        case .unreachable, .disconnected, .databaseDown: true
        case .notReached, .cannotConnect, .refused, .interrupted: false
        }
    }

    /// A request with no answer may have been done, its answer lost; one refused while the
    /// connection or the database is down was not.
    package var leavesOutcomeUnknown: Bool {
        switch self {
        case .unreachable: true
        case .interrupted(_, let wasSent): wasSent
        default: false
        }
    }

    /// A stable name for the error, for programs (`--json`).
    package var code: String {
        switch self {
        case .unreachable: "unreachable"
        case .notReached: "not_reached"
        case .cannotConnect: "cannot_connect"
        case .disconnected: "disconnected"
        case .databaseDown: "database_down"
        // The server's own code (`server_busy`, `unknown_feature`): what a program tells apart.
        case .refused(let code, _): code
        case .interrupted: "interrupted"
        }
    }

    package var message: String {
        switch self {
        case .unreachable(let url, let seconds):
            "not done: the server at \(url) did not answer within \(seconds) s; tudy keeps trying, so try again soon"
        case .notReached(let urls, let seconds):
            "can not reach \(urls.count == 1 ? "the server at" : "any of the servers") \(urls.joined(separator: ", ")) "
                + "within \(seconds) s: check the \(urls.count == 1 ? "address" : "addresses"), and that tudy serve runs there"
        case .cannotConnect(let urls, let problems) where urls.count == 1 && problems.count == 1:
            "can not connect to \(urls[0]) (\(problems[0].reason)): \(problems[0].advice(for: urls[0]))"
        case .cannotConnect(let urls, let problems):
            "can not connect to any of the servers: "
                + zip(urls, problems).map { "\($0) (\($1.reason))" }.joined(separator: ", ")
                + ": check the addresses, and that tudy serve runs there"
        case .disconnected(let url):
            "not connected to the server at \(url): tudy is reconnecting, so try again in a moment"
        case .databaseDown(let url):
            "not done: the server at \(url) lost its database and is reconnecting to it, so try again in a moment"
        case .refused(_, let message):
            "the server refused it: \(message)"
        case .interrupted(let url, true):
            "interrupted before the server at \(url) answered: it may have been done, so look before doing it again"
        case .interrupted(let url, false):
            "interrupted: not done, as the server at \(url) was away"
        }
    }
}
