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

/// What `work` gives, or `timedOut`'s error once `limit` has gone without it. The work left
/// behind is not awaited: one stuck for ever would otherwise hang the run.
func within<Value: Sendable>(
    _ limit: Duration, orFail timedOut: @escaping @Sendable () -> any Error,
    _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let settled = Locked(false)
    return try await withCheckedThrowingContinuation { continuation in
        let settle: @Sendable (Result<Value, any Error>) -> Void = { result in
            var first = false
            settled.mutate { isSettled in
                first = !isSettled
                isSettled = true
            }
            if first { continuation.resume(with: result) }
        }
        Task {
            do {
                settle(.success(try await work()))
            } catch {
                settle(.failure(error))
            }
        }
        Task {
            try? await Task.sleep(for: limit)
            settle(.failure(timedOut()))
        }
    }
}
