import Foundation
import NostrCore
import Testing

/// `linkstr account name` (and `account create --publish`): the Nostr profile name (kind 0) others
/// see, published through the relays' OK, read back by another linkstr account after a sync and by
/// rust-nostr, keeping the fields another client wrote.
@Suite("End to end: publishing your name (kind 0)", .serialized, .timeLimit(.minutes(1)))
struct PublishedNameTests {
    /// Alice's newest kind 0, as rust-nostr fetches and verifies it: its content as a JSON object.
    static func fetchedProfile(_ author: String, relay: TestRelay) async throws -> [String: Any] {
        let lines = try await ExternalProcess(
            script: "nostr_peer.py", ["fetch", "--relay", relay.url, "--author", author, "--kind", "0", "--expect", "1"]
        ).finish()
        let line = try #require(lines.first)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let content = try #require(event["content"] as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any])
    }

    @Test("a profile another client wrote keeps its picture and about; a session member sees the name after a sync; rust-nostr reads it; --clear removes it",
          arguments: TestRelay.Kind.allCases)
    func publishKeepsOtherFieldsAndMembersSeeIt(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        // Another Nostr client (rust-nostr) wrote Alice's profile before.
        let older = #"{"name":"old","picture":"https://example.com/alice.png","about":"likes \"links\"","lud16":"alice@example.com"}"#
        _ = try await ExternalProcess(
            script: "nostr_peer.py", ["publish", "--relay", relay.url, "--secret", alice.nsec, "--kind", "0", "--content", older]
        ).finish()
        let session = try alice.json(SessionMembers.self, ["session", "create", "Names", "--member", bob.npub]).id
        try await Task.sleep(for: .seconds(1))  // kind 0 is replaceable by created_at (seconds)

        let published = try alice.run(["account", "name", "Alice Liddell", "--json"])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout.contains(#""published_name":"Alice Liddell""#), "\(published.stdout)")
        let profile = try await Self.fetchedProfile(alice.pubkey, relay: relay)
        #expect(profile["name"] as? String == "Alice Liddell" && profile["display_name"] as? String == "Alice Liddell")
        #expect(profile["picture"] as? String == "https://example.com/alice.png")
        #expect(profile["about"] as? String == #"likes "links""#)
        #expect(profile["lud16"] as? String == "alice@example.com")
        let whoami = try alice.run(["whoami"])
        #expect(whoami.stdout.contains("published name: Alice Liddell\n"), "\(whoami.stdout)")

        // Bob has no alias for Alice (she is no contact of his): her published name names her.
        _ = try bob.sync()
        let members = try bob.run(["session", "members", session])
        #expect(members.status == 0, "\(members.stderr)")
        #expect(members.stdout.contains("Alice Liddell  \(alice.npub)  (creator)"), "\(members.stdout)")

        try await Task.sleep(for: .seconds(1))
        let cleared = try alice.run(["account", "name", "--clear"])
        #expect(cleared.status == 0 && cleared.stdout == "cleared your published name\n", "\(cleared.stdout) \(cleared.stderr)")
        let after = try await Self.fetchedProfile(alice.pubkey, relay: relay)
        #expect(after["name"] == nil && after["display_name"] == nil)
        #expect(after["picture"] as? String == "https://example.com/alice.png" && after["lud16"] as? String == "alice@example.com")
        #expect(try alice.run(["whoami"]).stdout.contains("no published name"))
    }

    @Test("account create --name --publish publishes the name; without a reachable relay the account is still created and the error says how to publish later")
    func createPublishes() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let path = scratch.folder("carol")
        scratch.write("carol/config.toml", "relays = [\"\(relay.url)\"]\n")
        let created = try ProcessRunner.linkstr(
            ["account", "create", "--name", "Carol", "--publish", "--key-store", "plain", "--json", "--home", path], timeout: 45)
        #expect(created.status == 0, "\(created.stderr)")
        let identity = try #require(try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        #expect(identity["published_name"] as? String == "Carol")
        let profile = try await Self.fetchedProfile(try #require(identity["pubkey"] as? String), relay: relay)
        #expect(profile["name"] as? String == "Carol")
        let whoami = try ProcessRunner.linkstr(["whoami", "--json", "--home", path])
        #expect(whoami.stdout.contains(#""published_name":"Carol""#), "\(whoami.stdout)")

        // Piped, without --publish: nothing is asked and nothing published.
        let quiet = scratch.folder("dave")
        scratch.write("dave/config.toml", "relays = [\"\(relay.url)\"]\n")
        let plain = try ProcessRunner.linkstr(["account", "create", "--name", "Dave", "--key-store", "plain", "--home", quiet], timeout: 45)
        #expect(plain.status == 0 && !plain.stdout.contains("published"), "\(plain.stdout) \(plain.stderr)")

        // On a terminal it asks; "y" publishes.
        let asked = scratch.folder("fay")
        scratch.write("fay/config.toml", "relays = [\"\(relay.url)\"]\n")
        let session = try TerminalSession.linkstr(
            ["account", "create", "--name", "Fay", "--key-store", "plain", "--home", asked],
            answers: [("Also publish \"Fay\" as the name others see? It is public on the relays. [y/N] ", "y")])
        #expect(session.status == 0 && session.screen.contains("published your name: Fay"), "\(session.screen)")
        let fay = try #require(try JSONSerialization.jsonObject(with: Data(try ProcessRunner.linkstr(["whoami", "--json", "--home", asked]).stdout.utf8)) as? [String: Any])
        #expect(fay["published_name"] as? String == "Fay")
        #expect(try await Self.fetchedProfile(try #require(fay["pubkey"] as? String), relay: relay)["name"] as? String == "Fay")

        let offline = scratch.folder("erin")
        scratch.write("erin/config.toml", "relays = [\"ws://127.0.0.1:\(FreePort.next())\"]\n")
        let failed = try ProcessRunner.linkstr(
            ["account", "create", "--name", "Erin", "--publish", "--key-store", "plain", "--home", offline], timeout: 45)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("the account was created, but your name was not published"), "\(failed.stderr)")
        #expect(failed.stderr.contains(#"`linkstr account name "Erin"` publishes it"#), "\(failed.stderr)")
        #expect(try ProcessRunner.linkstr(["whoami", "--json", "--home", offline]).status == 0)
    }

    @Test("with the key in a remote signer, the signer signs the kind 0")
    func remoteSignerPublishes() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let bunker = try await RemoteSignerTests.Bunker(relay: relay)
        defer { bunker.process.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: bunker.link)
        let published = try remote.run(["account", "name", "Remote Rita"])
        #expect(published.status == 0 && published.stdout == "published your name: Remote Rita\n", "\(published.stdout) \(published.stderr)")
        #expect(try await Self.fetchedProfile(remote.pubkey, relay: relay)["name"] as? String == "Remote Rita")
        #expect(bunker.process.stdout.contains("sign_event "))
    }
}
