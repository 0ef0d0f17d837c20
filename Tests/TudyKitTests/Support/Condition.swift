import Testing

/// Waits for `condition`, failing at once, with what was awaited, once 10 s have gone.
func waitUntil(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            Issue.record("waited 10 s for \(what)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        try await Task.sleep(for: .milliseconds(1))
    }
}
