import Foundation
import NostrCore
import RelayPoolPlugin

/// Single-threaded throughput of the hot operations of NostrCore, and its event parsing against
/// Foundation's. Each line it prints starts with `BENCH` (for people) or `BENCHDATA key value` (for
/// `scripts/bench-nostr.sh`, which prints them as a table beside rust-nostr and libsecp256k1).
enum NostrBench {
    /// Runs `body` repeatedly for about `seconds`, prints and returns operations per second.
    @discardableResult
    static func measure(_ name: String, seconds: Double = 1.0, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<20 { try body() }  // warm up
        let clock = ContinuousClock()
        var iterations = 0
        let start = clock.now
        let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
        repeat {
            for _ in 0..<10 { try body() }
            iterations += 10
        } while clock.now < deadline
        let elapsed = start.duration(to: clock.now)
        let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond = Double(iterations) / total
        print(String(format: "BENCH %-44@ %10.0f ops/s %9.2f µs/op", name as NSString, perSecond, 1e6 / perSecond))
        return perSecond
    }

    /// Prints (and reports to the script) how close `rate` comes to `floor`.
    static func compare(_ name: String, key: String, rate: Double, floor: Double) {
        print(String(format: "BENCH vs floor: %-48@ floor %7.0f ops/s, linkstr %7.0f ops/s = %5.1f %%",
                     name as NSString, floor, rate, 100 * rate / floor))
        print(String(format: "BENCHDATA %@ %.1f", key as NSString, floor))
    }

    /// Rounds and seconds per round, from LINKSTR_BENCH_ROUNDS / LINKSTR_BENCH_SECONDS.
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["LINKSTR_BENCH_ROUNDS"] ?? "") ?? 15 }
    static var secondsPerRound: Double { Double(ProcessInfo.processInfo.environment["LINKSTR_BENCH_SECONDS"] ?? "") ?? 0.1 }

    /// The `event` objects of the NIP-01 test vectors in Tests/Vectors, as JSON.
    static func validEvents() throws -> [Data] {
        // #filePath = <repo>/Benchmarks/NostrBench/NostrBench.swift
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Vectors/nip01.events.json")
        guard let vectors = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
              let valid = vectors["valid"] as? [[String: Any]]
        else { throw Failure(description: "\(file.path) has no list of valid events") }
        return try valid.map { try JSONSerialization.data(withJSONObject: $0["event"] as Any) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Crypto and gift-wrap throughput, against libsecp256k1's own speed.
    static func throughput() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let id = try EventID(hex: String(repeating: "5a", count: 32))
        let signature = alice.keypair.sign(id)
        let key = try ConversationKey(secretKey: alice.keypair.secretKey, peer: bob.publicKey)
        let message = #"{"conversation_id":"E621E1F8C36C495A93FC0C247A3E6E5F","root_id":"","kind":"root","url":"https://example.com/a","timestamp":1739877200}"#
        let payload = try NIP44.encrypt(message, conversationKey: key)
        let note = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_739_877_200, kind: 1, content: message)
        let signedNote = try alice.sign(note)
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_739_877_200, kind: 44001, content: message)
        let wrap = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey).event
        let wrapJSON = wrap.jsonBytes()

        let set = BenchmarkSet()
        // The floor: libsecp256k1 alone, timed in the same rounds as the code held against it.
        let floor = Secp256k1Floor()
        floor.register(in: set)

        set.add("BIP-340 sign (event id)", key: "linkstr.sign") { _ = alice.keypair.sign(id) }
        set.add("BIP-340 verify (event id)", key: "linkstr.verify") { precondition(alice.publicKey.verify(signature, for: id)) }
        set.add("event sign (kind 1: id + BIP-340)", key: "linkstr.event-sign") { _ = try alice.sign(note) }
        set.add("event verify (kind 1: id + BIP-340)", key: "linkstr.event-verify") { try signedNote.verify() }
        set.add("x-only public key parse + curve check", key: "linkstr.xonly-parse") {
            _ = try PublicKey(hex: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        }
        set.add("ECDH + HKDF (conversation key)", key: "linkstr.conversation-key") {
            _ = try ConversationKey(secretKey: alice.keypair.secretKey, peer: bob.publicKey)
        }
        set.add("NIP-44 encrypt (\(message.utf8.count) B, key derived)", key: "linkstr.nip44-encrypt") {
            _ = try NIP44.encrypt(message, conversationKey: ConversationKey(secretKey: alice.keypair.secretKey, peer: bob.publicKey))
        }
        set.add("NIP-44 decrypt (\(message.utf8.count) B, key derived)", key: "linkstr.nip44-decrypt") {
            _ = try NIP44.decrypt(payload, conversationKey: ConversationKey(secretKey: bob.keypair.secretKey, peer: alice.publicKey))
        }
        set.add("NIP-44 encrypt (\(message.utf8.count) B, known key)", key: "linkstr.nip44-encrypt-known") {
            _ = try NIP44.encrypt(message, conversationKey: key)
        }
        set.add("NIP-44 decrypt (\(message.utf8.count) B, known key)", key: "linkstr.nip44-decrypt-known") {
            _ = try NIP44.decrypt(payload, conversationKey: key)
        }
        // "new": the peer's conversation key is not cached (a fresh cache each time), so both
        // layers pay an ECDH; "known": the seal layer's key comes from the signer's cache.
        set.add("gift wrap creation, new recipient (2 ECDH)", key: "linkstr.wrap-new") {
            let sender = LocalSigner(keypair: alice.keypair, conversationKeys: ConversationKeyCache(capacity: 1))
            _ = try GiftWrap.giftWrap(rumor: rumor, sender: sender, recipient: bob.publicKey)
        }
        set.add("gift wrap creation, known recipient (1 ECDH)", key: "linkstr.wrap-known") {
            _ = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey)
        }
        set.add("gift unwrap, new sender (all checks, 2 ECDH)", key: "linkstr.unwrap-new") {
            let recipient = LocalSigner(keypair: bob.keypair, conversationKeys: ConversationKeyCache(capacity: 1))
            _ = try GiftWrap.unwrap(wrap, recipient: recipient)
        }
        set.add("gift unwrap, known sender (all checks, 1 ECDH)", key: "linkstr.unwrap-known") {
            _ = try GiftWrap.unwrap(wrap, recipient: bob)
        }
        set.add("gift unwrap from relay JSON, new sender", key: "linkstr.unwrap-json") {
            let recipient = LocalSigner(keypair: bob.keypair, conversationKeys: ConversationKeyCache(capacity: 1))
            _ = try GiftWrap.unwrap(try Event(json: wrapJSON), recipient: recipient)
        }
        try set.run(rounds: Self.rounds, seconds: Self.secondsPerRound)

        let rates = Secp256k1Floor.Rates(set)
        Self.compare("gift unwrap, new sender (2 verify + 2 ECDH)", key: "floor.unwrap-new", rate: set.rate("linkstr.unwrap-new"),
                     floor: rates.unwrap(ecdh: 2))
        Self.compare("gift unwrap, known sender (2 verify + 1 ECDH)", key: "floor.unwrap-known", rate: set.rate("linkstr.unwrap-known"),
                     floor: rates.unwrap(ecdh: 1))
        Self.compare("gift wrap, new (keypair + 2 sign + 2 ECDH)", key: "floor.wrap-new", rate: set.rate("linkstr.wrap-new"),
                     floor: rates.create(ecdh: 2))
        Self.compare("gift wrap, known (keypair + 2 sign + 1 ECDH)", key: "floor.wrap-known", rate: set.rate("linkstr.wrap-known"),
                     floor: rates.create(ecdh: 1))
    }

    /// Event parsing: the hand-written reader against JSONSerialization and JSONDecoder; relay frames
    /// through the relay pool's parser.
    static func parsing() throws {
        let valid = try Self.validEvents()
        let small = Array(try Event(json: valid[9]).jsonBytes())  // kind 1 "test"
        let alice = LocalSigner(keypair: .generate())
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1, kind: 44001, content: String(repeating: "x", count: 150))
        let wrap = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: Keypair.generate().publicKey).event.jsonBytes()
        let tagged = try Event(json: valid[0]).jsonBytes()  // many tags
        for (name, bytes) in [("small kind-1 event", small), ("gift wrap", wrap), ("event with 15 tags", tagged)] {
            let data = Data(bytes)
            let ours = Self.measure("Event(json:) \(name) (\(bytes.count) B)") { _ = try? Event(json: bytes) }
            let foundation = Self.measure("JSONSerialization \(name) (\(bytes.count) B)") {
                _ = try? JSONSerialization.jsonObject(with: data)
            }
            let decoder = JSONDecoder()
            let codable = Self.measure("JSONDecoder (Codable) \(name) (\(bytes.count) B)") {
                _ = try? decoder.decode(FoundationEvent.self, from: data)
            }
            let typed = Self.measure("JSONSerialization + typed fields \(name)") { _ = try? FoundationEvent.viaJSONSerialization(data) }
            print(String(format: "BENCH ratio %@: ours/JSONSerialization %.2f, ours/JSONDecoder %.2f, ours/JSONSerialization+typed %.2f",
                         name as NSString, ours / foundation, ours / codable, ours / typed))
        }
        // The relay pool's reader: a frame's fields read, the event skipped (validated) and handed on as sent.
        let frames = [
            ("EVENT frame, gift wrap", Array(#"["EVENT","sub-1",\#(String(decoding: wrap, as: UTF8.self))]"#.utf8)),
            ("EVENT frame, event with 15 tags", Array(#"["EVENT","sub-1",\#(String(decoding: tagged, as: UTF8.self))]"#.utf8)),
            ("OK frame", Array(#"["OK","\#(String(repeating: "5a", count: 32))",true,"duplicate: already have this event"]"#.utf8)),
        ]
        for (name, bytes) in frames {
            Self.measure("RelayFrame.parse \(name) (\(bytes.count) B)") { _ = try? RelayFrame.parse(bytes) }
        }
        Self.measure("Event.jsonBytes() gift wrap") { _ = try? Event(json: wrap).jsonBytes() }
        let event = try Event(json: wrap)
        Self.measure("canonical serialization + SHA-256 (id)") { _ = event.computedID() }
    }
}

/// The same fields decoded by Foundation, for comparison only.
private struct FoundationEvent: Decodable {
    let id: String
    let pubkey: String
    let created_at: Int64
    let kind: Int
    let tags: [[String]]
    let content: String
    let sig: String

    struct Malformed: Error {}

    /// JSONSerialization plus what it takes to end up with typed, validated fields.
    static func viaJSONSerialization(_ data: Data) throws -> Event {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let id = object["id"] as? String, let pubkey = object["pubkey"] as? String,
              let createdAt = (object["created_at"] as? NSNumber)?.int64Value, let kind = (object["kind"] as? NSNumber)?.intValue,
              let tags = object["tags"] as? [[String]], let content = object["content"] as? String, let sig = object["sig"] as? String
        else { throw Malformed() }
        return Event(id: try EventID(hex: id), pubkey: try PublicKey(hex: pubkey), createdAt: createdAt, kind: kind, tags: tags,
                     content: content, sig: try Signature(hex: sig))
    }
}
