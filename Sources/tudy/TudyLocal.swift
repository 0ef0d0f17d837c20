import Foundation
import TudyCommandLine

/// The `tudy` executable: `serve` and `--server` run as `tudy-net` (see `NetworkHandover`).
@main
enum TudyLocal {
    static func main() async {
        if Tudy<NetworkHandover>.refusesUnknownHelpTopic() { exit(64) }
        await Tudy<NetworkHandover>.main(nil)
    }
}
