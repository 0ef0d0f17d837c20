@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

extension StreamRecorder<String> {
    /// A remote client's connection reports, each as the line a person is shown, read from now on.
    static func connectionLines(of client: any ChatStore) async -> StreamRecorder<String> {
        let reports = client.connectionReports() ?? AsyncStream { $0.finish() }
        return await reading(AsyncStream { continuation in
            let reading = Task {
                for await report in reports { continuation.yield(report.line) }
                continuation.finish()
            }
            continuation.onTermination = { _ in reading.cancel() }
        })
    }
}
