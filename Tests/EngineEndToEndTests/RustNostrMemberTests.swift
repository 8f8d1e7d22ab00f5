import Foundation
import Testing

/// rust-nostr (through linkstr_peer.py) as a member of a session `linkstr` created: it sends posts,
/// reactions and deletes exactly as the iPhone app writes them, and opens what `linkstr` sent it.
@Suite("End to end: rust-nostr as a member, in the iPhone app's format", .timeLimit(.minutes(1)))
struct RustNostrMemberTests {
    /// The keys a payload of this kind carries when the iPhone app sends it (docs/wire-compatibility.md, 3. Payloads).
    static let iPhoneKeys: [String: Set<String>] = [
        "session_create": ["conversation_id", "root_id", "kind", "session_name", "member_pubkeys", "timestamp"],
        "session_members": ["conversation_id", "root_id", "kind", "member_pubkeys", "timestamp"],
        "root": ["conversation_id", "root_id", "kind", "url", "timestamp"],
        "reaction": ["conversation_id", "root_id", "kind", "emoji", "reaction_active", "timestamp"],
        "root_delete": ["conversation_id", "root_id", "kind", "timestamp"],
    ]

    @Test("both directions: linkstr's payloads open in rust-nostr as the iPhone app's; the peer's reach linkstr's feed",
          arguments: TestRelay.Kind.allCases)
    func bothDirections(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let peer = Peer.generate()
        let before = Int64(Date().timeIntervalSince1970)

        // linkstr → rust-nostr: the session and a post.
        let session = try alice.json(SessionMembers.self, ["session", "create", "Interop", "--member", peer.pubkey]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/a/b?c=d", "--note", "from linkstr ✓"])
        let received = try await PeerScript.unwrap(peer, relay: relay.url, expect: 2)
        for opened in received {
            #expect(opened.sender == alice.pubkey)
            #expect(opened.rumor["kind"] as? Int == 44001)
            #expect(opened.rumor["sig"] == nil)
            #expect(opened.payload["conversation_id"] as? String == session)
            let timestamp = try #require(opened.payload["timestamp"] as? Int64)
            #expect(timestamp >= before && timestamp == opened.rumor["created_at"] as? Int64)
            #expect(!opened.content.contains(" ") || opened.kind == "root")  // no whitespace but the note's
        }
        let create = try #require(received.first { $0.kind == "session_create" })
        #expect(Set(create.payload.keys) == Self.iPhoneKeys["session_create"])
        #expect(create.payload["session_name"] as? String == "Interop")
        #expect(create.payload["member_pubkeys"] as? [String] == [alice.pubkey, peer.pubkey])
        #expect(create.rumor["tags"] as? [[String]] == [])
        let token = try #require(create.payload["root_id"] as? String)
        #expect(token.count == 32 && token.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        let root = try #require(received.first { $0.kind == "root" })
        #expect(Set(root.payload.keys) == Self.iPhoneKeys["root"]!.union(["note"]))
        #expect(root.rumor["id"] as? String == post.id)
        #expect(root.payload["root_id"] as? String == "")
        #expect(root.payload["url"] as? String == "https://example.com/a/b?c=d")
        #expect(root.payload["note"] as? String == "from linkstr ✓")
        #expect(root.content.contains(#""url":"https:\/\/example.com\/a\/b?c=d""#))  // `/` escaped as iOS does
        #expect(root.rumor["tags"] as? [[String]] == [])

        // rust-nostr → linkstr: a post and a reaction on Alice's post, as an iPhone sends them (to
        // every member, itself included).
        let now = Int64(Date().timeIntervalSince1970)
        let everyone = [peer.pubkey, alice.pubkey]
        let sent = try await PeerScript.send([
            peer.message(IPhone.root(session, url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", note: "from an iPhone 📱", at: now), to: everyone, at: now),
            peer.message(IPhone.reaction(session, post: post.id, emoji: "❤️", active: true, at: now), to: everyone, at: now),
        ], relay: relay.url, scratch: scratch)
        let counts = try alice.sync()
        #expect(counts.accepted == 2 && counts.rejected == 0 && counts.staged == 0)
        let feed = Dictionary(uniqueKeysWithValues: try alice.feed(session).map { ($0.id, $0) })
        #expect(Set(feed.keys) == [post.id, sent[0].id])  // both sent in the same second: either order
        #expect(feed[post.id]?.reactions == ["❤️": [peer.pubkey]])
        #expect(feed[sent[0].id] == FeedPost(
            id: sent[0].id, sender: peer.pubkey, url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", note: "from an iPhone 📱",
            createdAt: now, unread: true, reactions: [:]))
        #expect(try alice.sessions().first?.unread == true)
        try alice.ok(["read", session, sent[0].id])
        #expect(try alice.sessions().first?.unread == false)

        // linkstr → rust-nostr: a reaction to the peer's post and the delete of Alice's own post.
        #expect(try alice.json(ReactionState.self, ["react", session, sent[0].id, "👍"]) == ReactionState(ok: true, emoji: "👍", active: true))
        #expect(try alice.json(DeletedPost.self, ["delete", session, post.id]) == DeletedPost(ok: true, relayCopiesKept: false))
        let later = try await PeerScript.unwrap(peer, relay: relay.url)
        let reaction = try #require(later.first { $0.kind == "reaction" && $0.sender == alice.pubkey })
        #expect(Set(reaction.payload.keys) == Self.iPhoneKeys["reaction"])
        #expect(reaction.payload["root_id"] as? String == sent[0].id)
        #expect(reaction.payload["emoji"] as? String == "👍")
        #expect(reaction.payload["reaction_active"] as? Bool == true)
        #expect(reaction.content.contains(#""reaction_active":true"#))
        #expect(reaction.rumor["tags"] as? [[String]] == [["e", sent[0].id, "", "root"]])
        let delete = try #require(later.first { $0.kind == "root_delete" })
        #expect(Set(delete.payload.keys) == Self.iPhoneKeys["root_delete"])
        #expect(delete.payload["root_id"] as? String == post.id)
        #expect(delete.rumor["tags"] as? [[String]] == [["e", post.id, "", "root"]])
        // The NIP-09 request signed with the wrap's one-time key made the relay drop the post's wrap.
        #expect(!later.contains { $0.kind == "root" && $0.sender == alice.pubkey })

        // rust-nostr takes its reaction back and deletes its post, as an iPhone does.
        let after = Int64(Date().timeIntervalSince1970) + 1
        try await PeerScript.send([
            peer.message(IPhone.reaction(session, post: sent[0].id, emoji: "🔥", active: true, at: after - 1), to: everyone, at: after - 1),
            peer.message(IPhone.reaction(session, post: sent[0].id, emoji: "🔥", active: false, at: after), to: everyone, at: after),
        ], relay: relay.url, scratch: scratch)
        #expect(try alice.sync().rejected == 0)
        #expect(try alice.feed(session).map(\.reactions) == [["👍": [alice.pubkey]]])
        try await PeerScript.send(
            [peer.message(IPhone.rootDelete(session, post: sent[0].id, at: after), to: everyone, at: after)], relay: relay.url, scratch: scratch)
        #expect(try alice.sync().rejected == 0)
        #expect(try alice.feed(session).isEmpty)
    }
}
