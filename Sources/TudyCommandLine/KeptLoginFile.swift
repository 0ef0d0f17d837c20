import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// A login kept between runs in a file of the user's own: one file a store or a server (the
/// servers named together share their logins, each keeping the same token, so that naming
/// one more does not lose it), in `$XDG_STATE_HOME/tudy/logins` (default `~/.local/state/tudy/logins`), 0600 in
/// a 0700 directory. The file holds the session token and, for a person looking, what it is for.
@MainActor
package final class KeptLoginFile: LoginKeeper {
    /// The files, one for each store named; each one's name is the SHA-256 of what the store
    /// is, so that no path shows in it.
    let paths: [String]
    private let stores: [String]

    /// - Parameter stores: what names each store across runs: `store /absolute/path`, or
    ///   `servers ws://…` with the address as given.
    init(stores: [String], environment: [String: String]) {
        self.stores = stores
        let directory = TerminalSession.stateDirectory(environment: environment) + "/logins/"
        paths = stores.map { directory + SHA256.hex($0) }
    }

    package var place: String {
        stores.first?.hasPrefix("servers ") == true ? "this server" : "this store"
    }

    /// What names a store file across runs, whatever path it was given by.
    static func identity(ofStoreAt path: String) -> String {
        "store " + URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// What names each server across runs.
    package static func identities(ofServers urls: [String]) -> [String] {
        urls.map { "servers " + $0 }
    }

    /// The token kept for the first of the stores that has one.
    package func recall() -> SessionToken? {
        paths.lazy.compactMap(Self.token(at:)).first
    }

    private static func token(at path: String) -> SessionToken? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let token = text.split(separator: "\n").last { !$0.hasPrefix("#") }.map(String.init) ?? ""
        let isTokenText = token.utf8.count == 43
            && token.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        return isTokenText ? SessionToken(text: token) : nil
    }

    package func keep(_ token: SessionToken) throws {
        for (path, store) in zip(paths, stores) { try keep(token, at: path, for: store) }
    }

    private func keep(_ token: SessionToken, at path: String, for store: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        for made in [(directory as NSString).deletingLastPathComponent, directory] {
            do {
                try FileManager.default.createDirectory(
                    atPath: made, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw KeptLoginError.unwritable(path: made, reason: "the directory can not be made")
            }
        }
        // Written beside, then renamed over: a run that reads it sees the old token or the new one.
        let bytes = Array("# tudy: the login kept for \(store); /logout ends it\n\(token.text)\n".utf8)
        do {
            try FileReplacement.replace(path) { try FileReplacement.write(bytes, to: $0) }
        } catch let failure as FileReplacement.Failure {
            throw KeptLoginError.unwritable(path: path, reason: failure.reason)
        }
    }

    package func forget() {
        paths.forEach { unlink($0) }
    }
}
