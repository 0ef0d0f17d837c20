import Foundation

// Accounts: signing up, logging in, sessions and profiles.
extension InMemoryChatStore {
    public func signUp(name: String, password: String) async throws -> Session {
        let name = Accounts.normalized(name)
        try Accounts.check(name: name, password: password)
        try checkIsFree(name)
        let hash = try await hasher.hashed(password)
        // Another sign-up may have taken the name while the hash was made.
        try checkIsFree(name)
        let now = clock.now()
        let account = Account(user: User(name: name), passwordHash: hash, joinedAt: now)
        accounts[Accounts.key(name)] = account
        looks[Accounts.look(name)] = Accounts.key(name)
        return sessions.open(for: account.user, now: now)
    }

    public func logIn(name: String, password: String) async throws -> Session {
        try await logins.logIn(name: name, password: password, hasher: hasher) { key in
            let now = clock.now()
            failedLogins = failedLogins.filter { $0.value.last >= LoginThrottle.forgettingBefore(now) }
            let failures = failedLogins[key]
            try LoginThrottle.admit(failures: failures?.count ?? 0, lastFailure: failures?.last, now: now)
            failedLogins[key] = ((failures?.count ?? 0) + 1, now)
            return accounts[key].map { (account: $0, passwordHash: $0.passwordHash) }
        } succeeding: { key, account in
            failedLogins[key] = nil
            return sessions.open(for: account.user, now: clock.now())
        }
    }

    public func resume(_ token: SessionToken) async throws -> Session {
        Session(user: try user(of: token), token: token)
    }

    public func logOut(_ session: Session) async throws {
        sessions.close(session.token)
        subscribers.end(sessionHash: session.token.hash)
    }

    /// Refuses a name an account has, or one that looks like an account's.
    private func checkIsFree(_ name: String) throws {
        guard accounts[Accounts.key(name)] == nil else { throw StoreError.nameTaken(name) }
        if let other = looks[Accounts.look(name)].flatMap({ accounts[$0] }) {
            throw StoreError.nameLooksLike(name: name, other: other.user.name)
        }
    }

    /// The user a session belongs to. - Throws: `StoreError.sessionEnded` unless this store gave it and it is current.
    func user(of token: SessionToken) throws -> User {
        let key = try sessions.userKey(of: token, now: clock.now())
        guard let account = accounts[key] else { throw StoreError.sessionEnded }
        return account.user
    }

    /// The user `name` names, looked up without leaving the actor: a suspension between
    /// reading a room and writing it back would let another call's change be lost.
    func knownUser(named name: String) throws -> User {
        guard let account = accounts[Accounts.key(name)] else { throw StoreError.unknownUser(name) }
        return account.user
    }

    public func profile(named name: String) async throws -> UserProfile {
        // A name typed with look-alike letters finds the account it looks like.
        guard let account = accounts[Accounts.key(name)] ?? looks[Accounts.look(name)].flatMap({ accounts[$0] }) else {
            throw StoreError.unknownUser(name)
        }
        return UserProfile(user: account.user, joinedAt: account.joinedAt)
    }

    public func userNames() async throws -> [String] {
        accounts.values.map(\.user.name).sorted()
    }
}
