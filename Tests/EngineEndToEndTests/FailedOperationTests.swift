import Foundation
import Testing

/// Commands that cannot do what they were asked say so, at once, and change nothing they should not:
/// through the built executable, real relays and a relay that refuses every event.
@Suite("End to end: a command that fails never claims success", .timeLimit(.minutes(1)))
struct FailedOperationTests {
    @Test("`account delete` that no relay accepts keeps the key and every local record, and says so")
    func refusedAccountDeletionKeepsEverything() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let refusing = try await TestRelay.misbehaving("rate-limited")
        // Sends need one relay's OK: the real relay gives it, until it is disabled.
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url, refusing.url])
        let session = try alice.json(SessionMembers.self, ["session", "create", "Keep me"]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/kept"])
        let before = try alice.state(session)
        try alice.ok(["relay", "disable", relay.url])

        let refused = try alice.run(["account", "delete", "--confirm", alice.npub])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("linkstr: the account was not deleted, and your key and local data are kept: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("rate-limited: slow down"))

        // No relay enabled at all: refused at once, for the same reason.
        try alice.ok(["relay", "disable", refusing.url])
        let unreachable = try alice.run(["account", "delete", "--confirm", alice.npub])
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.hasPrefix("linkstr: the account was not deleted, and your key and local data are kept: no relays are enabled"))

        // Everything is still there: the key, the session, the post.
        #expect(try alice.json([String: String].self, ["account", "show"])["pubkey"] == alice.pubkey)
        #expect(try alice.state(session) == before)
        #expect(try alice.feed(session).map(\.id) == [post.id])
    }

    @Test("deleting a post where the account was imported (no wrap keys) deletes it for members and warns that relays keep copies")
    func deletingWithoutWrapKeysWarns() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Solo"]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/restored"])

        // The same account in a fresh home gets the post back by sync, without its wraps' keys.
        let restored = try alice.copy(world.scratch, "restored", relays: [world.relayURL])
        _ = try restored.sync()
        #expect(try restored.feed(session).map(\.id) == [post.id])
        let deleted = try restored.run(["delete", session, post.id, "--json"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try JSONDecoder().decode(DeletedPost.self, from: Data(deleted.stdout.utf8)) == DeletedPost(ok: true, relayCopiesKept: true))
        #expect(deleted.stderr.hasPrefix("linkstr: warning: members no longer see the post, but relays keep their copies of it"), "\(deleted.stderr)")
        #expect(try restored.feed(session).isEmpty)
        // The first home hears of the delete.
        #expect(try alice.sync().rejected == 0)
        #expect(try alice.feed(session).isEmpty)
    }

    @Test("a post with no relay enabled fails at once and names `linkstr relay add` and `enable`")
    func postWithoutAnEnabledRelayFailsAtOnce() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Solo"]).id
        try alice.ok(["relay", "disable", world.relayURL])

        for arguments in [["post", session, "https://example.com/a"], ["post", session, "https://example.com/a", "--json"]] {
            let started = ContinuousClock.now
            let result = try alice.run(arguments)
            #expect(ContinuousClock.now - started < .seconds(5), "it waited for a relay")
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("`linkstr relay add"), "\(result.stderr)")
            #expect(result.stderr.contains("`linkstr relay enable"), "\(result.stderr)")
        }
        try alice.ok(["relay", "remove", world.relayURL])
        let emptyList = try alice.run(["post", session, "https://example.com/a"])
        #expect(emptyList.status == 1 && emptyList.stderr.contains("`linkstr relay add"))
        #expect(try alice.feed(session).isEmpty)
    }
}
