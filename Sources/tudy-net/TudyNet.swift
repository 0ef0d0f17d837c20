import Foundation
import TudyCommandLine

/// The `tudy-net` executable: the whole of tudy, the network included.
@main
enum TudyNet {
    static func main() async {
        if Tudy<NetworkRunner>.refusesUnknownHelpTopic() { exit(64) }
        await Tudy<NetworkRunner>.main(nil)
    }
}
