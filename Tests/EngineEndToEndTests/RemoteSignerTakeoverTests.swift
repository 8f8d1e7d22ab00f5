import Foundation
import NostrCore
import Testing

/// A `bunker://` link cannot take an account over: a signer that claims a key it does not hold is
/// refused before anything is stored, and a new signer for an existing account is named and asked
/// about on the terminal, which `--yes` does not skip.
@Suite("End to end: a bunker link cannot take an account over", .serialized, .timeLimit(.minutes(2)))
struct RemoteSignerTakeoverTests {
    private func profiles(_ home: String) -> String? {
        try? String(contentsOfFile: home + "/data/profiles.json", encoding: .utf8)
    }

    @Test("a bunker that claims someone else's key cannot sign the challenge: refused, nothing written; an existing account keeps its signer")
    func aSignerThatClaimsAnotherKeyIsRefused() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let victim = Keypair.generate()
        let liar = try await RemoteSignerTests.Bunker(relay: relay, ["--claim", victim.publicKey.hex])
        defer { liar.process.stop() }

        let fresh = scratch.folder("fresh")
        let refused = try ProcessRunner.linkstr(["account", "connect", liar.link, "--yes", "--key-store", "plain", "--home", fresh], timeout: 45)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("says it holds the key of \(victim.publicKey.npub) but did not sign a challenge with it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was stored"))
        #expect(profiles(fresh) == nil && ProfileKeyFile.paths(home: fresh, name: "remote-session.nsec").isEmpty, "nothing was written")

        let honest = try await RemoteSignerTests.Bunker(relay: relay, user: victim)
        defer { honest.process.stop() }
        let account = try LinkstrHome.connect(scratch, "victim", relays: [relay.url], bunkerLink: honest.link)
        let before = try #require(profiles(account.path))
        let session = try #require(ProfileKeyFile.path(home: account.path, name: "remote-session.nsec"))
        let sessionBefore = try String(contentsOfFile: session, encoding: .utf8)
        let takeover = try account.run(["account", "connect", liar.link, "--yes"])
        #expect(takeover.status == 1, "\(takeover.stderr)")
        #expect(takeover.stderr.contains("did not sign a challenge"), "\(takeover.stderr)")
        let sessionAfter = try String(contentsOfFile: session, encoding: .utf8)
        #expect(profiles(account.path) == before && sessionAfter == sessionBefore, "the account keeps its signer")
    }

    @Test("another signer holding the same key replaces the account's only when the person says so on the terminal; --yes is not enough")
    func aNewSignerIsNamedAndAskedAbout() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let first = try await RemoteSignerTests.Bunker(relay: relay)
        defer { first.process.stop() }
        let second = try await RemoteSignerTests.Bunker(relay: relay, user: first.user)
        defer { second.process.stop() }
        let account = try LinkstrHome.connect(scratch, "remote", relays: [relay.url], bunkerLink: first.link)
        let firstSigner = try PublicKey(hex: String(first.link.dropFirst("bunker://".count).prefix(64)))
        let secondSigner = try PublicKey(hex: String(second.link.dropFirst("bunker://".count).prefix(64)))
        let before = try #require(profiles(account.path))

        let unasked = try account.run(["account", "connect", second.link, "--yes"])
        #expect(unasked.status == 2, "\(unasked.stderr)")
        #expect(unasked.stderr.contains("This account's signer is \(firstSigner.npub)"), "\(unasked.stderr)")
        #expect(unasked.stderr.contains("would replace this account's signer \(firstSigner.npub); that needs a confirmation on a terminal (--yes does not give it)"))
        #expect(profiles(account.path) == before)

        let declined = try TerminalSession.linkstr(
            ["account", "connect", second.link, "--yes", "--home", account.path], answers: [("Replace the signer? [y/N] ", "n")], timeout: 40)
        #expect(declined.screen.contains("The link's signer \(secondSigner.npub) would replace it"), "\(declined.screen)")
        #expect(declined.screen.contains("nothing was changed: the account keeps its signer \(firstSigner.npub)"))
        #expect(profiles(account.path) == before)

        let replaced = try TerminalSession.linkstr(
            ["account", "connect", second.link, "--yes", "--json", "--home", account.path], answers: [("Replace the signer? [y/N] ", "y")], timeout: 40)
        #expect(replaced.screen.replacingOccurrences(of: " ", with: "").contains(#""reconnected":true"#), "\(replaced.screen)")
        #expect(profiles(account.path)?.contains(secondSigner.hex) == true && profiles(account.path)?.contains(firstSigner.hex) == false)
    }
}
