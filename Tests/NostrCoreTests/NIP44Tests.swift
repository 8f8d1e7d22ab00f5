import Foundation
import Testing
@testable import NostrCore

@Suite("NIP-44 v2")
struct NIP44Tests {
    static func file() throws -> VectorValue {
        VectorValue(try VectorFiles.json("nip44.vectors.json"), path: "nip44")["v2"]
    }

    static func key(_ value: VectorValue) throws -> ConversationKey {
        try #require(ConversationKey(bytes: try value.hexBytes()))
    }

    @Test("the vector file is the official one (sha256 from 44.md)")
    func checksum() throws {
        let digest = SHA256.hash(Array(try VectorFiles.data("nip44.vectors.json")))
        #expect(digest.hex == "269ed0f69e4c192512cc779e78c555090cebc7c785b609e338a62afc3ce25040")
    }

    @Test("valid.get_conversation_key")
    func conversationKeys() throws {
        let cases = try Self.file()["valid"]["get_conversation_key"].array()
        #expect(cases.count == 35)
        for item in cases {
            let key = try ConversationKey(secretKey: SecretKey(hex: item["sec1"].string()), peer: PublicKey(hex: item["pub2"].string()))
            #expect(key.exportBytes() == (try item["conversation_key"].hexBytes()), "\(item.path)")
        }
    }

    @Test("valid.get_message_keys")
    func messageKeys() throws {
        let section = try Self.file()["valid"]["get_message_keys"]
        let conversationKey = try Self.key(section["conversation_key"])
        let cases = try section["keys"].array()
        #expect(cases.count == 32)
        for item in cases {
            let nonce = try item["nonce"].hexBytes()
            let keys = try nonce.withUnsafeBytes { try NIP44.MessageKeys(conversationKey: conversationKey, nonce: $0) }
            defer { keys.wipe() }
            #expect(Array(keys.chachaKey) == (try item["chacha_key"].hexBytes()))
            #expect(Array(keys.chachaNonce) == (try item["chacha_nonce"].hexBytes()))
            #expect(Array(keys.hmacKey) == (try item["hmac_key"].hexBytes()))
        }
    }

    @Test("valid.calc_padded_len")
    func paddedLengths() throws {
        let cases = try Self.file()["valid"]["calc_padded_len"].array()
        #expect(cases.count == 24)
        for pair in cases {
            let values = try pair.array()
            #expect(NIP44.paddedLength(for: try values[0].int()) == (try values[1].int()))
        }
    }

    @Test("valid.encrypt_decrypt: byte-exact payloads both ways")
    func encryptDecrypt() throws {
        let cases = try Self.file()["valid"]["encrypt_decrypt"].array()
        #expect(cases.count == 10)
        for item in cases {
            let sec1 = try SecretKey(hex: item["sec1"].string())
            let sec2 = try SecretKey(hex: item["sec2"].string())
            let expectedKey = try Self.key(item["conversation_key"])
            let key12 = try ConversationKey(secretKey: sec1, peer: sec2.publicKey)
            #expect(key12 == expectedKey)
            let payload = try NIP44.encrypt(try item["plaintext"].string(), conversationKey: key12, nonce: try item["nonce"].hexBytes())
            #expect(payload == (try item["payload"].string()), "\(item.path)")
            let key21 = try ConversationKey(secretKey: sec2, peer: sec1.publicKey)
            #expect(key21 == expectedKey)
            #expect(try NIP44.decrypt(try item["payload"].string(), conversationKey: key21) == (try item["plaintext"].string()))
        }
    }

    @Test("valid.encrypt_decrypt_long_msg: checksums of 64 KiB messages")
    func longMessages() throws {
        let cases = try Self.file()["valid"]["encrypt_decrypt_long_msg"].array()
        #expect(cases.count == 3)
        for item in cases {
            let plaintext = String(repeating: try item["pattern"].string(), count: try item["repeat"].int())
            #expect(SHA256.hash(Array(plaintext.utf8)).hex == (try item["plaintext_sha256"].string()))
            let key = try Self.key(item["conversation_key"])
            let payload = try NIP44.encrypt(plaintext, conversationKey: key, nonce: try item["nonce"].hexBytes())
            #expect(SHA256.hash(Array(payload.utf8)).hex == (try item["payload_sha256"].string()))
            #expect(try NIP44.decrypt(payload, conversationKey: key) == plaintext)
        }
    }

    @Test("invalid.encrypt_msg_lengths are refused (≤ 65535-byte profile)")
    func invalidLengths() throws {
        let lengths = try Self.file()["invalid"]["encrypt_msg_lengths"].array().map { try $0.int() }
        #expect(lengths == [0, 65536, 100_000, 10_000_000])
        let key = try #require(ConversationKey(bytes: [UInt8](repeating: 7, count: 32)))
        for length in lengths {
            #expect(throws: NIP44Error.invalidPlaintextLength(length)) {
                try NIP44.encrypt(String(repeating: "a", count: length), conversationKey: key)
            }
        }
        // The boundary itself is fine.
        let maximum = String(repeating: "a", count: 65535)
        #expect(try NIP44.decrypt(NIP44.encrypt(maximum, conversationKey: key), conversationKey: key) == maximum)
    }

    @Test("invalid.get_conversation_key: bad secret keys and off-curve public keys are refused")
    func invalidConversationKeys() throws {
        let cases = try Self.file()["invalid"]["get_conversation_key"].array()
        #expect(cases.count == 8)
        for item in cases {
            let note = try item["note"].string()
            if note.hasPrefix("sec1") {
                #expect(throws: KeyError.invalidSecretKey, "\(note)") { try SecretKey(hex: item["sec1"].string()) }
            } else {
                #expect(throws: KeyError.invalidPublicKey, "\(note)") { try PublicKey(hex: item["pub2"].string()) }
            }
        }
    }

    @Test("invalid.decrypt: each refused for its stated reason")
    func invalidDecrypt() throws {
        let cases = try Self.file()["invalid"]["decrypt"].array()
        #expect(cases.count == 12)
        for item in cases {
            let note = try item["note"].string()
            let payload = try item["payload"].string()
            let expected: NIP44Error
            switch note {
            case "unknown encryption version": expected = .unsupportedVersion(nil)
            case "unknown encryption version 0": expected = .unsupportedVersion(0)
            case "invalid base64": expected = .invalidBase64
            case "invalid MAC": expected = .invalidMAC
            case "invalid padding": expected = .invalidPadding
            case let text where text.hasPrefix("invalid payload length"): expected = .invalidPayloadSize(payload.utf8.count)
            default:
                Issue.record("unknown case \(note)")
                continue
            }
            #expect(throws: expected, "\(note)") { try NIP44.decrypt(payload, conversationKey: Self.key(item["conversation_key"])) }
        }
    }

    @Test("random nonces: two encryptions differ and both decrypt; the wrong key fails the MAC")
    func randomNonce() throws {
        let alice = Keypair.generate()
        let bob = Keypair.generate()
        let key = try ConversationKey(secretKey: alice.secretKey, peer: bob.publicKey)
        let first = try NIP44.encrypt("hello", conversationKey: key)
        let second = try NIP44.encrypt("hello", conversationKey: key)
        #expect(first != second)
        #expect(try NIP44.decrypt(second, conversationKey: ConversationKey(secretKey: bob.secretKey, peer: alice.publicKey)) == "hello")
        let mallory = try ConversationKey(secretKey: Keypair.generate().secretKey, peer: bob.publicKey)
        #expect(throws: NIP44Error.invalidMAC) { try NIP44.decrypt(first, conversationKey: mallory) }
        #expect(String(describing: key) == "ConversationKey(redacted)")
    }

    @Test("strict base64: padding, alphabet, canonical bits")
    func base64() throws {
        func decode(_ text: String) -> [UInt8]? { Array(text.utf8).withUnsafeBufferPointer { Base64.decode($0) } }
        #expect(decode("TWFu") == Array("Man".utf8))
        #expect(decode("TWE=") == Array("Ma".utf8))
        #expect(decode("TQ==") == Array("M".utf8))
        #expect(decode("TQ") == nil)
        #expect(decode("TR==") == nil)  // non-zero unused bits
        #expect(decode("TWF=") == nil)
        #expect(decode("T===") == nil)
        #expect(decode("=QQQ") == nil)
        #expect(decode("TW=u") == nil)
        #expect(decode("TW u") == nil)
        #expect(decode("TWFu\n") == nil)
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let encoded = bytes.withUnsafeBytes { Base64.encode($0) }
            #expect(encoded == Data(bytes).base64EncodedString())
            #expect(decode(encoded) == bytes)
        }
    }
}

@Suite("ConversationKeyCache")
struct ConversationKeyCacheTests {
    @Test("returns the same keys as direct derivation, and caches them")
    func caching() throws {
        let cache = ConversationKeyCache(capacity: 4)
        let me = Keypair.generate()
        let peers = (0..<3).map { _ in Keypair.generate().publicKey }
        for peer in peers {
            #expect(try cache.conversationKey(for: me, peer: peer) == ConversationKey(secretKey: me.secretKey, peer: peer))
        }
        #expect(cache.count == 3)
        _ = try cache.conversationKey(for: me, peer: peers[0])
        #expect(cache.count == 3)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test("bounded: evicts the least recently used entry")
    func eviction() throws {
        let cache = ConversationKeyCache(capacity: 2)
        let me = Keypair.generate()
        let a = Keypair.generate().publicKey, b = Keypair.generate().publicKey, c = Keypair.generate().publicKey
        _ = try cache.conversationKey(for: me, peer: a)
        _ = try cache.conversationKey(for: me, peer: b)
        _ = try cache.conversationKey(for: me, peer: a)  // a is now more recent than b
        _ = try cache.conversationKey(for: me, peer: c)  // evicts b
        #expect(cache.count == 2)
        // Different own keys never share entries.
        let other = Keypair.generate()
        #expect(try cache.conversationKey(for: other, peer: a) != cache.conversationKey(for: me, peer: a))
    }

    @Test("safe under concurrent use")
    func concurrent() async throws {
        let cache = ConversationKeyCache(capacity: 8)
        let me = Keypair.generate()
        let peers = (0..<16).map { _ in Keypair.generate().publicKey }
        let expected = try peers.map { try ConversationKey(secretKey: me.secretKey, peer: $0) }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for round in 0..<200 {
                let index = round % peers.count
                group.addTask { try cache.conversationKey(for: me, peer: peers[index]) == expected[index] }
            }
            for try await matched in group { #expect(matched) }
        }
        #expect(cache.count <= 8)
    }
}
