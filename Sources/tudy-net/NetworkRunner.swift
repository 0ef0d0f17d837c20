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
        do {
            try await remote.connect()
        } catch let error as RemoteStoreError {
            surroundings.console.refuse(error)
            return .couldNotStart
        } catch {
            surroundings.console.error(
                "can not reach the server at \(servers[0]): \(RefusalWording.message(for: error))",
                code: ErrorReport.code(for: error))
            return .couldNotStart
        }
        let outcome = await Launcher.runREPL(
            store: remote, in: surroundings, settings: settings, keptAs: KeptLoginFile.identities(ofServers: servers))
        await remote.close()
        return outcome
    }

    static func serve(_ settings: ServeSettings) async -> RunOutcome {
        EventLoopsAsGlobalExecutor.install()
        return await ServerLauncher.run(settings)
    }
}
