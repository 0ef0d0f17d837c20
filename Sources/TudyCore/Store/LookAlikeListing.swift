/// A store that may hold accounts made before names were told apart by their look
/// (`NameLook`): it lists them for the operator, who may ask one of each to change.
package protocol LookAlikeListing: ChatStore {
    /// The names of accounts that look alike, in groups, each group in the order made.
    func lookAlikeAccounts() async throws -> [[String]]
}

extension LookAlikeListing {
    /// One line for the operator naming the groups, nil when there are none.
    package func lookAlikeReport() async throws -> String? {
        let groups = try await lookAlikeAccounts()
        guard !groups.isEmpty else { return nil }
        return "accounts whose names look alike, made before tudy told names apart by look (no new name may look like them): "
            + groups.map { $0.joined(separator: ", ") }.joined(separator: "; ")
    }
}
