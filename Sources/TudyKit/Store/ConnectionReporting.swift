/// A store that reaches its data over a connection that can drop (a server's): it reports the
/// drop and the return, to everyone using it, signed in or not.
public protocol ConnectionReporting: Sendable {
    /// One line each time the connection is lost or back, from now on.
    func connectionReports() async -> AsyncStream<String>
}
