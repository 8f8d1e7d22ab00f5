import Foundation
import NostrCore
import PluginTesting
import Testing

/// `linkstr account connect --nostrconnect`: linkstr shows a nostrconnect:// link and its QR code,
/// and the rust-nostr test bunker, acting as the signer the link was given to, connects back.
@Suite("End to end: connecting a remote signer by nostrconnect://", .serialized, .timeLimit(.minutes(1)))
struct NostrConnectTests {
    /// `linkstr account connect --nostrconnect` running in the background, its output collected.
    static func startConnect(_ home: String, relay: String, _ options: [String] = []) throws -> ExternalProcess {
        try ExternalProcess(
            executable: BuildProducts.linkstrExecutable,
            ["account", "connect", "--nostrconnect", "--relay", relay, "--key-store", "plain", "--home", home] + options,
            environment: ProcessRunner.linkstrEnvironment())
    }

    /// The nostrconnect:// link the command printed, once it has printed it.
    static func offeredLink(_ connect: ExternalProcess, stream: KeyPath<ExternalProcess, String> = \.stdout) async throws -> String {
        var found: String?
        let printed = await eventually(within: 20) {
            found = connect[keyPath: stream].split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("nostrconnect://") }.map(String.init)
            return found != nil
        }
        guard printed, let found else { throw TestFailure("linkstr printed no nostrconnect:// link: \(connect.stderr)") }
        return found
    }

    /// Waits for the command to end and returns its exit status.
    static func exitStatus(_ connect: ExternalProcess) async throws -> Int32 {
        _ = try? await connect.finish(timeout: .seconds(30))
        return connect.exit?.status ?? -1
    }

    @Test("the link (also drawn as a QR code that decodes to it) brings the signer back; the account is the user's")
    func connectsByNostrConnect() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = scratch.folder("home")
        let connect = try Self.startConnect(home, relay: relay.url, ["--name", "Laptop"])
        defer { connect.stop() }
        let link = try await Self.offeredLink(connect)
        #expect(link.contains("?relay=ws%3A%2F%2F127.0.0.1%3A"))
        #expect(link.removingPercentEncoding?.contains("relay=\(relay.url)&") == true)
        #expect(link.contains("&secret=") && link.contains("&perms=nip44_encrypt%2Cnip44_decrypt%2Csign_event%3A13"))
        #expect(link.contains("&name=Laptop"))
        #expect(try QRCodeReader.decode(terminalOutput: connect.stdout, scratch: scratch) == link)

        let user = Keypair.generate()
        let signer = try ExternalProcess(
            script: "test_bunker.py", ["--relay", relay.url, "--user-secret", user.secretKey.nsec, "--nostrconnect", link])
        defer { signer.stop() }
        #expect(try await signer.ready() == String(link.dropFirst("nostrconnect://".count).prefix(64)))
        #expect(try await Self.exitStatus(connect) == 0, "\(connect.stderr)")
        #expect(connect.stdout.contains("connected \(user.publicKey.npub)  (Laptop)"))
        #expect(signer.stdout.contains("get_public_key "))
        #expect(ProfileKeyFile.path(home: home, name: "remote-session.nsec") != nil, "the session key is kept in the profile's folder")

        scratch.write("home/config.toml", "relays = [\"\(relay.url)\"]\n")
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let created = try ProcessRunner.linkstr(["session", "create", "By QR", "--member", alice.npub, "--json", "--home", home])
        #expect(created.status == 0, "the connected signer signs for the user: \(created.stderr)")
        #expect(created.stdout.contains(user.publicKey.hex))
        #expect(signer.stdout.contains("sign_event "))
    }

    @Test("anyone who saw the link cannot abort it: answers without the secret are ignored, and the real signer connects")
    func answersWithoutTheSecretAreIgnored() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = scratch.folder("home")
        let connect = try Self.startConnect(home, relay: relay.url, ["--json"])
        defer { connect.stop() }
        let link = try await Self.offeredLink(connect, stream: \.stderr)
        let user = Keypair.generate()
        let signer = try ExternalProcess(
            script: "test_bunker.py", ["--relay", relay.url, "--user-secret", user.secretKey.nsec, "--nostrconnect", link, "--interloper"])
        defer { signer.stop() }
        _ = try await signer.ready()
        #expect(try await Self.exitStatus(connect) == 0, "\(connect.stderr)")
        #expect(connect.stdout.contains(user.publicKey.hex) || connect.stdout.contains(user.publicKey.npub), "\(connect.stdout)")
    }

    @Test("a signer that answers only with a wrong secret is refused at the end of the wait, and no account is made")
    func wrongSecret() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = scratch.folder("home")
        let connect = try Self.startConnect(home, relay: relay.url, ["--json", "--timeout", "8"])
        defer { connect.stop() }
        let link = try await Self.offeredLink(connect, stream: \.stderr)
        let signer = try ExternalProcess(
            script: "test_bunker.py",
            ["--relay", relay.url, "--user-secret", Keypair.generate().secretKey.nsec, "--nostrconnect", link, "--wrong-secret"])
        defer { signer.stop() }
        _ = try await signer.ready()
        #expect(try await Self.exitStatus(connect) == 1)
        #expect(connect.stderr.contains("answered with a wrong secret, so it is not the one the link was given to"))
        #expect(connect.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home + "/account.json"))
    }

    @Test("no signer within --timeout: a countdown on a terminal, then a clear failure; no countdown and one message in --json")
    func timeout() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let home = world.scratch.folder("home")
        let session = try TerminalSession.linkstr(
            ["account", "connect", "--nostrconnect", "--relay", world.relayURL, "--timeout", "3", "--key-store", "plain", "--home", home])
        #expect(session.status == 1)
        #expect(session.screen.contains("waiting for the signer… 2 s left"))
        #expect(session.screen.contains("no signer connected within 3 s; open the nostrconnect:// link in your signer"))
        #expect(try QRCodeReader.decode(terminalOutput: session.screen.replacingOccurrences(of: "\r", with: ""), scratch: world.scratch)?
            .hasPrefix("nostrconnect://") == true)

        let json = try ProcessRunner.linkstr(
            ["account", "connect", "--nostrconnect", "--relay", world.relayURL, "--timeout", "1", "--json", "--key-store", "plain", "--home", home])
        #expect(json.status == 1)
        #expect(json.stdout.isEmpty)
        #expect(!json.stderr.contains("waiting for the signer"))
        #expect(json.stderr.contains("linkstr: open this link in your signer: nostrconnect://"))
        #expect(json.stderr.contains("no signer connected within 1 s"))
        #expect(!FileManager.default.fileExists(atPath: home + "/account.json"))

        let noRelay = try ProcessRunner.linkstr(["account", "connect", "--nostrconnect", "--home", home])
        #expect(noRelay.status == 2)
        #expect(noRelay.stderr.contains("a nostrconnect:// link needs a relay where the signer answers; give one with --relay"))
    }
}
