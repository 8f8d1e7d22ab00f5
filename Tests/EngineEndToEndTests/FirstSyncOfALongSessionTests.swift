import Foundation
import PluginTesting
import Testing

/// The first sync of a long session into a fresh home: relays send the newest wraps first, so a
/// member's posts can all arrive before the session they belong to. More of them than the staging
/// area holds for one sender must not leave a hole in the feed.
@Suite("End to end: the first sync of a long session", .timeLimit(.minutes(3)))
struct FirstSyncOfALongSessionTests {
    static let posts = 4_999

    @Test("4 999 posts of one member, all delivered before their session: every post is in the feed when the first sync returns")
    func everyPostOfAMemberBeforeTheirSession() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = try LinkstrHome.create(scratch, "fresh", relays: [relay.url])
        let peer = Peer.generate()
        let me = home.pubkey
        let session = IPhone.token()
        let start = Int64(Date().timeIntervalSince1970) - 20_000
        // Each wrap dated as its rumor, the session's the oldest: the relay hands it out last, after
        // every post (a deterministic worst case; without it the order is random).
        var messages = [peer.message(
            IPhone.sessionCreate(session, name: "Long", members: [peer.pubkey, me], at: start), to: [me], at: start,
            ["wrap_created_at": start])]
        for index in 0..<Self.posts {
            let time = start + 1 + Int64(index)
            messages.append(peer.message(
                IPhone.root(session, url: "https://example.com/\(index)", at: time), to: [me], at: time, ["wrap_created_at": time]))
        }
        try await PeerScript.send(messages, relay: relay.url, scratch: scratch)

        let counts = try home.sync()
        #expect(counts.received == messages.count)
        #expect(counts.accepted == messages.count)
        #expect(counts.rejected == 0 && counts.rejections.isEmpty)
        #expect(counts.staged == 0 && counts.waiting.isEmpty)
        let feed = try home.feed(session)
        #expect(feed.count == Self.posts)
        #expect(Set(feed.map(\.url)).count == Self.posts)
    }

    @Test("`sync` counts as staged only what still waits when it ends, and says what it waits for")
    func whatStillWaitsIsSaidInWords() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = try LinkstrHome.create(scratch, "fresh", relays: [relay.url])
        let peer = Peer.generate()
        let now = Int64(Date().timeIntervalSince1970)
        // Four posts to a session whose creation never reached this account, and one post (with its
        // session) that waits only until its session arrives later in the same sync.
        let unknown = IPhone.token()
        let known = IPhone.token()
        var messages = (0..<4).map { index in
            peer.message(IPhone.root(unknown, url: "https://example.com/\(index)", at: now - 100 + Int64(index)), to: [home.pubkey], at: now - 100 + Int64(index))
        }
        messages.append(peer.message(
            IPhone.sessionCreate(known, name: "Known", members: [peer.pubkey, home.pubkey], at: now - 50), to: [home.pubkey], at: now - 50,
            ["wrap_created_at": now - 3_000]))
        messages.append(peer.message(
            IPhone.root(known, url: "https://example.com/known", at: now - 40), to: [home.pubkey], at: now - 40, ["wrap_created_at": now - 40]))
        try await PeerScript.send(messages, relay: relay.url, scratch: scratch)

        let sync = try home.run(["sync", "--timeout", "10"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("received 6, accepted 2, staged 4, rejected 0\n"), "\(sync.stdout)")
        #expect(sync.stdout.contains("\n  4 posts wait for a session you are not in yet\n"), "\(sync.stdout)")
        #expect(try home.feed(known).count == 1)

        // Kept: the next sync still counts them as waiting, not as rejected.
        let again = try home.sync()
        #expect(again.staged == 4 && again.rejected == 0)
        #expect(again.waiting == ["posts wait for a session you are not in yet": 4])
    }
}
