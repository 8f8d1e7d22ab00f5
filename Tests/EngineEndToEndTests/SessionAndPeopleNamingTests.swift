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
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
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
        for candidate in ["\(first) (Weekend)", "\(thirdID) (WEEKEND)", "\(second.id) (weekend, archived)"] {
            #expect(ambiguous.stderr.contains(candidate), "\(ambiguous.stderr)")
        }
        #expect(ambiguous.stderr.hasSuffix("; use the id instead\n"))
        #expect(try alice.feed(first).isEmpty)  // the id still names it
    }

    @Test("with only archived sessions, `sessions` says how many there are and how to list them")
    func onlyArchivedSessionsArePointedTo() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
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
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
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
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
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
