import Foundation
import NostrCore
import Testing

/// `linkstr` with its key in a remote signer (NIP-46): a rust-nostr test bunker holds the user's
/// key; linkstr connects by its bunker:// link and works with a local-key account.
@Suite("End to end: an account whose key is in a remote signer", .serialized, .timeLimit(.minutes(1)))
struct RemoteSignerTests {
    /// A relay and a test bunker on it holding a fresh user key.
    struct Bunker {
        let process: ExternalProcess
        let link: String
        let user: Keypair

        init(relay: TestRelay, user: Keypair = .generate(), _ options: [String] = []) async throws {
            self.user = user
            let bunker = try await TestBunker(relayURL: relay.url, userSecret: user.secretKey.nsec, options)
            process = bunker.process
            link = bunker.ready
        }
    }

    @Test("connect by bunker://, create a session, post; a local account receives it and answers; the remote account unwraps the answer")
    func sessionsAndPostsWithARemoteKey() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let bunker = try await Bunker(relay: relay)
        defer { bunker.process.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: bunker.link)
        #expect(remote.pubkey == bunker.user.publicKey.hex, "the account is the user's key, not the signer's")
        #expect(ProfileKeyFile.paths(home: remote.path, name: "key.nsec").isEmpty)
        #expect(ProfileKeyFile.path(home: remote.path, name: "remote-session.nsec") != nil)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])

        let created = try remote.json(SessionMembers.self, ["session", "create", "Remote", "--member", alice.npub])
        #expect(created.members == [remote.pubkey, alice.pubkey])
        let sent = try remote.json(SentPost.self, ["post", created.id, "https://example.com/remote", "--note", "signed elsewhere"])
        let aliceSync = try alice.sync()
        #expect(aliceSync.accepted == 2 && aliceSync.rejected == 0)
        let received = try alice.feed(created.id)
        #expect(received.map(\.id) == [sent.id])
        #expect(received.first?.sender == remote.pubkey)

        let answer = try alice.json(SentPost.self, ["post", created.id, "https://example.com/answer"])
        let remoteSync = try remote.sync()
        #expect(remoteSync.accepted >= 1 && remoteSync.rejected == 0)
        #expect(Set(try remote.feed(created.id).map(\.id)) == [sent.id, answer.id])
        let requests = bunker.process.stdout
        #expect(requests.contains("sign_event ") && requests.contains("nip44_encrypt ") && requests.contains("nip44_decrypt "))
    }

    @Test("with a remote key: contacts (kind 3), a watch that gets an iPhone-format peer's post live, a reaction and a delete the peer opens; no nsec here")
    func everydayUseWithARemoteKey() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let bunker = try await Bunker(relay: relay)
        defer { bunker.process.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: bunker.link)
        let peer = Peer.generate()

        // The follow list is signed by the signer and accepted by the relay (which checks signatures).
        let contact = try remote.json([String: String].self, ["contact", "add", peer.pubkey, "--alias", "phone"])
        #expect(contact["pubkey"] == peer.pubkey && contact["alias"] == "phone")
        #expect(try remote.json([[String: String]].self, ["contact", "list"]).map { $0["pubkey"] } == [peer.pubkey])
        let session = try remote.json(SessionMembers.self, ["session", "create", "Everyday", "--member", "phone"]).id

        let watch = try remote.startWatch()
        defer { watch.stop() }
        #expect(await eventually(within: 20) { watch.caughtUp }, "\(watch.stderr)")
        let now = Int64(Date().timeIntervalSince1970)
        let sent = try await PeerScript.send(
            [peer.message(IPhone.root(session, url: "https://example.com/from-phone", note: "live", at: now), to: [peer.pubkey, remote.pubkey], at: now)],
            relay: relay.url, scratch: scratch)
        #expect(
            await eventually(within: 20) { watch.jsonLines.contains { $0["type"] as? String == "post" && $0["id"] as? String == sent[0].id } },
            "the watch unwraps the peer's post through the signer: \(watch.stdout)\n\(watch.stderr)")

        #expect(try remote.json(ReactionState.self, ["react", session, sent[0].id, "👍"]) == ReactionState(ok: true, emoji: "👍", active: true))
        let mine = try remote.json(SentPost.self, ["post", session, "https://example.com/mine"])
        #expect(try remote.json(DeletedPost.self, ["delete", session, mine.id]) == DeletedPost(ok: true, relayCopiesKept: false))
        watch.stop()

        let opened = try await PeerScript.unwrap(peer, relay: relay.url)
        let reaction = try #require(opened.first { $0.kind == "reaction" && $0.sender == remote.pubkey })
        #expect(reaction.payload["root_id"] as? String == sent[0].id && reaction.payload["emoji"] as? String == "👍")
        let delete = try #require(opened.first { $0.kind == "root_delete" && $0.sender == remote.pubkey })
        #expect(delete.payload["root_id"] as? String == mine.id)
        #expect(ProfileKeyFile.paths(home: remote.path, name: "key.nsec").isEmpty, "the user's secret key never came here")
        let requests = bunker.process.stdout
        #expect(requests.contains("sign_event ") && requests.contains("nip44_encrypt ") && requests.contains("nip44_decrypt "))
    }

    @Test("a sync unwraps through the remote signer with many nip44_decrypt requests in flight at once, not one after another")
    func syncKeepsDecryptRequestsInFlight() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let bunker = try await Bunker(relay: relay, ["--delay", "0.3"])
        defer { bunker.process.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: bunker.link)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let created = try alice.json(SessionMembers.self, ["session", "create", "Many", "--member", remote.npub])
        for index in 1...15 { _ = try alice.json(SentPost.self, ["post", created.id, "https://example.com/\(index)"]) }
        let before = Self.mostInFlight(bunker.process.stdout)

        let started = Date()
        let report = try remote.sync()
        let seconds = Date().timeIntervalSince(started)
        #expect(report.accepted == 16 && report.rejected == 0)
        #expect(try remote.feed(created.id).count == 15)
        // 32 decryptions of 0.3 s each would take 9.6 s one after another.
        let most = Self.mostInFlight(bunker.process.stdout)
        #expect(most >= 8, "at most \(most) requests in flight (before the sync: \(before)); the sync took \(seconds) s")
    }

    /// The most requests the test bunker had waiting at once (its `IN-FLIGHT n` lines).
    static func mostInFlight(_ output: String) -> Int {
        output.split(separator: "\n").compactMap { $0.hasPrefix("IN-FLIGHT ") ? Int($0.dropFirst("IN-FLIGHT ".count)) : nil }.max() ?? 0
    }

    @Test("disconnect forgets the session key; connecting the same user again reconnects the account with its data")
    func disconnectAndReconnect() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let bunker = try await Bunker(relay: relay)
        defer { bunker.process.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: bunker.link)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let created = try remote.json(SessionMembers.self, ["session", "create", "Kept", "--member", alice.npub])
        #expect(ProfileKeyFile.path(home: remote.path, name: "remote-session.nsec") != nil)

        try remote.ok(["account", "disconnect"])
        #expect(ProfileKeyFile.paths(home: remote.path, name: "remote-session.nsec").isEmpty)
        let refused = try remote.run(["post", created.id, "https://example.com/x"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("disconnected from its remote signer"))

        let again = try remote.run(["account", "connect", bunker.link, "--yes", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let identity = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect(identity?["reconnected"] as? Bool == true)
        #expect(identity?["pubkey"] as? String == remote.pubkey)
        #expect(identity?["relays"] as? [String] == [relay.url])
        #expect(identity?["signer"] as? String == (try PublicKey(hex: String(bunker.link.dropFirst("bunker://".count).prefix(64)))).npub)
        #expect(try remote.sessions().map(\.id) == [created.id], "the account's data is still readable")
    }

    @Test("a wrong secret and a signer that does not answer fail with a clear message, and make no account")
    func wrongSecretAndTimeout() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let guarded = try await Bunker(relay: relay, ["--secret", "right"])
        defer { guarded.process.stop() }
        let home = scratch.folder("home")
        let wrong = guarded.link.replacingOccurrences(of: "secret=right", with: "secret=wrong")
        let refused = try ProcessRunner.linkstr(["account", "connect", wrong, "--yes", "--key-store", "plain", "--home", home])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the remote signer refused connect: invalid secret"))
        #expect(!FileManager.default.fileExists(atPath: home + "/account.json"))

        let silent = try await Bunker(relay: relay, ["--silent"])
        defer { silent.process.stop() }
        let started = Date()
        let timedOut = try ProcessRunner.linkstr(["account", "connect", silent.link, "--yes", "--timeout", "2", "--key-store", "plain", "--home", home])
        #expect(timedOut.status == 1)
        #expect(timedOut.stderr.contains("the remote signer did not answer connect within 2 s"))
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(!FileManager.default.fileExists(atPath: home + "/account.json"))
    }

    @Test("bad links: empty (usage), an invalid pubkey, no relay without a terminal; a percent-encoded relay is shown decoded")
    func badLinks() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("home")
        let empty = try ProcessRunner.linkstr(["account", "connect", "", "--home", home])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("usage: linkstr account connect 'bunker://"))
        let invalid = try ProcessRunner.linkstr(["account", "connect", "bunker://invalid-pubkey?relay=wss://relay.example.com", "--home", home])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("'invalid-pubkey' in the bunker link is not a valid public key"))
        let signer = Keypair.generate().publicKey
        let noRelay = try ProcessRunner.linkstr(["account", "connect", "bunker://\(signer.hex)", "--home", home])
        #expect(noRelay.status == 2)
        #expect(noRelay.stderr.contains("the bunker link names no relay; give one with --relay"))
        let unconfirmed = try ProcessRunner.linkstr(["account", "connect", "bunker://\(signer.hex)?relay=wss%3A%2F%2Frelay.example", "--home", home])
        #expect(unconfirmed.status == 2)
        #expect(unconfirmed.stderr.contains("Connect to the remote signer \(signer.npub)"))
        #expect(unconfirmed.stderr.contains("relays: wss://relay.example"))
        #expect(unconfirmed.stderr.contains("secret: none"))
        #expect(unconfirmed.stderr.contains("needs a confirmation; run it on a terminal or again with --yes"))
        #expect(!FileManager.default.fileExists(atPath: home + "/account.json"))
    }

    @Test("on a terminal: a link without a relay asks for one, then shows it and asks before connecting")
    func asksForARelayOnATerminal() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let signer = Keypair.generate().publicKey
        let session = try TerminalSession.linkstr(
            ["account", "connect", "bunker://\(signer.hex)?secret=abc", "--home", scratch.folder("home")],
            answers: [("(wss://…): ", "wss://typed.example"), ("[y/N] ", "n")])
        #expect(session.status == 1)
        #expect(session.screen.contains("relays: wss://typed.example"))
        #expect(session.screen.contains("secret: present"))
        #expect(session.screen.contains("nothing was connected."))
        #expect(!FileManager.default.fileExists(atPath: scratch.folder("home") + "/account.json"))
    }
}
