import Foundation
import Testing

/// A PostgreSQL cluster for one test alone, which it may stop and start again as a crash and
/// an operator would: the shared cluster (`PostgresTestCluster`) serves every other test.
struct OwnPostgresCluster {
    /// Under /tmp, not the tests' scratch folder: the cluster's owner (`postgres`, when the
    /// tests run as root) must be able to reach it.
    let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("tudy-own-cluster-\(UUID().uuidString)")
    /// Its administrative URL.
    private(set) var url = ""

    /// Makes and starts the cluster.
    static func start() throws -> OwnPostgresCluster {
        var cluster = OwnPostgresCluster()
        cluster.url = try cluster.run("start").trimmingCharacters(in: .whitespacesAndNewlines)
        return cluster
    }

    /// Stops it at once, as a crash would (immediate shutdown).
    func crash() throws { _ = try run("stop") }

    /// Starts it again on the same port, and waits until it answers.
    func resume() throws { _ = try run("resume") }

    /// Starts restarting it as an operator would (fast shutdown, then start), not waiting.
    func beginRestart() {
        let script = TudyProcess.packageRoot.appendingPathComponent("scripts/postgres-cluster").path
        _ = system("'\(script)' restart '\(directory.path)' > /dev/null 2>&1 < /dev/null &")
    }

    /// Stops it and removes its files.
    func remove() {
        _ = try? run("stop")
        try? FileManager.default.removeItem(at: directory)
    }

    /// Run by the shell and waited for with `waitpid`, its output through files: Foundation's
    /// `Process` never sees it end, the server it starts keeping what it watches open.
    private func run(_ command: String) throws -> String {
        let outputs = "/tmp/tudy-own-cluster-\(UUID().uuidString)-output"
        defer { try? FileManager.default.removeItem(atPath: outputs + ".out") }
        defer { try? FileManager.default.removeItem(atPath: outputs + ".err") }
        let script = TudyProcess.packageRoot.appendingPathComponent("scripts/postgres-cluster").path
        let status = system("'\(script)' \(command) '\(directory.path)' > '\(outputs).out' 2> '\(outputs).err' < /dev/null")
        let printed = (try? String(contentsOfFile: outputs + ".out", encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOfFile: outputs + ".err", encoding: .utf8)) ?? ""
        try #require(status == 0, "scripts/postgres-cluster \(command) failed (\(status)): \(complaint)")
        return printed
    }
}
