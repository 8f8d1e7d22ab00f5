import Foundation
import Glibc
import NostrCore
import Testing

/// A remote signer (the rust-nostr test bunker) that asks for approval, lacks NIP-44, or goes
/// away in the middle of a sync.
@Suite("End to end: remote signer faults", .serialized, .timeLimit(.minutes(1)))
struct RemoteSignerFaultTests {
    /// A test bunker on `relay` holding a fresh user key, started with `options`.
    static func bunker(_ relay: TestRelay, _ options: [String] = []) async throws -> (process: ExternalProcess, link: String) {
        let bunker = try await TestBunker(relayURL: relay.url, userSecret: Keypair.generate().secretKey.nsec, options)
        return (bunker.process, bunker.ready)
    }

    @Test("an auth_url challenge is said, opened with xdg-open on a desktop, and the request then gets its answer")
    func authChallengeOpensTheLink() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let approve = "https://auth.example/approve?request=1"
        // The test bunker challenges a client's first sign_event: at connect, the signer's proof of the key.
        let (signer, link) = try await Self.bunker(relay, ["--auth-url", approve])
        defer { signer.stop() }
        let home = scratch.folder("remote")
        scratch.write("remote/config.toml", "relays = [\"\(relay.url)\"]\n")
        let bin = scratch.folder("bin")
        let record = scratch.file("opened")
        chmod(scratch.write("bin/xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n"), 0o755)

        let connected = try ProcessRunner.linkstr(
            ["account", "connect", link, "--yes", "--key-store", "plain", "--json", "--home", home],
            environment: ["DISPLAY": ":0", "PATH": bin + ":/usr/bin:/bin"], timeout: 45)
        #expect(connected.status == 0, "\(connected.stderr)")
        #expect(connected.stderr.contains("linkstr: the remote signer asks you to approve this first; open \(approve) (opened in your browser)"))
        #expect(await eventually { (try? String(contentsOfFile: record, encoding: .utf8)) == approve + "\n" })
        #expect(connected.stdout.contains("\"reconnected\""), "the challenged request was answered after all: \(connected.stdout)")
    }

    @Test("a signer without NIP-44: sending and syncing fail with one message that says linkstr needs it")
    func signerWithoutNIP44() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let (signer, link) = try await Self.bunker(relay, ["--no-nip44"])
        defer { signer.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: link)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let needs = "this signer cannot do NIP-44 (it answered nip44_encrypt with 'not supported'); linkstr needs it"

        let refused = try remote.run(["session", "create", "Nope", "--member", alice.npub])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(needs), "\(refused.stderr)")

        let created = try alice.json(SessionMembers.self, ["session", "create", "From Alice", "--member", remote.npub])
        _ = try alice.json(SentPost.self, ["post", created.id, "https://example.com/one"])
        let sync = try remote.run(["sync", "--timeout", "10"])
        #expect(sync.status == 1)
        let message = needs.replacingOccurrences(of: "nip44_encrypt", with: "nip44_decrypt")
        #expect(sync.stderr.components(separatedBy: message).count == 2, "said once: \(sync.stderr)")
    }

    @Test("the signer stops answering mid-sync: a per-request time limit fails the sync; the next sync, signer back, opens each post once")
    func signerStopsMidSync() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        // connect, get_public_key and the challenge (sign_event), then one wrap (two nip44_decrypt), then nothing.
        let (signer, link) = try await Self.bunker(relay, ["--answers", "5"])
        defer { signer.stop() }
        let remote = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: link, options: ["--timeout", "2"])
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let created = try alice.json(SessionMembers.self, ["session", "create", "Halfway", "--member", remote.npub])
        let posts = try (1...3).map { try alice.json(SentPost.self, ["post", created.id, "https://example.com/\($0)"]) }

        let stopped = try remote.run(["sync", "--timeout", "10"])
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("the remote signer did not answer nip44_decrypt within 2 s"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("the wraps not opened are kept for the next sync"))

        signer.signal(SIGUSR1)
        let again = try remote.sync()
        #expect(again.rejected == 0)
        let feed = try remote.feed(created.id)
        #expect(feed.map(\.id).sorted() == posts.map(\.id).sorted(), "every post once: \(feed.map(\.id))")
    }
}
