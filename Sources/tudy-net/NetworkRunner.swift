import TudyCommandLine
import TudyEventLoops
import TudyApp
import TudyCore
import TudyTerminal
import TudyRemote

/// `tudy-net`'s network modes, run in this process.
enum NetworkRunner: NetworkModes {
    static func chat(servers: [String], certificateAuthority: String?, settings: Launcher.Settings) async -> RunOutcome {
        let surroundings = Launcher.prepare(settings)
        let remote = RemoteChatStore(urls: servers, certificateAuthority: certificateAuthority)
        return await Launcher.outcome(console: surroundings.console) {
            do {
                try await remote.connect()
            } catch let error as RemoteStoreError {
                throw error  // it says what is wrong itself (a bad URL, a refused certificate)
            } catch {
                throw LaunchError.serverUnreachable(
                    url: servers[0], reason: RefusalWording.message(for: error), code: ErrorReport.code(for: error))
            }
        } running: { () async -> RunOutcome in
            let outcome = await Launcher.runREPL(
                store: remote, in: surroundings, settings: settings, keptAs: KeptLoginFile.identities(ofServers: servers))
            await remote.close()
            return outcome
        }
    }

    static func serve(_ settings: ServeSettings) async -> RunOutcome {
        EventLoopsAsGlobalExecutor.install()
        return await ServerLauncher.run(settings)
    }
}
