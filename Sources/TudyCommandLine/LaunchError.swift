import TudyCore

/// Why a run could not begin, for what no other layer has an error of its own: a file named
/// by a flag, a server out of reach, the network program missing. Thrown while a launcher
/// opens what the run needs; `Launcher.outcome(console:opening:running:)` shows it and ends
/// the run with `RunOutcome.couldNotStart`.
package enum LaunchError: UserFacingError, Equatable {
    case noStoreFile(path: String)
    case unreadableSeedFile(path: String)
    case invalidSeedFile(path: String, reason: String)
    case unwritableTrace(path: String)
    case badMetricsAddress(String)
    case serverUnreachable(url: String, reason: String, code: String)

    package var message: String {
        switch self {
        case .noStoreFile(let path): "\(path): there is no store file there to check: give --store PATH of one"
        case .unreadableSeedFile(let path): "can not read the seed file \(path): check the path"
        case .invalidSeedFile(let path, let reason): "the seed file \(path) can not be loaded: \(reason)"
        case .unwritableTrace(let path): "can not write the trace to \(path): check that its directory exists and may be written"
        case .badMetricsAddress(let text): "'\(text)' is not an address to listen on: use HOST:PORT, e.g. 127.0.0.1:7070"
        case .serverUnreachable(let url, let reason, _): "can not reach the server at \(url): \(reason)"
        }
    }

    package var code: String {
        switch self {
        case .noStoreFile: "no_store_file"
        case .unreadableSeedFile: "unreadable_seed_file"
        case .invalidSeedFile: "invalid_fixture"
        case .unwritableTrace: "unwritable_trace"
        case .badMetricsAddress: "bad_metrics_address"
        case .serverUnreachable(_, _, let code): code
        }
    }
}
