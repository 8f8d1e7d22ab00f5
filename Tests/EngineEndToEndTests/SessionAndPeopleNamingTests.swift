import Foundation
import NostrCore
import Testing

/// How sessions and people are named on the command line, through the built executable and a real
/// relay: a name taken twice is warned about and its ambiguity explained, archived sessions are
/// pointed to, members are shown by the names used elsewhere, and pasted keys are understood.
@Suite("End to end: naming sessions and people", .timeLimit(.minutes(1)))
struct SessionAndPeopleNamingTests {
    @Test("a second session with a taken name (any case) warns on stderr with the id to use; the ambiguity error lists the candidates")
    func aTakenSessionNameIsWarnedAbout() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let first = try alice.json(SessionMembers.self, ["session", "create", "Weekend"]).id

        // --json: the same document on stdout, the warning on stderr.
        let twin = try alice.run(["session", "create", "weekend", "--json"])
        #expect(twin.status == 0, "\(twin.stderr)")
        let second = try JSONDecoder().decode(SessionMembers.self, from: Data(twin.stdout.utf8))
        #expect(second.name == "weekend" && second.members == [alice.pubkey])
        #expect(twin.stderr == "linkstr: warning: another session is also named 'weekend' (\(first)); name this one by its id: \(second.id)\n")

        let third = try alice.run(["session", "create", "WEEKEND"])
        #expect(third.status == 0)
        let thirdID = try #require(try alice.sessions().map(\.id).first { $0 != first && $0 != second.id })
        #expect(third.stdout == "created WEEKEND (\(thirdID)) with 1 member\n")
        #expect(third.stderr.hasPrefix("linkstr: warning: 2 other sessions are also named 'WEEKEND' ("))
        #expect(third.stderr.contains(first) && third.stderr.contains(second.id))
        #expect(third.stderr.hasSuffix("; name this one by its id: \(thirdID)\n"))

        // A unique name creates in silence.
        #expect(try alice.run(["session", "create", "Book club"]).stderr.isEmpty)

        try alice.ok(["session", "archive", second.id])
        let ambiguous = try alice.run(["feed", "Weekend"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.hasPrefix("linkstr: 3 sessions are named 'Weekend': "), "\(ambiguous.stderr)")
        let short = { (id: String) in String(id.prefix(8)) }
        for candidate in [
            "\(short(first)) (created by you, 1 member)", "\(short(thirdID)) (created by you, 1 member)",
            "\(short(second.id)) (created by you, 1 member, archived)",
        ] {
            #expect(ambiguous.stderr.contains(candidate), "\(ambiguous.stderr)")
        }
        #expect(ambiguous.stderr.hasSuffix("; name one by its short id, or rename one with `linkstr session rename`\n"))
        #expect(try alice.feed(first).isEmpty)  // the id still names it
        #expect(try alice.feed(short(first).lowercased()).isEmpty)  // and so does its short id, in any case
        let tooShort = try alice.run(["feed", String(first.prefix(5))])
        #expect(tooShort.status == 2 && tooShort.stderr.contains("no session named or with id"))
    }

    /// The `sessions --json` row of `id`, every field.
    static func sessionRow(_ home: LinkstrHome, _ id: String) throws -> [String: Any] {
        let listed = try home.run(["sessions", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return try #require(rows.first { $0["id"] as? String == id })
    }

    @Test("the creator's rename reaches a member after a sync (session_create with the new name); a member's rename is a local label; a mistyped post names the session as typed")
    func renameForEveryoneAndLocally() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        let session = try alice.json(SessionMembers.self, ["session", "create", "Book club", "--member", bob.npub]).id
        _ = try bob.sync()
        _ = try bob.json(SessionMembers.self, ["session", "create", "book club"])
        #expect(try bob.run(["feed", "Book club"]).stderr.contains("created by \(alice.npub), 2 members"))

        // Bob (a member) labels it for himself: the name now names it here, Alice sees nothing.
        let labelled = try bob.run(["session", "rename", String(session.prefix(8)), "Alice's club"])
        #expect(labelled.status == 0, "\(labelled.stderr)")
        #expect(labelled.stdout == "you call it Alice's club on this machine; the others still see Book club\n")
        #expect(try bob.feed("Alice's club").isEmpty)
        let bobRow = try Self.sessionRow(bob, session)
        #expect(bobRow["name"] as? String == "Alice's club" && bobRow["shared_name"] as? String == "Book club")

        // Alice (the creator) renames it for everyone; Bob's sync brings the new shared name.
        let renamed = try alice.run(["session", "rename", "Book club", "Reading circle"])
        #expect(renamed.status == 0 && renamed.stdout == "renamed the session to Reading circle for every member\n", "\(renamed.stderr)")
        _ = try bob.sync()
        let afterSync = try Self.sessionRow(bob, session)
        #expect(afterSync["name"] as? String == "Alice's club" && afterSync["shared_name"] as? String == "Reading circle")
        let cleared = try bob.run(["session", "rename", "Alice's club", "--clear"])
        #expect(cleared.stdout == "the session shows its creator's name again: Reading circle\n", "\(cleared.stdout) \(cleared.stderr)")
        #expect(try bob.feed("reading circle").isEmpty)

        let missing = try bob.run(["react", "reading CIRCLE", "deadbeef", "👍"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no post deadbeef in session 'reading CIRCLE'"), "\(missing.stderr)")
    }

    @Test("an iPhone member (rust-nostr, the app's format) gets the creator's rename as a session_create with the new name and every member")
    func renameReachesAnIPhoneMemberAsSessionCreate() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let peer = Peer.generate()
        let session = try alice.json(SessionMembers.self, ["session", "create", "Old name", "--member", peer.pubkey]).id
        let renamed = try alice.run(["session", "rename", session, "New name", "--json"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains(#""name":"New name""#) && renamed.stdout.contains(#""shared":true"#), "\(renamed.stdout)")
        let creates = try await PeerScript.unwrap(peer, relay: relay.url, expect: 2).filter { $0.kind == "session_create" }
        let rename = try #require(creates.first { $0.payload["session_name"] as? String == "New name" })
        #expect(creates.count == 2 && rename.sender == alice.pubkey)
        #expect(Set(rename.payload.keys) == RustNostrMemberTests.iPhoneKeys["session_create"])
        #expect(rename.payload["conversation_id"] as? String == session)
        #expect(rename.payload["member_pubkeys"] as? [String] == [alice.pubkey, peer.pubkey])
        let original = try #require(creates.first { $0.payload["session_name"] as? String == "Old name" })
        #expect((rename.rumor["created_at"] as? Int64 ?? 0) >= (original.rumor["created_at"] as? Int64 ?? .max))
    }

    @Test("with only archived sessions, `sessions` says how many there are and how to list them")
    func onlyArchivedSessionsArePointedTo() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        #expect(try alice.run(["sessions"]).stdout == "no sessions yet — create one with `linkstr session create NAME`\n")

        let old = try alice.json(SessionMembers.self, ["session", "create", "Old times"]).id
        try alice.ok(["session", "archive", old])
        #expect(try alice.run(["sessions"]).stdout == "no active sessions; 1 archived session — list it with `linkstr sessions --archived`\n")
        let older = try alice.json(SessionMembers.self, ["session", "create", "Older times"]).id
        try alice.ok(["session", "archive", older])
        #expect(try alice.run(["sessions"]).stdout == "no active sessions; 2 archived sessions — list them with `linkstr sessions --archived`\n")
        #expect(try alice.run(["sessions", "--archived"]).stdout.contains("Old times"))
        #expect(try alice.sessions().isEmpty)  // --json: only the active ones, as before
    }

    @Test("`session members` shows each member by alias (else profile name) with the npub; --json stays pubkeys")
    func membersAreShownByTheirNames() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let (bob, carol) = (Keypair.generate().publicKey, Keypair.generate().publicKey)
        _ = try alice.json([String: String].self, ["contact", "add", bob.npub, "--alias", "bob"])
        let session = try alice.json(SessionMembers.self, ["session", "create", "Trio", "--member", "bob", "--member", carol.hex]).id

        let shown = try alice.run(["session", "members", session])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == "You  \(alice.npub)  (creator)\nbob  \(bob.npub)\n     \(carol.npub)\n")
        let json = try alice.json(SessionMembers.self, ["session", "members", session])
        #expect(json.members == [alice.pubkey, bob.hex, carol.hex])
    }

    @Test("a person is named as the iPhone app reads pasted keys: nostr:, a link's ?npub=, or text with exactly one npub")
    func pastedKeysNameAPerson() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let (bob, carol, dave) = (Keypair.generate().publicKey, Keypair.generate().publicKey, Keypair.generate().publicKey)

        let contact = try alice.json([String: String].self, ["contact", "add", "nostr:\(bob.npub)", "--alias", "bob"])
        #expect(contact["pubkey"] == bob.hex)
        let session = try alice.json(SessionMembers.self, [
            "session", "create", "Pasted", "--member", "my key is \(carol.npub) ok", "--member", "https://example.com/add?npub=\(dave.npub)",
        ])
        #expect(session.members == [alice.pubkey, carol.hex, dave.hex])
        let changed = try alice.json(SessionMembers.self, ["session", "members", session.id, "--remove", "NOSTR:\(dave.npub)", "--add", "bob"])
        #expect(changed.members == [alice.pubkey, carol.hex, bob.hex])

        let two = try alice.run(["session", "members", session.id, "--add", "\(carol.npub) and \(dave.npub)"])
        #expect(two.status == 2)
        #expect(two.stderr == "linkstr: the text names 2 different npubs; give just one\n")
        #expect(try alice.json(SessionMembers.self, ["session", "members", session.id]).members == changed.members)
    }
}
