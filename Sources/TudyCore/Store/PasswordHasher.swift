/// Turns a password into a string safe to keep, and checks a password against one.
public protocol PasswordHasher: Sendable {
    /// A salted, slow hash of the password in PHC string form.
    func hash(_ password: String) throws -> String
    /// Whether the password is the one that gave `encoded`.
    func verify(_ password: String, against encoded: String) -> Bool
    /// A hash of this hasher's cost that no password matches: a name without an account is
    /// checked against it, so that a login takes as long whether or not the name exists.
    var unmatchableHash: String { get }
}

extension PasswordHasher {
    /// Checks a login's password against the account's hash, or against the unmatchable hash
    /// when there is no such account: the same work either way.
    package func verifyLogin(_ password: String, against encoded: String?) -> Bool {
        let matches = verify(password, against: encoded ?? unmatchableHash)
        return matches && encoded != nil
    }
}
