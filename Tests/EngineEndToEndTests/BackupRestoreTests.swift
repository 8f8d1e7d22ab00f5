import Foundation
import PluginTesting
import Testing

/// `linkstr profile backup` is restored by linkstr itself: the machine is lost, the backup file and
/// its passphrase are all there is.
@Suite("End to end: restore a backup", .timeLimit(.minutes(2)))
struct BackupRestoreTests {
    @Test("a profile backup restores into a fresh home (`account import`) and as a profile (`profile import`); a sync brings the old sessions back")
    func restoreIntoAFreshHome() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let peer = Peer.generate()
        let session = IPhone.token()
        let now = Int64(Date().timeIntervalSince1970)
        try await PeerScript.send([
            peer.message(IPhone.sessionCreate(session, name: "Before the loss", members: [peer.pubkey, alice.pubkey], at: now - 60), to: [alice.pubkey], at: now - 60),
            peer.message(IPhone.root(session, url: "https://example.com/one", at: now - 50), to: [alice.pubkey], at: now - 50),
            peer.message(IPhone.root(session, url: "https://example.com/two", at: now - 40), to: [alice.pubkey], at: now - 40),
        ], relay: relay.url, scratch: scratch)
        #expect(try alice.sync().accepted == 3)
        let backup = scratch.file("alice.ncryptsec")
        let made = try alice.run(["profile", "backup", "--output", backup, "--passphrase-stdin"], stdin: "correct horse\n")
        #expect(made.status == 0, "\(made.stderr)")
        let relays = scratch.write("relays.toml", "relays = [\"\(relay.url)\"]\n")

        // A new machine: the home does not exist yet. A wrong passphrase says so and makes nothing.
        let fresh = scratch.file("restored")
        func linkstr(_ arguments: [String], stdin: String? = nil) throws -> ProcessRunner.Result {
            try ProcessRunner.linkstr(arguments + ["--home", fresh, "--config", relays], stdin: stdin)
        }
        let wrong = try linkstr(["account", "import", backup, "--passphrase-stdin", "--key-store", "plain"], stdin: "wrong horse\n")
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the passphrase does not open this backup"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
        let bothOnStdin = try linkstr(["account", "import", "-", "--passphrase-stdin", "--key-store", "plain"], stdin: "ncryptsec1…\ncorrect horse\n")
        #expect(bothOnStdin.status == 2)
        #expect(bothOnStdin.stderr.contains("stdin cannot hold both the key and the passphrase"), "\(bothOnStdin.stderr)")

        let restored = try linkstr(["account", "import", backup, "--passphrase-stdin", "--key-store", "plain", "--json"], stdin: "correct horse\n")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains(alice.npub), "\(restored.stdout)")
        let sync = try linkstr(["sync", "--timeout", "10", "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let counts = try JSONDecoder().decode(SyncCounts.self, from: Data(sync.stdout.utf8))
        #expect(counts.accepted == 3 && counts.rejected == 0)
        let feed = try JSONDecoder().decode([FeedPost].self, from: Data(try linkstr(["feed", session, "--json"]).stdout.utf8))
        #expect(Set(feed.map(\.url)) == ["https://example.com/one", "https://example.com/two"])
        // Restored from its backup, the profile is backed up: no reminder to make one.
        let profiles = try linkstr(["profile", "list", "--json"])
        #expect(profiles.stdout.contains(#""backed_up":true"#), "\(profiles.stdout)")

        // The same backup as a second profile of another home.
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let added = try bob.run(["profile", "import", "alice", backup, "--passphrase-stdin", "--key-store", "plain", "--json"], stdin: "correct horse\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains(alice.npub), "\(added.stdout)")
        #expect(try bob.run(["sync", "--profile", "alice", "--timeout", "10"]).status == 0)
        let asAlice = try bob.run(["feed", session, "--profile", "alice", "--json"])
        #expect(asAlice.stdout.contains("https://example.com/two"), "\(asAlice.stdout) \(asAlice.stderr)")
    }
}
