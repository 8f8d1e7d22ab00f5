import Testing
@testable import NostrCore

@Suite("NIP-04")
struct NIP04Tests {
    static let alice = try! SecretKey(hex: "0000000000000000000000000000000000000000000000000000000000000001")
    static let bob = try! SecretKey(hex: "0000000000000000000000000000000000000000000000000000000000000002")
    /// Made by rust-nostr's `nip04_encrypt(alice, bob's public key, plaintext)`.
    static let rustNostrPayload = "9rOEz15y8dyrnhp2SjN2aWJKahenHP16v50n8GXdhbI=?iv=XI5qezpKnAWYPpthFJDzbw=="
    static let plaintext = "nostr: linkstr signs this ✓"

    @Test("decrypts what rust-nostr encrypted, and encrypts the same bytes with the same IV")
    func matchesRustNostr() throws {
        #expect(try NIP04.decrypt(Self.rustNostrPayload, secretKey: Self.bob, peer: Self.alice.publicKey) == Self.plaintext)
        var ivText = "XI5qezpKnAWYPpthFJDzbw=="
        let iv = try #require(ivText.withUTF8 { Base64.decode($0) })
        #expect(try NIP04.encrypt(Self.plaintext, secretKey: Self.alice, peer: Self.bob.publicKey, iv: iv) == Self.rustNostrPayload)
    }

    @Test("a round trip with a random IV; the wrong key and a malformed payload are refused")
    func roundTripAndRefusals() throws {
        let payload = try NIP04.encrypt("hello", secretKey: Self.alice, peer: Self.bob.publicKey)
        #expect(NIP04.isNIP04Payload(payload))
        #expect(try NIP04.decrypt(payload, secretKey: Self.bob, peer: Self.alice.publicKey) == "hello")
        let stranger = SecretKey.generate()
        #expect(throws: NIP04Error.self) { try NIP04.decrypt(payload, secretKey: stranger, peer: Self.alice.publicKey) }
        #expect(throws: NIP04Error.malformedPayload) { try NIP04.decrypt("no-iv-here", secretKey: Self.bob, peer: Self.alice.publicKey) }
        #expect(throws: NIP04Error.invalidIV) { try NIP04.decrypt("AAAAAAAAAAAAAAAAAAAAAA==?iv=AAAA", secretKey: Self.bob, peer: Self.alice.publicKey) }
    }
}
