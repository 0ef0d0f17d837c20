import Testing
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("session tokens and message keys")
struct SessionTokenTests {
    @Test("a store keeps a token's SHA-256, in hex (the FIPS 180-2 test vectors)")
    func hashIsSHA256() {
        #expect(SessionToken(text: "abc").hash == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SessionToken(text: "").hash == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("a new token is 256 random bits as 43 characters of base64url, never the same twice")
    func randomTokens() {
        let tokens = (0..<100).map { _ in SessionToken.random().text }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.count == 43)
            #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        }
    }

    @Test("a message's new key is 128 random bits as 32 hex digits, never the same twice")
    func randomMessageKeys() {
        let keys = (0..<1000).map { _ in OutgoingMessage.newKey() }
        #expect(Set(keys).count == 1000)
        for key in keys {
            #expect(key.count == 32 && key.allSatisfy(\.isHexDigit), "\(key)")
        }
        // Each of the 32 places holds each of the 16 digits somewhere in a thousand keys:
        // no place is fixed (a lost leading zero would leave the last place empty).
        for place in 0..<32 {
            let digits = Set(keys.map { $0[$0.index($0.startIndex, offsetBy: place)] })
            #expect(digits.count == 16, "place \(place) holds only \(digits.sorted())")
        }
    }
}
