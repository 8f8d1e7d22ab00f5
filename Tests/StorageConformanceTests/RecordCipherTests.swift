import COpenSSL
import LinkstrHost
import LinkstrRuntime
import Testing

@Suite("Record cipher")
struct RecordCipherTests {
    let key = [UInt8](repeating: 7, count: 32)
    let owner = [UInt8](repeating: 1, count: 32)

    @Test("a sealed value opens for its own record only")
    func roundTrip() throws {
        let cipher = try RecordCipher(ownerKey: key)
        let plaintext = Array("https://example.com/video?id=1 — a note".utf8)
        let sealed = try cipher.seal(plaintext, owner: owner, collection: "post", key: [1, 2])
        #expect(sealed.count == plaintext.count + 1 + 12 + 16)
        #expect(try cipher.open(sealed, owner: owner, collection: "post", key: [1, 2]) == plaintext)
        #expect(try cipher.seal(plaintext, owner: owner, collection: "post", key: [1, 2]) != sealed, "a fresh nonce every time")
        #expect(!contains(sealed, Array("example.com".utf8)))

        #expect(throws: RecordCipherError.authenticationFailed) { try cipher.open(sealed, owner: owner, collection: "post", key: [1, 3]) }
        #expect(throws: RecordCipherError.authenticationFailed) { try cipher.open(sealed, owner: owner, collection: "session", key: [1, 2]) }
        #expect(throws: RecordCipherError.authenticationFailed) {
            try cipher.open(sealed, owner: [UInt8](repeating: 2, count: 32), collection: "post", key: [1, 2])
        }
        // Field boundaries are part of the AAD: ("post", [1,2]) is not ("pos", "t"+[1,2]).
        #expect(throws: RecordCipherError.authenticationFailed) { try cipher.open(sealed, owner: owner, collection: "pos", key: [0x74, 1, 2]) }
        var altered = sealed
        altered[20] ^= 1
        #expect(throws: RecordCipherError.authenticationFailed) { try cipher.open(altered, owner: owner, collection: "post", key: [1, 2]) }
        let otherKey = try RecordCipher(ownerKey: [UInt8](repeating: 8, count: 32))
        #expect(throws: RecordCipherError.authenticationFailed) { try otherKey.open(sealed, owner: owner, collection: "post", key: [1, 2]) }
    }

    @Test("empty values, bad keys and malformed input")
    func edges() throws {
        let cipher = try RecordCipher(ownerKey: key)
        let sealed = try cipher.seal([], owner: [], collection: "relay", key: [9])
        #expect(try cipher.open(sealed, owner: [], collection: "relay", key: [9]) == [])
        #expect(throws: RecordCipherError.invalidKeyLength(16)) { try RecordCipher(ownerKey: [UInt8](repeating: 0, count: 16)) }
        #expect(throws: RecordCipherError.malformed) { try cipher.open([1, 2, 3], owner: [], collection: "relay", key: [9]) }
        var wrongVersion = sealed
        wrongVersion[0] = 2
        #expect(throws: RecordCipherError.malformed) { try cipher.open(wrongVersion, owner: [], collection: "relay", key: [9]) }
    }

    @Test("records are sealed and opened whole")
    func records() throws {
        let cipher = try RecordCipher(ownerKey: key)
        let record = StoredRecord(owner: owner, collection: "post", key: [1], parent: [2], sort: 3, flags: 4, value: Array("secret".utf8))
        let sealed = try cipher.seal(record)
        #expect(sealed.value != record.value)
        #expect(sealed.key == record.key && sealed.parent == record.parent && sealed.sort == 3 && sealed.flags == 4)
        #expect(try cipher.open(sealed) == record)
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    @Test("lookup hashes are keyed: stable per owner key, different across keys, not bare SHA-256")
    func lookupHashes() throws {
        let cipher = try RecordCipher(ownerKey: key)
        let other = try RecordCipher(ownerKey: [UInt8](repeating: 9, count: 32))
        let member = "npub1examplemember"
        #expect(cipher.lookupHash(member) == cipher.lookupHash(member))
        #expect(cipher.lookupHash(member).count == 32)
        #expect(cipher.lookupHash(member) != other.lookupHash(member))
        #expect(cipher.lookupHash(member) != cipher.lookupHash(member + "x"))
        var bareSHA256 = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(Array(member.utf8), member.utf8.count, &bareSHA256, &length, EVP_sha256(), nil)
        #expect(cipher.lookupHash(member) != bareSHA256)
    }
}
