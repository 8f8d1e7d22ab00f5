import Foundation
import Testing

/// Malformed, forged and oversized input from relays: each is rejected and counted by `sync`, and
/// nothing already stored changes. The limits are enforced the same way when sending.
@Suite("End to end: bad input is rejected, counted, and changes nothing", .timeLimit(.minutes(1)))
struct BadInputTests {
    @Test("every kind of bad rumor through a real relay: `sync` counts each as rejected; feed and sessions stay as they were")
    func rejectedAndCounted() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let (member, outsider) = (Peer.generate(), Peer.generate())

        // The state to protect: Alice's session with the member, a post of each and a reaction.
        let session = try alice.json(SessionMembers.self, ["session", "create", "Guarded", "--member", member.pubkey]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/kept", "--note", "keep me"])
        let created = Int64(Date().timeIntervalSince1970)
        let good = try await PeerScript.send([
            member.message(IPhone.root(session, url: "https://example.com/member", at: created), to: [alice.pubkey], at: created),
            member.message(IPhone.reaction(session, post: post.id, emoji: "👍", active: true, at: created), to: [alice.pubkey], at: created),
        ], relay: relay.url, scratch: scratch)
        let baselineCounts = try alice.sync()
        #expect(baselineCounts.accepted == 2 && baselineCounts.rejected == 0)
        let baseline = try alice.state(session)
        #expect(try alice.feed(session).map(\.id).sorted() == [post.id, good[0].id].sorted())

        // The bad input, each from a sender that could otherwise send it.
        let now = Int64(Date().timeIntervalSince1970)
        let root = IPhone.root(session, url: "https://example.com/bad", at: now)
        func variant(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
            var payload = root
            change(&payload)
            return payload
        }
        let bad: [(String, [String: Any])] = [
            ("a post from a non-member", outsider.message(root, to: [alice.pubkey], at: now)),
            ("a post from before the sender's membership", member.message(root, to: [alice.pubkey], at: created - 3600)),
            ("a snapshot not from the creator",
             member.message(IPhone.sessionMembers(session, members: [member.pubkey, alice.pubkey], at: now), to: [alice.pubkey], at: now)),
            ("a session_create for a known session, not from its creator",
             member.message(IPhone.sessionCreate(session, name: "Taken over", members: [member.pubkey, alice.pubkey], at: now), to: [alice.pubkey], at: now)),
            ("an unknown payload kind", member.message(variant { $0["kind"] = "comment" }, to: [alice.pubkey], at: now)),
            ("no conversation_id", member.message(variant { $0["conversation_id"] = nil }, to: [alice.pubkey], at: now)),
            ("no root_id", member.message(variant { $0["root_id"] = nil }, to: [alice.pubkey], at: now)),
            ("a post without a url", member.message(variant { $0["url"] = nil }, to: [alice.pubkey], at: now)),
            ("a reaction without an emoji", member.message(
                IPhone.reaction(session, post: post.id, emoji: " ", active: true, at: now), to: [alice.pubkey], at: now)),
            ("reaction_active not a boolean", member.message(
                IPhone.reaction(session, post: post.id, emoji: "🔥", active: true, at: now).merging(["reaction_active": 1]) { $1 },
                to: [alice.pubkey], at: now)),
            ("an ftp URL", member.message(variant { $0["url"] = "ftp://example.com/file" }, to: [alice.pubkey], at: now)),
            ("a javascript: URL", member.message(variant { $0["url"] = "javascript:alert(1)" }, to: [alice.pubkey], at: now)),
            ("a root_id that is not the post's own id", member.message(variant { $0["root_id"] = post.id }, to: [alice.pubkey], at: now)),
            ("a forged delete of Alice's post", member.message(IPhone.rootDelete(session, post: post.id, at: now), to: [alice.pubkey], at: now)),
            ("a rumor whose id is another post's", member.message(variant { $0["note"] = "look-alike" }, to: [alice.pubkey], at: now, ["id": post.id])),
            ("a rumor created a day in the future", member.message(root, to: [alice.pubkey], at: now + 86_400)),
            ("a rumor of another kind", member.message(root, to: [alice.pubkey], at: now, ["rumor_kind": 14])),
            ("content that is not JSON", member.message(nil, to: [alice.pubkey], at: now, ["content": "{\"conversation_id\":"])),
        ]
        // Replays change nothing either, and are not rejections: the member's reaction in a new wrap.
        let replay = member.message(
            IPhone.reaction(session, post: post.id, emoji: "👍", active: true, at: created), to: [alice.pubkey], at: created)
        let sent = try await PeerScript.send(bad.map(\.1) + [replay], relay: relay.url, scratch: scratch)
        #expect(sent.last?.id == good[1].id)  // the same rumor as before

        let counts = try alice.sync()
        // The two membership failures wait for a snapshot that never came, and the post dated a day
        // ahead for its time: staged (kept), not rejected.
        #expect(counts.rejected == bad.count - 3)
        #expect(counts.accepted == 0)
        #expect(counts.received >= bad.count + 1)
        #expect(counts.staged == 3)
        #expect(counts.waiting == [
            "posts wait for a member list that makes their sender a member at their time": 2,
            "posts wait for their time: they are dated ahead of this computer's clock": 1,
        ])
        #expect(try alice.state(session) == baseline)

        // Each for its own reason.
        var reasons = counts.rejections
        func take(_ reason: String, _ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
            let key = reasons.keys.first { $0 == reason || ($0.hasPrefix(reason) && reason.hasSuffix(" ")) }
            #expect(key.flatMap { reasons.removeValue(forKey: $0) } == count, "\(reason)", sourceLocation: sourceLocation)
        }
        take("only the session's creator may change its members", 2)
        take("unknown payload kind 'comment'")
        take("the payload has no string conversation_id")
        take("the payload has no string root_id")
        take("a post needs a URL")
        take("a reaction needs an emoji")
        take("reaction_active must be true or false")
        take("'ftp://example.com/file' is a ftp: URL; only http and https links can be shared")
        take("'javascript:alert(1)' is a javascript: URL; only http and https links can be shared")
        take("root_id does not match the post's own id")
        take("a delete from someone other than the post's author")
        take("rumor rejected: its id \(post.id) is not the hash of its fields ")
        take("not a linkstr rumor (kind 14)")
        take("the payload is not valid JSON: ")
        #expect(reasons.isEmpty)

        // Kept, still-waiting rumors are retried and counted again; nothing else changes.
        let again = try alice.sync()
        #expect(again.accepted == 0 && again.rejected == 0 && again.staged == counts.staged)
        #expect(try alice.state(session) == baseline)
    }

    @Test(
        "a member's session_create for an existing session, delivered first into a fresh restore, does not take the session over")
    func forgedCreateDeliveredFirst() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let member = Peer.generate()
        let session = try alice.json(SessionMembers.self, ["session", "create", "Mine", "--member", member.pubkey]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/mine"])
        // The member claims the session. Its wrap is the newest (Alice's are backdated by up to two
        // days, as NIP-59 says), so relays hand it out first.
        let now = Int64(Date().timeIntervalSince1970)
        try await PeerScript.send([
            member.message(
                IPhone.sessionCreate(session, name: "Taken over", members: [member.pubkey, alice.pubkey], at: now), to: [alice.pubkey], at: now,
                ["wrap_created_at": now + 1])
        ], relay: relay.url, scratch: scratch)
        // Where Alice already had the session, the claim is refused.
        #expect(try alice.sync().rejections == ["only the session's creator may change its members": 1])
        #expect(try alice.sessions().first?.creator == alice.pubkey)

        // A fresh restore of Alice's account takes the first session_create it sees for the session.
        let restored = try alice.copy(scratch, "restored", relays: [relay.url])
        _ = try restored.sync()
        let sessions = try restored.sessions()
        let feed = try restored.feed(session)
        withKnownIssue("the first session_create to arrive names the creator (docs/wire-compatibility.md, 4. Sessions): a member's claim delivered first wins") {
            #expect(sessions.first?.creator == alice.pubkey)
            #expect(sessions.first?.name == "Mine")
            #expect(feed.map(\.id) == [post.id])
        }
    }

    @Test("the same limits refuse a send: exit 2, nothing published")
    func limitsOnSend() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Limits"]).id
        let note = try alice.run(["post", session, "https://example.com", "--note", String(repeating: "n", count: 8_193)])
        #expect(note.status == 2)
        #expect(note.stderr == "linkstr: the note is 8193 bytes; the limit is 8192\n")
        let members = (0..<256).flatMap { _ in ["--member", Peer.generate().pubkey] }
        let crowd = try alice.run(["session", "create", "Crowd"] + members)
        #expect(crowd.status == 2)
        #expect(crowd.stderr == "linkstr: a member list has 257 entries; the limit is 256\n")
        let url = try alice.run(["post", session, "https://example.com/" + String(repeating: "p", count: 4_100)])
        #expect(url.status == 2)
        #expect(url.stderr.contains("longer than 4096 bytes"))
        #expect(try alice.feed(session).isEmpty)
        #expect(try alice.sessions().map(\.name) == ["Limits"])
    }
}
