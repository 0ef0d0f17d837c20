import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// The `tudy` executable's network modes: both become the `tudy-net` executable beside it,
/// run with the same arguments. Keeping WebSocket, TLS and the server out of `tudy` keeps a
/// session on a local store as quick to start and as small as before the server existed.
package enum NetworkHandover: NetworkModes {
    package static func chat(servers: [String], certificateAuthority: String?, settings: Launcher.Settings) async -> RunOutcome {
        handOver()
    }

    package static func serve(_ settings: ServeSettings) async -> RunOutcome {
        handOver()
    }

    /// Replaces this process with `tudy-net`; returns only when that can not be done.
    @MainActor private static func handOver() -> RunOutcome {
        let directory = Bundle.main.executableURL?.deletingLastPathComponent()
        let path = directory?.appendingPathComponent("tudy-net").path ?? "tudy-net"
        let arguments = CommandLine.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        let reason = String(cString: strerror(errno))
        Console(output: StandardStreams(), capabilities: .plain).error(
            "can not start \(path) (\(reason)): tudy serve and tudy --server need it beside tudy; build it with scripts/build-release",
            code: "no_network_program")
        return .couldNotStart
    }
}
