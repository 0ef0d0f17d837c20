@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

extension ChangeRecorder {
    /// A remote client's connection reports, as `.connection` changes, read from now on.
    static func connectionLines(of client: any ChatStore) async -> ChangeRecorder {
        let reports = client.connectionReports() ?? AsyncStream { $0.finish() }
        return await reading(AsyncStream { continuation in
            let reading = Task {
                for await report in reports { continuation.yield(.connection(report.line)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in reading.cancel() }
        })
    }
}
