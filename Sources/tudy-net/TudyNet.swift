import TudyCommandLine

/// The `tudy-net` executable: the whole of tudy, the network included.
@main
enum TudyNet {
    static func main() async {
        await Tudy<NetworkRunner>.main(nil)
    }
}
