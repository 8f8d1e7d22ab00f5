import Foundation
import Testing
@testable import NostrCore

@Suite("Keys")
struct KeyTests {
    static let order = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"

    @Test("secret keys must satisfy 0 < k < n")
    func secretKeyRange() throws {
        #expect(throws: KeyError.invalidSecretKey) { try SecretKey(hex: String(repeating: "0", count: 64)) }
        #expect(throws: KeyError.invalidSecretKey) { try SecretKey(hex: Self.order) }
        #expect(throws: KeyError.invalidSecretKey) { try SecretKey(hex: String(repeating: "f", count: 64)) }
        #expect(throws: KeyError.invalidSecretKey) { try SecretKey(bytes: [UInt8](repeating: 1, count: 31)) }
        _ = try SecretKey(hex: "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140")  // n − 1
        _ = try SecretKey(hex: String(repeating: "0", count: 63) + "1")
    }

    @Test("hex must be lowercase and the right length")
    func strictHex() throws {
        let upper = "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9"
        #expect(throws: KeyError.invalidHex(what: "public key", expectedCharacters: 64)) { try PublicKey(hex: upper) }
        #expect(throws: KeyError.invalidHex(what: "public key", expectedCharacters: 64)) { try PublicKey(hex: "f9308a") }
        #expect(throws: KeyError.invalidHex(what: "event id", expectedCharacters: 64)) { try EventID(hex: upper) }
        #expect(throws: KeyError.invalidHex(what: "signature", expectedCharacters: 128)) { try Signature(hex: "00") }
        let key = try PublicKey(hex: upper.lowercased())
        #expect(key.hex == upper.lowercased())
    }

    @Test("public keys must be curve points")
    func publicKeyOnCurve() {
        #expect(throws: KeyError.invalidPublicKey) { try PublicKey(hex: String(repeating: "0", count: 63) + "5") }
        #expect(throws: KeyError.invalidPublicKey) { try PublicKey(hex: String(repeating: "f", count: 64)) }
    }

    @Test("no secret key material in descriptions, debug output or reflection")
    func secretsStayHidden() throws {
        let secretHex = "67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa"
        let secret = try SecretKey(hex: secretHex)
        let keypair = Keypair(secretKey: secret)
        var dumped = ""
        dump(secret, to: &dumped)
        dump(keypair, to: &dumped)
        let texts = [String(describing: secret), String(reflecting: secret), "\(keypair)", String(reflecting: keypair), dumped]
        for text in texts {
            #expect(!text.lowercased().contains(secretHex))
            #expect(!text.lowercased().contains(String(secretHex.prefix(16))))
        }
        #expect(secret.exportBytes() == (try hex(secretHex)))
        #expect(String(describing: KeyError.invalidSecretKey).contains("secret key"))
    }

    @Test("generated keys are valid, distinct and derive their public key")
    func generate() throws {
        let a = Keypair.generate()
        let b = Keypair.generate()
        #expect(a.publicKey != b.publicKey)
        #expect(a.secretKey != b.secretKey)
        #expect(a.secretKey.publicKey == a.publicKey)
        #expect(try SecretKey(bytes: a.secretKey.exportBytes()) == a.secretKey)
    }

    @Test("identifiers are Codable as lowercase hex strings")
    func codable() throws {
        let key = try PublicKey(hex: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        let id = try EventID(hex: String(repeating: "0f", count: 32))
        let wrap = WrapID(id)
        let rumor = RumorID(id)
        let data = try JSONEncoder().encode([key.hex: [wrap.hex, rumor.hex]])
        #expect(String(decoding: data, as: UTF8.self).contains(id.hex))
        #expect(try JSONDecoder().decode(PublicKey.self, from: JSONEncoder().encode(key)) == key)
        #expect(try JSONDecoder().decode(WrapID.self, from: JSONEncoder().encode(wrap)) == wrap)
        #expect(try JSONDecoder().decode(RumorID.self, from: JSONEncoder().encode(rumor)) == rumor)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(PublicKey.self, from: Data("\"00\"".utf8)) }
    }
}
