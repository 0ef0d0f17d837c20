import TudyCommandLine

/// The `tudy` executable: `serve` and `--server` run as `tudy-net` (see `NetworkHandover`).
@main
enum TudyLocal {
    static func main() async {
        await Tudy<NetworkHandover>.main(nil)
    }
}
