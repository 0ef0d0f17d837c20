/// Turns a password into a string safe to keep, and checks a password against one.
public protocol PasswordHasher: Sendable {
    /// A salted, slow hash of the password in PHC string form.
    func hash(_ password: String) throws -> String
    /// Whether the password is the one that gave `encoded`.
    func verify(_ password: String, against encoded: String) -> Bool
}
