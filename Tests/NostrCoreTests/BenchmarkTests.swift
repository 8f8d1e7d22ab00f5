import Foundation
import Testing
@testable import NostrCore

/// Single-threaded throughput of the hot operations. Off by default; run with
/// `LINKSTR_BENCH=1 swiftlock swift test -c release -Xswiftc -enable-testing --filter Benchmark`.
@Suite("Benchmark", .serialized, .enabled(if: ProcessInfo.processInfo.environment["LINKSTR_BENCH"] == "1"))
struct BenchmarkTests {
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

    @Test("crypto and gift-wrap throughput")
    func throughput() throws {
        let alice = LocalSigner(keypair: .generate())
        let bob = LocalSigner(keypair: .generate())
        let id = try EventID(hex: String(repeating: "5a", count: 32))
        let signature = alice.keypair.sign(id)
        let key = try ConversationKey(secretKey: alice.keypair.secretKey, peer: bob.publicKey)
        let message = #"{"conversation_id":"E621E1F8C36C495A93FC0C247A3E6E5F","root_id":"","kind":"root","url":"https://example.com/a","timestamp":1739877200}"#
        let payload = try NIP44.encrypt(message, conversationKey: key)

        Self.measure("BIP-340 sign (event id)") { _ = alice.keypair.sign(id) }
        Self.measure("BIP-340 verify (event id)") { precondition(alice.publicKey.verify(signature, for: id)) }
        Self.measure("x-only public key parse + curve check") { _ = try? PublicKey(hex: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798") }
        Self.measure("ECDH + HKDF (conversation key)") { _ = try? ConversationKey(secretKey: alice.keypair.secretKey, peer: bob.publicKey) }
        Self.measure("NIP-44 encrypt (\(message.utf8.count) B, known key)") { _ = try? NIP44.encrypt(message, conversationKey: key) }
        Self.measure("NIP-44 decrypt (\(message.utf8.count) B, known key)") { _ = try? NIP44.decrypt(payload, conversationKey: key) }

        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_739_877_200, kind: 44001, content: message)
        let wrap = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey).event
        Self.measure("gift wrap creation (seal + wrap)") { _ = try? GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: bob.publicKey) }
        Self.measure("gift unwrap (all 10 checks)") { _ = try? GiftWrap.unwrap(wrap, recipient: bob) }
        let wrapJSON = wrap.jsonBytes()
        Self.measure("gift unwrap from relay JSON (parse + unwrap)") { _ = try? GiftWrap.unwrap(try Event(json: wrapJSON), recipient: bob) }
    }

    @Test("event parsing: hand-written reader vs JSONSerialization")
    func parsing() throws {
        let valid = try VectorValue(try VectorFiles.json("nip01.events.json"), path: "nip01")["valid"].array()
        let small = Array(try Event(json: try valid[9]["event"].jsonData()).jsonBytes())  // kind 1 "test"
        let alice = LocalSigner(keypair: .generate())
        let rumor = UnsignedEvent(pubkey: alice.publicKey, createdAt: 1, kind: 44001, content: String(repeating: "x", count: 150))
        let wrap = try GiftWrap.giftWrap(rumor: rumor, sender: alice, recipient: Keypair.generate().publicKey).event.jsonBytes()
        let tagged = try Event(json: try valid[0]["event"].jsonData()).jsonBytes()  // many tags
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
