import Foundation
import Testing

/// Three `linkstr` accounts through one real relay: the creator, a member, and a member added later.
@Suite("End to end: three accounts through a real relay", .timeLimit(.minutes(1)))
struct ThreeAccountsTests {
    @Test(
        "create → post → react → add a member → remove a member → post (the removed member gets nothing) → delete",
        arguments: TestRelay.Kind.allCases)
    func sessionLifecycle(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let carol = try LinkstrHome.create(scratch, "carol", relays: [relay.url])

        // Alice creates the session with Bob (named by npub) and posts.
        let created = try alice.json(SessionMembers.self, ["session", "create", "Weekend videos", "--member", bob.npub])
        #expect(created.name == "Weekend videos")
        #expect(created.members == [alice.pubkey, bob.pubkey])
        #expect(created.id.count == 32 && created.id == created.id.uppercased())
        let session = created.id
        let first = try alice.json(SentPost.self, ["post", session, "example.com/one", "--note", "  first  "])
        #expect(first == SentPost(id: first.id, session: session, url: "https://example.com/one", note: "first"))

        // Bob receives both, restores them as read, and reacts.
        let bobSync = try bob.sync()
        #expect(bobSync.received == 2 && bobSync.accepted == 2 && bobSync.rejected == 0)
        let bobSessions = try bob.sessions()
        #expect(bobSessions.map(\.id) == [session])
        #expect(bobSessions.first?.creator == alice.pubkey)
        #expect(bobSessions.first?.members == [alice.pubkey, bob.pubkey])
        #expect(try bob.feed(session).map(\.id) == [first.id])
        #expect(try bob.feed("weekend VIDEOS").first?.note == "first")  // a session by its name, any case
        #expect(try bob.json(ReactionState.self, ["react", session, String(first.id.prefix(8)), "👍"]) == ReactionState(ok: true, emoji: "👍", active: true))

        // Alice sees the reaction after a sync.
        let aliceSync = try alice.sync()
        #expect(aliceSync.accepted == 1 && aliceSync.rejected == 0)
        #expect(try alice.feed(session).first?.reactions == ["👍": [bob.pubkey]])

        // Alice adds Carol (by hex); Carol learns of the session, and of nothing posted before.
        let added = try alice.json(SessionMembers.self, ["session", "members", session, "--add", carol.pubkey])
        #expect(added.members == [alice.pubkey, bob.pubkey, carol.pubkey])
        let carolSync = try carol.sync()
        #expect(carolSync.rejected == 0 && carolSync.accepted >= 1)
        let carolSessions = try carol.sessions()
        #expect(carolSessions.map(\.name) == ["Weekend videos"])
        #expect(carolSessions.first?.members == [alice.pubkey, bob.pubkey, carol.pubkey])
        #expect(try carol.feed(session).isEmpty)

        // A post both members get, a second after the first: the feed orders posts of one second by
        // id, so a fast run could otherwise list it before the first.
        try await nextSecond()
        let second = try alice.json(SentPost.self, ["post", session, "https://example.com/two"])
        // Membership is decided per second (rumor created_at): remove Bob in a later second than the
        // post he must still receive.
        try await nextSecond()
        let removed = try alice.json(SessionMembers.self, ["session", "members", session, "--remove", bob.npub])
        #expect(removed.members == [alice.pubkey, carol.pubkey])
        let third = try alice.json(SentPost.self, ["post", session, "https://example.com/three", "--note", "not for bob"])

        // Bob: the second post and his removal, never the third; he can no longer react or post.
        let afterRemoval = try bob.sync()
        #expect(afterRemoval.rejected == 0, "\(afterRemoval)")
        let bobFeed = try bob.feed(session).map(\.id)
        #expect(bobFeed == [first.id, second.id], "bob's sync: \(afterRemoval)")
        #expect(try bob.sessions().first?.members == [alice.pubkey, carol.pubkey])
        let refused = try bob.run(["react", session, second.id, "🔥"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("no longer a member"))
        #expect(try bob.run(["post", session, "https://example.com/bob"]).status == 1)

        // Carol: the second and third posts.
        #expect(try carol.sync().rejected == 0)
        #expect(try carol.feed(session).map(\.id) == [second.id, third.id])
        #expect(try carol.feed(session).map(\.unread) == [true, true])

        // Alice deletes the first and second posts: every member, former ones included, loses them.
        #expect(try alice.json(DeletedPost.self, ["delete", session, first.id]) == DeletedPost(ok: true, relayCopiesKept: false))
        #expect(try alice.json(DeletedPost.self, ["delete", session, String(second.id.prefix(12))]) == DeletedPost(ok: true, relayCopiesKept: false))
        #expect(try alice.feed(session).map(\.id) == [third.id])
        #expect(try bob.sync().rejected == 0)
        #expect(try bob.feed(session).isEmpty)
        #expect(try bob.sessions().map(\.id) == [session])  // the history stays, read-only
        #expect(try carol.sync().rejected == 0)
        #expect(try carol.feed(session).map(\.id) == [third.id])
        // Only the author deletes.
        let forged = try carol.run(["delete", session, third.id])
        #expect(forged.status == 1)
        #expect(forged.stderr.contains("only delete posts you sent"))
        #expect(try alice.sync().rejected == 0)
        let final = try alice.feed(session)
        #expect(final.map(\.id) == [third.id])
        #expect(final.first == FeedPost(
            id: third.id, sender: alice.pubkey, url: "https://example.com/three", note: "not for bob",
            createdAt: final.first?.createdAt ?? 0, unread: false, reactions: [:]))
    }
}

/// Sleeps until the wall clock's next whole second.
func nextSecond() async throws {
    let now = Date().timeIntervalSince1970
    try await Task.sleep(for: .milliseconds(Int((now.rounded(.down) + 1 - now) * 1000) + 20))
}
