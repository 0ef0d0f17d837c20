import Testing
@testable import TudyKit

@Suite("session tokens")
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
}
