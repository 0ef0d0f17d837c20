import Foundation
import NIOCore
import NIOSSL
import TudyCore

// What stops a server before it listens, in words a person can act on.
extension ChatServer {
    /// Why the server could not listen, in words: the system's for a socket's error, "no such
    /// host" for a name that is no address.
    static func listenFailure(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if error is SocketAddressError.UnknownHost { return "no such host" }
        return "\(error)"
    }

    /// Why a TLS file could not be used, in words: missing, unreadable, or not holding `what`.
    private static func tlsFileProblem(_ path: String, _ what: String, _ error: any Error) -> String {
        if !FileManager.default.fileExists(atPath: path) { return "there is no such file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "it can not be read" }
        return "it holds no \(what) in PEM form: \(error)"
    }

    static func tlsConfiguration(_ files: (certificate: String, key: String)) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificate)
        } catch {
            throw StartError.unreadableTLSFile(path: files.certificate, reason: tlsFileProblem(files.certificate, "certificate", error))
        }
        do {
            key = try NIOSSLPrivateKey(file: files.key, format: .pem)
        } catch {
            throw StartError.unreadableTLSFile(path: files.key, reason: tlsFileProblem(files.key, "private key", error))
        }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}
