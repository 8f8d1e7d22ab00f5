import Foundation
import Testing

/// An account whose key is in a remote signer, behind an ordinary relay's rate limit: rust-nostr's
/// relay allows 60 events a minute per connection (its default), in a burst, then one a second.
@Suite("End to end: a remote signer behind a rate-limiting relay", .timeLimit(.minutes(2)))
struct RemoteSignerRateLimitTests {
    static let posts = 35

    @Test("a sync that needs more NIP-46 requests than the relay takes at once paces them and opens every wrap")
    func syncThroughARateLimitingRelay() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--notes-per-minute", "60"])
        let bunker = try await RemoteSignerTests.Bunker(relay: relay)
        defer { bunker.process.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: bunker.link)
        let peer = Peer.generate()
        let session = IPhone.token()
        let now = Int64(Date().timeIntervalSince1970)
        var messages = [peer.message(IPhone.sessionCreate(session, name: "Paced", members: [peer.pubkey, remote.pubkey], at: now - 100), to: [remote.pubkey], at: now - 100)]
        for index in 0..<Self.posts {
            let time = now - 99 + Int64(index)
            messages.append(peer.message(IPhone.root(session, url: "https://example.com/\(index)", at: time), to: [remote.pubkey], at: time))
        }
        try await PeerScript.send(messages, relay: relay.url, scratch: scratch)

        // Two decryptions per wrap: 72 requests, past the relay's burst of 60.
        let sync = try remote.run(["sync", "--timeout", "10", "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let counts = try JSONDecoder().decode(SyncCounts.self, from: Data(sync.stdout.utf8))
        #expect(counts.accepted == messages.count && counts.rejected == 0, "\(counts)")
        #expect(try remote.feed(session).count == Self.posts)
    }
}
