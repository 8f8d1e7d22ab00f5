import Foundation
import LinkstrHost
import NostrCore
import Testing

@Suite("Relay pool: interop with rust-nostr through real relays", .serialized, .timeLimit(.minutes(1)))
struct InteropTests {
    /// A fresh rust-nostr identity: (secret hex, public key).
    private static func peerKeys() -> (secret: String, publicKey: PublicKey) {
        let keypair = Keypair.generate()
        return (keypair.secretKey.exportBytes().map { String(format: "%02x", $0) }.joined(), keypair.publicKey)
    }

    @Test("rust-nostr publishes; the pool delivers the events byte for byte", arguments: TestRelay.Kind.allCases)
    func receiveFromRustNostr(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let peer = Self.peerKeys()
        let messages = Recorder(try harness.pool.subscribe("from-rust", filters: [Filter(authors: [peer.publicKey])]))
        let lines = try await ExternalProcess(
            script: "nostr_peer.py", ["publish", "--relay", relay.url, "--secret", peer.secret, "--count", "3", "--content", "héllo \"rust\"\n"]
        ).finish()
        try await messages.wait("3 events") { $0.compactMap(\.receivedEvent).count == 3 }
        let sent = try lines.map { try Event(json: $0) }
        #expect(Set(messages.events.map(\.event)) == Set(sent))
        if kind == .rust {
            // rust-nostr's relay sends events as rust-nostr wrote them.
            #expect(Set(messages.events.map(\.json)) == Set(lines.map { Array($0.utf8) }))
        }
        for received in messages.events {
            #expect(try Event(json: received.json) == received.event)
        }
    }

    @Test("the pool publishes; rust-nostr fetches and verifies exactly those events", arguments: TestRelay.Kind.allCases)
    func rustNostrReceives(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let author = LocalSigner(keypair: .generate())
        var published: [Event] = []
        for index in 0..<2 {
            let event = try harness.event(kind: 1, content: "from linkstr \(index) ✓", tags: [["t", "linkstr"]], signer: author)
            _ = try await harness.pool.publish(event, timeout: .seconds(5))
            published.append(event)
        }
        let lines = try await ExternalProcess(
            script: "nostr_peer.py", ["fetch", "--relay", relay.url, "--author", author.publicKey.hex, "--kind", "1", "--expect", "2"]
        ).finish()
        #expect(Set(try lines.map { try Event(json: $0) }) == Set(published))
    }

    @Test(
        "gift wraps both ways: rust-nostr wraps a kind-44001 rumor to us, we wrap one to rust-nostr; each side recovers it exactly",
        arguments: [(TestRelay.Kind.rust, [String]()), (.nostrRelay, []), (.rust, ["--auth", "both"])])
    func giftWraps(kind: TestRelay.Kind, options: [String]) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch, options)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let peer = Self.peerKeys()
        let me = harness.account

        // rust-nostr → us
        let wraps = Recorder(try harness.pool.subscribeGiftWraps(to: me.publicKey, now: Int64(Date().timeIntervalSince1970)))
        let lines = try await ExternalProcess(
            script: "nostr_peer.py",
            ["giftwrap", "--relay", relay.url, "--secret", peer.secret, "--to", me.publicKey.hex, "--content", #"{"kind":"root","note":"hi"}"#]
        ).finish()
        try await wraps.wait("the wrap") { $0.compactMap(\.receivedEvent).count == 1 }
        let wrap = try #require(wraps.events.first)
        #expect(wrap.json == Array(lines[1].utf8) || kind == .nostrRelay)
        let gift = try GiftWrap.unwrap(wrap.event, recipient: me)
        let theirs = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        let expected = UnsignedEvent(
            pubkey: peer.publicKey, createdAt: (theirs["created_at"] as! NSNumber).int64Value, kind: 44001, tags: [["t", "interop"]],
            content: #"{"kind":"root","note":"hi"}"#)
        #expect(gift.sender == peer.publicKey)
        #expect(gift.rumor == expected.rumor())

        // us → rust-nostr
        let rumor = UnsignedEvent(
            pubkey: me.publicKey, createdAt: Int64(Date().timeIntervalSince1970), kind: 44001, tags: [],
            content: #"{"conversation_id":"c1","root_id":"","kind":"root","url":"https://example.com/é"}"#)
        let outgoing = try GiftWrap.giftWrap(rumor: rumor, sender: me, recipient: peer.publicKey)
        #expect(try await harness.pool.publish(outgoing.event, timeout: .seconds(5)).acceptedBy == [relay.url])
        let opened = try await ExternalProcess(
            script: "nostr_peer.py", ["unwrap", "--relay", relay.url, "--secret", peer.secret, "--expect", "1"]
        ).finish()
        let object = try JSONSerialization.jsonObject(with: Data(opened[0].utf8)) as! [String: Any]
        #expect(object["sender"] as? String == me.publicKey.hex)
        let recovered = try Event(rumorJSON: String(decoding: try JSONSerialization.data(withJSONObject: object["rumor"]!), as: UTF8.self))
        #expect(recovered == rumor.rumor())
    }
}
