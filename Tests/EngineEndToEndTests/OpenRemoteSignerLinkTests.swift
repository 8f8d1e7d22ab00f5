import Foundation
import NostrCore
import Testing

/// `linkstr open` with a remote signer link, what the desktop handler of `bunker://` and
/// `nostrconnect://` runs in a terminal.
@Suite("End to end: opening bunker:// and nostrconnect:// links", .serialized, .timeLimit(.minutes(1)))
struct OpenRemoteSignerLinkTests {
    @Test("open bunker://… on a terminal shows the signer, asks, and reconnects the account")
    func openBunkerLinkConnects() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let user = Keypair.generate()
        let signer = try await TestBunker(relayURL: world.relayURL, userSecret: user.secretKey.nsec)
        defer { signer.process.stop() }
        let link = signer.ready
        let remote = try LinkstrHome.connect(world.scratch, "remote", relays: [world.relayURL], bunkerLink: link)
        try remote.ok(["account", "disconnect"])

        let session = try TerminalSession.linkstr(["open", link, "--home", remote.path], answers: [("[y/N] ", "y")])
        #expect(session.status == 0, "\(session.screen)")
        #expect(session.screen.contains("Connect to the remote signer "))
        #expect(session.screen.contains("relays: \(world.relayURL)"))
        #expect(session.screen.contains("reconnected \(user.publicKey.npub)"))
        #expect(ProfileKeyFile.path(home: remote.path, name: "remote-session.nsec") != nil, "the session key is kept in the profile's folder")
    }

    @Test("open bunker://… without a terminal asks for nothing and connects nothing; open nostrconnect://… says what it is for")
    func openWithoutATerminal() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("home")
        let signer = Keypair.generate().publicKey
        let bunker = try ProcessRunner.linkstr(["open", "bunker://\(signer.hex)?relay=wss%3A%2F%2Frelay.example", "--home", home])
        #expect(bunker.status == 2)
        #expect(bunker.stderr.contains("Connect to the remote signer \(signer.npub)"))
        #expect(bunker.stderr.contains("needs a confirmation; run it on a terminal or again with --yes"))
        #expect(!FileManager.default.fileExists(atPath: home + "/account.json"))

        let invalid = try ProcessRunner.linkstr(["open", "bunker://nope?relay=wss://relay.example", "--home", home])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("'nope' in the bunker link is not a valid public key"))

        let offer = try ProcessRunner.linkstr(["open", "nostrconnect://\(signer.hex)?relay=wss%3A%2F%2Frelay.example&secret=x", "--home", home])
        #expect(offer.status == 2)
        #expect(offer.stderr.contains("a nostrconnect:// link is made by an app for a signer to connect to it, and linkstr is not that signer"))
        #expect(offer.stderr.contains("run `linkstr account connect --nostrconnect`"))
    }
}
