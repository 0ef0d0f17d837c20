import CArgon2

/// Argon2id through Debian's libargon2, in PHC string form (`$argon2id$v=19$m=…`).
public struct Argon2idPasswordHasher: PasswordHasher {
    /// How much work one hash costs.
    public struct Cost: Sendable, Equatable {
        package var iterations: UInt32
        package var memoryKiB: UInt32
        package var parallelism: UInt32

        /// OWASP's minimum for Argon2id: 19 MiB, 2 iterations, 1 lane. The default.
        public static let owasp = Cost(iterations: 2, memoryKiB: 19 * 1024, parallelism: 1)
        /// Cheap, for tests only.
        package static let testing = Cost(iterations: 1, memoryKiB: 64, parallelism: 1)
    }

    private let cost: Cost
    private let randomBytes: @Sendable (Int) -> [UInt8]

    /// - Parameters:
    ///   - cost: the work per hash; keep `.owasp` outside tests.
    ///   - randomBytes: where salts come from.
    public init(
        cost: Cost = .owasp,
        randomBytes: @escaping @Sendable (Int) -> [UInt8] = { count in
            var generator = SystemRandomNumberGenerator()
            return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    ) {
        self.cost = cost
        self.randomBytes = randomBytes
    }

    public func hash(_ password: String) throws -> String {
        let salt = randomBytes(16)
        let passwordBytes = Array(password.utf8)
        let hashLength = 32
        let encodedLength = argon2_encodedlen(
            cost.iterations, cost.memoryKiB, cost.parallelism,
            UInt32(salt.count), UInt32(hashLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: encodedLength)
        let status = argon2id_hash_encoded(
            cost.iterations, cost.memoryKiB, cost.parallelism,
            passwordBytes, passwordBytes.count, salt, salt.count,
            hashLength, &encoded, encodedLength)
        guard status == ARGON2_OK.rawValue else {
            throw PasswordHashError(reason: String(cString: argon2_error_message(status)))
        }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Argon2id of this cost over a fixed salt, with a digest of zeros that no password gives.
    public var unmatchableHash: String {
        let salt = String(repeating: "A", count: 22)  // 16 zero bytes, PHC base64
        let digest = String(repeating: "A", count: 43)  // 32 zero bytes
        return "$argon2id$v=19$m=\(cost.memoryKiB),t=\(cost.iterations),p=\(cost.parallelism)$\(salt)$\(digest)"
    }

    public func verify(_ password: String, against encoded: String) -> Bool {
        let passwordBytes = Array(password.utf8)
        return argon2id_verify(encoded, passwordBytes, passwordBytes.count) == ARGON2_OK.rawValue
    }
}

/// libargon2 refused to hash; only a broken cost setting or exhausted memory gets here.
package struct PasswordHashError: Error, Equatable, Sendable, UserFacingError {
    package let reason: String
    package var message: String { "the password could not be hashed: \(reason)" }
    package var code: String { "password_not_hashed" }
}
