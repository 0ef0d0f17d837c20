/// Whether the database a store keeps its data in answers. A server follows it and tells its
/// clients, so that a person learns why nothing is being answered.
package enum StoreHealth: Sendable, Equatable {
    case up
    /// The database went away; the store is trying to reach it again.
    case down(reason: String)
}
