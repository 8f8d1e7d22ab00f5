import Foundation
import Testing
@testable import NostrCore

@Suite("NIP-59 gift wrap")
struct NIP59GiftWrapTests {
    static func file() throws -> VectorValue { VectorValue(try VectorFiles.json("nip59.giftwrap.vectors.json"), path: "nip59") }

    @Test("valid[]: unwrap recovers the exact rumor and the sender")
    func valid() throws {
        let cases = try Self.file()["valid"].array()
        #expect(cases.count == 10)
        for item in cases {
            let name = try item["name"].string()
            let recipient = LocalSigner(secretKey: try SecretKey(hex: item["recipient_secret_key"].string()))
            #expect(recipient.publicKey.hex == (try item["recipient_pubkey"].string()))
            let wrap = try Event(json: try item["gift_wrap"].jsonData())
            let opened = try GiftWrap.unwrap(wrap, recipient: recipient)
            let expected = item["expected"]
            let rumor = expected["rumor"]
            #expect(opened.sender.hex == (try expected["sender_pubkey"].string()), "\(name)")
            #expect(opened.rumorID.hex == (try rumor["id"].string()), "\(name)")
            #expect(opened.rumor.pubkey.hex == (try rumor["pubkey"].string()))
            #expect(opened.rumor.createdAt == (try rumor["created_at"].int64()))
            #expect(opened.rumor.kind == (try rumor["kind"].int()))
            #expect(opened.rumor.tags == (try rumor["tags"].array().map { try $0.array().map { try $0.string() } }))
            #expect(opened.rumor.content == (try rumor["content"].string()))
            #expect(opened.rumor.sig == nil)
            #expect(opened.wrapID == WrapID(wrap.id))
            #expect(opened.seal.id.hex == (try item["intermediate"]["seal"]["id"].string()))
            // Verified once by whoever received it, the wrap opens to the same gift.
            let openedVerified = try GiftWrap.unwrap(try VerifiedEvent(wrap), recipient: recipient)
            #expect(openedVerified.rumor == opened.rumor && openedVerified.seal == opened.seal && openedVerified.wrapID == opened.wrapID)
        }
    }

    @Test("invalid[]: a wrap with a bad id or signature is not a VerifiedEvent; the later checks stay")
    func invalidVerified() throws {
        for item in try Self.file()["invalid"].array() {
            let reason = try item["reject_reason"].string()
            let recipient = LocalSigner(secretKey: try SecretKey(hex: item["recipient_secret_key"].string()))
            let wrap = try Event(json: try item["gift_wrap"].jsonData())
            let direct = try #require(throws: UnwrapError.self, "\(reason)") { try GiftWrap.unwrap(wrap, recipient: recipient) }
            guard case .invalidWrap = direct else {
                guard let verified = try? VerifiedEvent(wrap) else { continue }
                let afterVerification = try #require(throws: UnwrapError.self, "\(reason)") {
                    try GiftWrap.unwrap(verified, recipient: recipient)
                }
                #expect(afterVerification.description == direct.description, "\(reason)")
                continue
            }
            #expect(throws: EventVerificationError.self, "\(reason)") { try VerifiedEvent(wrap) }
        }
    }

    @Test("invalid[]: each rejected at the check the vector names")
    func invalid() throws {
        let cases = try Self.file()["invalid"].array()
        #expect(cases.count == 13)
        var matched = 0
        for item in cases {
            let reason = try item["reject_reason"].string()
            let recipient = LocalSigner(secretKey: try SecretKey(hex: item["recipient_secret_key"].string()))
            let wrap = try Event(json: try item["gift_wrap"].jsonData())
            let error = try #require(throws: UnwrapError.self, "\(reason)") { try GiftWrap.unwrap(wrap, recipient: recipient) }
            #expect(!error.description.isEmpty)
            let ok: Bool
            switch error {
            case .notAGiftWrap(kind: 1): ok = reason.hasPrefix("wrap: kind is not 1059")
            case .invalidWrap: ok = reason == "wrap: invalid id or signature"
            case let .wrapDecryptionFailed(underlying as NIP44Error):
                ok = (underlying == .invalidMAC && reason == "wrap: NIP-44 decrypt failed (invalid MAC)")
                    || (underlying == .unsupportedVersion(1) && reason == "wrap: NIP-44 decrypt failed (unknown version 1)")
            case .notASeal(kind: 1): ok = reason == "seal: kind is not 13"
            case .invalidSeal: ok = reason == "seal: invalid id or signature"
            case .sealHasTags: ok = reason == "seal: tags not empty"
            case .sealDecryptionFailed(let underlying as NIP44Error):
                ok = underlying == .invalidMAC && reason == "seal: NIP-44 decrypt failed (invalid MAC)"
            case .signedRumor: ok = reason.hasPrefix("rumor: carries a sig")
            case .senderMismatch: ok = reason.hasPrefix("rumor: pubkey differs from seal pubkey")
            case .rumorIDMismatch: ok = reason == "rumor: id does not match its NIP-01 hash"
            default: ok = false
            }
            #expect(ok, "vector says '\(reason)', got '\(error)'")
            if ok { matched += 1 }
        }
        #expect(matched == cases.count)
    }

    @Test("round trip: structure, timestamps, one-time key, parse from JSON, wrong recipient")
    func roundTrip() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let carol = LocalSigner(keypair: .generate())
        let now: Int64 = 1_800_000_000
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: now, kind: 44001,
                                  content: #"{"conversation_id":"C","root_id":"","kind":"root","url":"https://example.com/a"}"#)
        let output = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey, now: now)
        let wrap = output.event
        #expect(wrap.kind == 1059)
        #expect(wrap.tags == [["p", bob.publicKey.hex]])
        #expect(wrap.pubkey == output.oneTimeKey.publicKey)
        #expect(wrap.pubkey != alice.publicKey)
        #expect((now - GiftWrap.maximumTimestampTweak)...now ~= wrap.createdAt)
        try wrap.verify()

        // As a relay would deliver it.
        let received = try Event(json: wrap.jsonBytes())
        let opened = try GiftWrap.unwrap(received, recipient: bob)
        #expect(opened.rumor == rumor.rumor())
        #expect(opened.rumorID == RumorID(rumor.id))
        #expect(opened.sender == alice.publicKey)
        #expect(opened.wrapID == output.id)
        #expect(opened.seal.kind == 13 && opened.seal.tags.isEmpty)
        #expect((now - GiftWrap.maximumTimestampTweak)...now ~= opened.seal.createdAt)
        #expect(opened.rumor.createdAt == now)  // the rumor keeps the true time

        let error = try #require(throws: UnwrapError.self) { try GiftWrap.unwrap(received, recipient: carol) }
        guard case let .wrapDecryptionFailed(underlying as NIP44Error) = error, underlying == .invalidMAC else {
            Issue.record("expected a MAC failure, got \(error)")
            return
        }
    }

    @Test("several recipients: one wrap each, deduplicated, every copy opens")
    func recipients() throws {
        let alice = LocalSigner(keypair: .generate())
        let members = [LocalSigner(keypair: .generate()), LocalSigner(keypair: .generate())]
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_800_000_000, kind: 44001, content: "{}")
        let recipients = [alice.publicKey] + members.map(\.publicKey) + [alice.publicKey]
        let outputs = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipients: recipients)
        #expect(outputs.map(\.recipient) == [alice.publicKey] + members.map(\.publicKey))
        #expect(Set(outputs.map(\.event.pubkey)).count == 3)  // a fresh one-time key per wrap
        for (output, signer) in zip(outputs, [alice] + members) {
            #expect(try GiftWrap.unwrap(output.event, recipient: signer).rumorID == RumorID(rumor.id))
        }
    }

    @Test("creation refuses a rumor by someone else, non-seals and unknown wrap kinds; 21059 works")
    func creationChecks() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let foreign = UnsignedEvent(pubkey: bob.publicKey, createdAt: 1, kind: 44001, content: "x")
        #expect(throws: GiftWrapError.rumorAuthorIsNotSender(rumor: bob.publicKey, sender: alice.publicKey)) {
            try GiftWrap.seal(rumor: foreign, sender: alice, recipient: bob.publicKey)
        }
        let note = try alice.sign(UnsignedEvent(pubkey: alice.publicKey, createdAt: 1, kind: 1, content: "x"))
        #expect(throws: GiftWrapError.notASignedSeal(kind: 1)) { try GiftWrap.wrap(seal: note, recipient: bob.publicKey) }
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1, kind: 44001, content: "x")
        let seal = try GiftWrap.seal(rumor: rumor, sender: alice, recipient: bob.publicKey, createdAt: 5)
        #expect(seal.createdAt == 5)
        #expect(throws: GiftWrapError.unsupportedWrapKind(4)) { try GiftWrap.wrap(seal: seal, recipient: bob.publicKey, kind: 4) }
        let ephemeral = try GiftWrap.wrap(seal: seal, recipient: bob.publicKey, kind: 21059)
        #expect(try GiftWrap.unwrap(ephemeral.event, recipient: bob).rumor.content == "x")
    }

    @Test("a rumor without an id field gets its id computed; a wrong id is rejected")
    func rumorIDHandling() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 7, kind: 44001, content: "hello")
        var json = rumor.rumor().jsonString()
        json = json.replacingOccurrences(of: "\"id\":\"\(rumor.id.hex)\",", with: "")
        #expect(!json.contains("\"id\""))
        let opened = try GiftWrap.unwrap(try Self.handMadeWrap(rumorJSON: json, sender: alice, recipient: bob.publicKey), recipient: bob)
        #expect(opened.rumorID == RumorID(rumor.id))

        let forged = rumor.rumor().jsonString().replacingOccurrences(of: rumor.id.hex, with: String(repeating: "0", count: 64))
        let error = try #require(throws: UnwrapError.self) {
            try GiftWrap.unwrap(try Self.handMadeWrap(rumorJSON: forged, sender: alice, recipient: bob.publicKey), recipient: bob)
        }
        guard case let .rumorIDMismatch(claimed, computed) = error else { Issue.record("\(error)"); return }
        #expect(claimed.hex == String(repeating: "0", count: 64))
        #expect(computed == rumor.id)

        let garbage = try #require(throws: UnwrapError.self) {
            try GiftWrap.unwrap(try Self.handMadeWrap(rumorJSON: "not json", sender: alice, recipient: bob.publicKey), recipient: bob)
        }
        guard case .malformedRumor = garbage else { Issue.record("\(garbage)"); return }
    }

    @Test("a known sender (its conversation key cached, its key reused) gets the same checks")
    func knownSender() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let carol = LocalSigner(keypair: .generate())
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 7, kind: 44001, content: "hello")
        for _ in 0..<2 {  // the first unwrap caches alice; the second parses her seal with the cached key
            let opened = try GiftWrap.unwrap(try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey).event, recipient: bob)
            #expect(opened.sender == alice.publicKey && opened.rumorID == RumorID(rumor.id))
            #expect(opened.seal.isValid)
        }
        #expect(bob.conversationKeys.count == 1)

        // A rumor claiming another (valid) author, inside alice's seal: the sender check still applies.
        let claimed = UnsignedEvent(pubkey: carol.publicKey, createdAt: 7, kind: 44001, content: "hello").rumor().jsonString()
        let mismatch = try #require(throws: UnwrapError.self) {
            try GiftWrap.unwrap(try Self.handMadeWrap(rumorJSON: claimed, sender: alice, recipient: bob.publicKey), recipient: bob)
        }
        guard case .senderMismatch = mismatch else { Issue.record("\(mismatch)"); return }

        // A rumor pubkey that is not on the curve (BIP-340 test vector 5) is still refused by the parser.
        let offCurve = "eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34"
        let bad = rumor.rumor().jsonString().replacingOccurrences(of: alice.publicKey.hex, with: offCurve)
        let malformed = try #require(throws: UnwrapError.self) {
            try GiftWrap.unwrap(try Self.handMadeWrap(rumorJSON: bad, sender: alice, recipient: bob.publicKey), recipient: bob)
        }
        guard case .malformedRumor = malformed else { Issue.record("\(malformed)"); return }
    }

    @Test("invalid UTF-8 in a seal's or a wrap's plaintext is refused at that layer, as invalid UTF-8")
    func invalidUTF8() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let nonce = (0..<32).map { _ in UInt8.random(in: 0...255) }
        /// The JSON's UTF-8 with the "l" of "hello" replaced by 0xFF, a byte UTF-8 never uses.
        func broken(_ json: String) -> [UInt8] {
            var bytes = Array(json.utf8)
            let hello = Array("hello".utf8)
            let at = (0...(bytes.count - hello.count)).first { Array(bytes[$0..<$0 + hello.count]) == hello }!
            bytes[at + 2] = 0xFF
            return bytes
        }

        // The rumor inside the seal.
        let rumorJSON = UnsignedEvent(pubkey: alice.publicKey, createdAt: 7, kind: 44001, content: "hello").rumor().jsonString()
        let sealContent = try NIP44.encrypt(
            broken(rumorJSON), conversationKey: ConversationKey(secretKey: alice.keypair.secretKey, peer: bob.publicKey), nonce: nonce)
        let seal = try alice.sign(UnsignedEvent(pubkey: alice.publicKey, createdAt: 1, kind: 13, content: sealContent))
        let inSeal = try #require(throws: UnwrapError.self) { try GiftWrap.unwrap(try GiftWrap.wrap(seal: seal, recipient: bob.publicKey).event, recipient: bob) }
        guard case .sealDecryptionFailed(let underlying as NIP44Error) = inSeal else { Issue.record("\(inSeal)"); return }
        #expect(underlying == .invalidUTF8)
        #expect(inSeal.description.contains("UTF-8"), "\(inSeal)")

        // The seal inside the wrap.
        let validSeal = try GiftWrap.seal(rumor: UnsignedEvent(pubkey: alice.publicKey, createdAt: 7, kind: 44001, content: "x"), sender: alice, recipient: bob.publicKey)
        let sealJSON = validSeal.jsonString().replacingOccurrences(of: "\"created_at\":", with: "\"hello\":0,\"created_at\":")
        let oneTime = Keypair.generate()
        let wrapContent = try NIP44.encrypt(broken(sealJSON), conversationKey: ConversationKey(secretKey: oneTime.secretKey, peer: bob.publicKey), nonce: nonce)
        let wrap = oneTime.signedEvent(UnsignedEvent(pubkey: oneTime.publicKey, createdAt: 1, kind: 1059, tags: [["p", bob.publicKey.hex]], content: wrapContent))
        let inWrap = try #require(throws: UnwrapError.self) { try GiftWrap.unwrap(wrap, recipient: bob) }
        guard case .wrapDecryptionFailed(let underlyingWrap as NIP44Error) = inWrap else { Issue.record("\(inWrap)"); return }
        #expect(underlyingWrap == .invalidUTF8)
    }

    @Test("a wrap that opens with our key but whose p tag names someone else is refused")
    func pTagMustNameTheRecipient() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let carol = LocalSigner(keypair: .generate())
        let seal = try GiftWrap.seal(rumor: UnsignedEvent(pubkey: alice.publicKey, createdAt: 7, kind: 44001, content: "x"), sender: alice, recipient: bob.publicKey)
        let oneTime = Keypair.generate()
        let content = try NIP44.encrypt(
            Array(seal.jsonString().utf8), conversationKey: ConversationKey(secretKey: oneTime.secretKey, peer: bob.publicKey),
            nonce: (0..<32).map { _ in UInt8.random(in: 0...255) })
        func wrap(tags: [[String]]) -> Event {
            oneTime.signedEvent(UnsignedEvent(pubkey: oneTime.publicKey, createdAt: 1, kind: 1059, tags: tags, content: content))
        }
        let readdressed = try #require(throws: UnwrapError.self) { try GiftWrap.unwrap(wrap(tags: [["p", carol.publicKey.hex]]), recipient: bob) }
        guard case .notAddressedToRecipient = readdressed else { Issue.record("\(readdressed)"); return }
        #expect(readdressed.description == "gift wrap rejected: its p tag does not name this account")
        #expect(throws: UnwrapError.self) { try GiftWrap.unwrap(wrap(tags: []), recipient: bob) }
        #expect(try GiftWrap.unwrap(wrap(tags: [["p", bob.publicKey.hex]]), recipient: bob).sender == alice.publicKey)
    }

    /// Seals arbitrary rumor JSON (bypassing the builder) and wraps it.
    static func handMadeWrap(rumorJSON: String, sender: LocalSigner, recipient: PublicKey) throws -> Event {
        let content = try sender.nip44Encrypt(rumorJSON, to: recipient)
        let seal = try sender.sign(UnsignedEvent(pubkey: sender.publicKey, createdAt: 1, kind: 13, content: content))
        return try GiftWrap.wrap(seal: seal, recipient: recipient).event
    }

    @Test("randomized timestamps stay within two days and vary")
    func timestamps() {
        let now: Int64 = 1_800_000_000
        let samples = (0..<2000).map { _ in GiftWrap.randomizedTimestamp(now: now) }
        #expect(samples.allSatisfy { (now - 172_800)...now ~= $0 })
        #expect(Set(samples).count > 1900)
        #expect(samples.min()! < now - 150_000 && samples.max()! > now - 20_000)
    }
}

@Suite("Signer")
struct SignerTests {
    @Test("LocalSigner signs its own events only, and caches conversation keys")
    func localSigner() throws {
        let signer = LocalSigner(keypair: .generate())
        let event = try signer.sign(UnsignedEvent(pubkey: signer.publicKey, createdAt: 1, kind: 1, content: "hi"))
        try event.verify()
        let other = Keypair.generate().publicKey
        #expect(throws: SignerError.publicKeyMismatch(signer: signer.publicKey, event: other)) {
            try signer.sign(UnsignedEvent(pubkey: other, createdAt: 1, kind: 1, content: "hi"))
        }
        let peer = LocalSigner(keypair: .generate())
        let payload = try signer.nip44Encrypt("secret", to: peer.publicKey)
        #expect(try peer.nip44Decrypt(payload, from: signer.publicKey) == "secret")
        #expect(try peer.nip44Decrypt(payload, fromOneTimeKey: signer.publicKey) == "secret")
        #expect(signer.conversationKeys.count == 1)
        #expect(peer.conversationKeys.count == 1)  // the one-time path did not add an entry
        #expect(!String(describing: signer).contains(signer.keypair.secretKey.exportBytes().map { String(format: "%02x", $0) }.joined()))
    }

    /// A signer that is not a LocalSigner (like a future NIP-46 client) works with gift wraps.
    struct ForwardingSigner: Signer {
        let inner: LocalSigner
        var publicKey: PublicKey { inner.publicKey }
        func sign(_ unsigned: UnsignedEvent) throws -> Event { try inner.sign(unsigned) }
        func nip44Encrypt(_ plaintext: String, to peer: PublicKey) throws -> String { try inner.nip44Encrypt(plaintext, to: peer) }
        func nip44Decrypt(_ payload: String, from peer: PublicKey) throws -> String { try inner.nip44Decrypt(payload, from: peer) }
    }

    @Test("gift wraps go through any Signer")
    func customSigner() throws {
        let alice = ForwardingSigner(inner: LocalSigner(keypair: .generate()))
        let bob = ForwardingSigner(inner: LocalSigner(keypair: .generate()))
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 9, kind: 44001, content: "via protocol")
        let output = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey)
        #expect(try GiftWrap.unwrap(output.event, recipient: bob).rumor.content == "via protocol")
    }
}
