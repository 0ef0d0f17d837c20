import TudyCore

/// A change of who is logged in, as `Output.account` tells it.
package enum AccountChange: Sendable, Equatable {
    /// A new account was made, and the user is logged in as it.
    case signedUp
    /// The user logged in.
    case loggedIn
    /// The user logged out.
    case loggedOut

    /// Its name in JSON's `change` field.
    var name: String {
        switch self {
        case .signedUp: "signed_up"
        case .loggedIn: "logged_in"
        case .loggedOut: "logged_out"
        }
    }
}
