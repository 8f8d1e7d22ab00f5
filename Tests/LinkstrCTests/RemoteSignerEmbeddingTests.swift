import Foundation
import NostrCore
import PluginABI
import PluginTesting
import Testing

/// A program connects the account of a home to a remote signer through linkstr.h, uses it, and
/// disconnects it, against the rust-nostr test bunker on a real relay.
@Suite("Embedding the runtime from C with a remote signer", .timeLimit(.minutes(1)))
struct RemoteSignerEmbeddingTests {
    @Test func connectUseDisconnectAndReconnectWithABunkerLink() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let user = Keypair.generate()
        let bunker = try await TestBunker(relayURL: relay.url, userSecret: user.secretKey.nsec)
        defer { bunker.process.stop() }
        let link = bunker.ready
        scratch.folder("home")
        scratch.write("home/config.toml", "relays = [\"\(relay.url)\"]\n")
        let member = Keypair.generate().publicKey
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(
            FixtureBuilder.fixturesDirectory + "/embed_remote_signer.c", scratch.file("embed_remote_signer"), library: lib)

        let result = try ProcessRunner.run(
            program, [scratch.file("home"), link, "[\"\(member.npub)\"]"], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib),
            timeout: 50)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let log = EmbeddedCallLog(result.stdout)
        #expect(log["connect-bad"] == .init(
            status: LKH_E_INVALID,
            text: "'nope' in the bunker link is not a valid public key; expected bunker://<signer pubkey, 64 hex characters>?relay=wss://…&secret=…"))

        let connected = try JSONSerialization.jsonObject(with: Data((log["connect"]?.text ?? "").utf8)) as? [String: Any]
        #expect(log["connect"]?.status == LKH_OK, "\(log["connect"]?.text ?? "")")
        #expect(connected?["pubkey"] as? String == user.publicKey.hex, "the account is the user's, not the signer's")
        #expect(connected?["name"] as? String == "Phone" && connected?["key_store"] as? String == "plain")
        #expect(connected?["relays"] as? [String] == [relay.url])
        #expect(connected?["reconnected"] as? Bool == false)
        #expect(try log.record([String: String].self, "identity")["pubkey"] == user.publicKey.hex)
        let session = try log.record(SessionMembers.self, "session")
        #expect(session.members == [user.publicKey.hex, member.hex])
        #expect(bunker.process.stdout.contains("sign_event "))

        #expect(try log.record(Acknowledgement.self, "disconnect").ok)
        #expect(log["sessions-disconnected"]?.status == LKH_E_UNAVAILABLE)
        #expect(log["sessions-disconnected"]?.text.contains("disconnected from its remote signer") == true)
        let again = try JSONSerialization.jsonObject(with: Data((log["reconnect"]?.text ?? "").utf8)) as? [String: Any]
        #expect(again?["reconnected"] as? Bool == true, "\(log["reconnect"]?.text ?? "")")
        #expect(try log.record([SessionRow].self, "sessions").map(\.id) == [session.id], "the account's data stayed")
        #expect(log.lines.last == "freed")
    }

    @Test func thePythonBindingConnectsAndDisconnects() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let user = Keypair.generate()
        let bunker = try await TestBunker(relayURL: relay.url, userSecret: user.secretKey.nsec)
        defer { bunker.process.stop() }
        let link = bunker.ready
        let home = scratch.folder("home")
        let lib = try FixtureBuilder.libraryFolder(in: scratch)

        let result = try ProcessRunner.run(
            try TestPython.interpreter, [FixtureBuilder.fixturesDirectory + "/remote_signer_calls.py", PythonBindingTests.bindings, home, link],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib), timeout: 50)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let connected = try #require(object["connect"] as? [String: Any])
        #expect(connected["pubkey"] as? String == user.publicKey.hex && connected["name"] as? String == "Py")
        #expect(connected["reconnected"] as? Bool == false)
        #expect((object["identity"] as? [String: Any])?["pubkey"] as? String == user.publicKey.hex)
        #expect((object["disconnect"] as? [String: Any])?["ok"] as? Bool == true)
        #expect((object["reconnect"] as? [String: Any])?["reconnected"] as? Bool == true)
    }

    /// A signer that asks for approval first (an `auth_url`, here on its proof of the key at
    /// connect): the program is told the page through `on_auth_url` of the options, and the request
    /// then gets its answer.
    @Test func aProgramIsToldTheAuthURL() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let approve = "https://auth.example/approve?request=7"
        let bunker = try await TestBunker(relayURL: relay.url, userSecret: Keypair.generate().secretKey.nsec, ["--auth-url", approve])
        defer { bunker.process.stop() }
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import linkstr
            told = []
            with linkstr.Runtime(home=sys.argv[2], on_auth_url=told.append) as runtime:
                connected = runtime.account_connect(sys.argv[3], key_store="plain")
            print(json.dumps({"told": told, "pubkey": connected["pubkey"]}))
            """
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let result = try ProcessRunner.run(
            try TestPython.interpreter, ["-c", script, PythonBindingTests.bindings, scratch.folder("home"), bunker.ready],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib), timeout: 50)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(object["told"] as? [String] == [approve])
        #expect((object["pubkey"] as? String)?.count == 64, "the request was answered after the approval")
    }
}
