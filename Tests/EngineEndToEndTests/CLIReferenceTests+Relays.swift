import Foundation
import NostrCore
import PluginTesting
import Testing

/// docs/cli.md's `--json` shapes of the commands that need a relay, and the lines of `watch` and
/// `signer serve`, against what the program prints with a real local relay.
extension CLIReferenceTests {
    /// The commands that talk to relays, and the lines of watch and signer serve.
    static func expectShapesWithARelay(_ reference: CommandReference) async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let bob = try world.home("bob", config: Self.localMedia)
        let site = try await Self.mediaSite(world.scratch)
        defer { site.process.stop() }
        let carol = SecretKey.generate().publicKey.npub
        // Bob watches from the start: Alice's session, its members, her post, reaction and deletion reach him live.
        let watch = try bob.startWatch()
        defer { watch.stop() }
        #expect(await eventually(within: 15) { watch.caughtUp }, "\(watch.stderr)")

        _ = try Self.shaped(reference, alice, "contact add", ["contact", "add", bob.npub, "--alias", "Bob"])
        _ = try Self.shaped(reference, alice, "contact alias", ["contact", "alias", bob.npub, "Robert"])
        _ = try Self.shaped(reference, alice, "contact list", ["contact", "list"])
        let created = try Self.shaped(reference, alice, "session create", ["session", "create", "Weekend", "--member", bob.npub])
        let session = try #require(created["id"] as? String)
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["type"] as? String == "session" } }, "\(watch.stdout)")
        _ = try Self.shaped(reference, alice, "session members", ["session", "members", session, "--add", carol])
        _ = try Self.shaped(reference, alice, "session rename", ["session", "rename", session, "Weekend videos"])
        let posted = try Self.shaped(reference, alice, "post", ["post", session, "https://example.com/a", "--note", "look"])
        let post = try #require(posted["id"] as? String)
        _ = try Self.shaped(reference, alice, "react", ["react", session, post, "🔥"])
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["type"] as? String == "reaction" } }, "\(watch.stdout)")

        _ = try Self.shaped(reference, bob, "sync", ["sync"])
        _ = try Self.shaped(reference, bob, "sessions", ["sessions"])
        _ = try Self.shaped(reference, bob, "feed", ["feed", session])
        _ = try Self.shaped(reference, bob, "react", ["react", session, post, "👍"])
        _ = try Self.shaped(reference, bob, "read", ["read", session])
        _ = try Self.shaped(reference, bob, "share", ["share", post])
        let clip = try #require(try Self.shaped(reference, alice, "post", ["post", session, site.url("clip.mp4")])["id"] as? String)
        _ = try Self.shaped(reference, bob, "sync", ["sync"])
        _ = try Self.shaped(reference, bob, "play", ["play", session, clip, "--print"])
        _ = try Self.shaped(reference, bob, "session archive", ["session", "archive", session])
        _ = try Self.shaped(reference, bob, "session unarchive", ["session", "unarchive", session])
        _ = try Self.shaped(reference, alice, "delete", ["delete", session, post])
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["type"] as? String == "delete" } }, "\(watch.stdout)")
        let types = reference.expectLines(of: "watch", watch.jsonLines)
        #expect(types.isSuperset(of: ["session", "members", "post", "reaction", "delete"]), "watch printed \(watch.stdout)")
        watch.stop()

        _ = try Self.shaped(reference, alice, "account name", ["account", "name", "Alice"])
        _ = try Self.shaped(reference, alice, "saved sync", ["saved", "sync", "--relays"])
        _ = try Self.shaped(reference, alice, "contact remove", ["contact", "remove", bob.npub])
        try await Self.expectSignerShapes(reference, alice)

        let dave = world.emptyHome("dave")
        let published = try ProcessRunner.linkstr(["account", "create", "--name", "Dave", "--publish", "--key-store", "plain", "--json", "--home", dave])
        #expect(published.status == 0, "\(published.stderr)")
        reference.expectShape(of: "account create", printed: published.stdout)
        #expect(published.stdout.contains("\"published_name\":\"Dave\""), "\(published.stdout)")
        let copy = world.scratch.folder("bob-copy")
        let imported = try ProcessRunner.linkstr(["account", "import", "-", "--key-store", "plain", "--json", "--home", copy], stdin: bob.nsec + "\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        reference.expectShape(of: "account import", printed: imported.stdout)
        let bunker = try await TestBunker(relayURL: world.relayURL, userSecret: SecretKey.generate().nsec)
        defer { bunker.process.stop() }
        let remote = world.emptyHome("remote")
        let connected = try ProcessRunner.linkstr(
            ["account", "connect", bunker.ready, "--yes", "--key-store", "plain", "--json", "--home", remote], timeout: 45)
        #expect(connected.status == 0, "\(connected.stderr)")
        reference.expectShape(of: "account connect", printed: connected.stdout)
        let disconnected = try ProcessRunner.linkstr(["account", "disconnect", "--json", "--home", remote])
        #expect(disconnected.status == 0, "\(disconnected.stderr)")
        reference.expectShape(of: "account disconnect", printed: disconnected.stdout)

        _ = try Self.shaped(reference, bob, "account logout", ["account", "logout", "--yes"])
        _ = try Self.shaped(reference, alice, "account delete", ["account", "delete", "--confirm", alice.npub])
    }

    /// `signer serve --json` answering rust-nostr's client (one request allowed, one refused), then
    /// the records of what it did.
    private static func expectSignerShapes(_ reference: CommandReference, _ home: LinkstrHome) async throws {
        let command = ["signer", "serve", "--json", "--allow", "sign_event:1", "--home", home.path]
        CommandLog.current?.record(command)
        let serve = try ExternalProcess(executable: BuildProducts.linkstrExecutable, command, environment: ProcessRunner.linkstrEnvironment())
        defer { serve.stop() }
        #expect(await eventually(within: 20) { serve.jsonLines.contains { $0["type"] as? String == "listening" } }, "\(serve.stderr)")
        let link = try #require(serve.jsonLines.first?["link"] as? String)
        let app = SecretKey.generate()
        let answers = try await NostrConnectClient.run(link, appSecret: app, ["public_key", "sign:1", "sign:4"])
        #expect(answers.map { $0.error == nil } == [true, true, false], "\(answers.map { $0.error ?? "ok" })")
        #expect(await eventually { Set(serve.jsonLines.compactMap { $0["type"] as? String }).isSuperset(of: ["approved", "request", "refused", "link"]) })
        let types = reference.expectLines(of: "signer serve", serve.jsonLines)
        #expect(types == ["listening", "link", "approved", "request", "refused"], "signer serve printed \(serve.stdout)")
        serve.stop()

        _ = try shaped(reference, home, "signer clients", ["signer", "clients"])
        _ = try shaped(reference, home, "signer log", ["signer", "log"])
        _ = try shaped(reference, home, "signer forget", ["signer", "forget", app.publicKey.npub])
    }

    /// `linkstr ARGUMENTS --json` in `home`: it must succeed and print `command`'s documented shape.
    /// What it printed (an object, or the first of a list).
    static func shaped(
        _ reference: CommandReference, _ home: LinkstrHome, _ command: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let result = try home.run(arguments + ["--json"])
        guard result.status == 0 else {
            throw TestFailure("linkstr \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        reference.expectShape(of: command, printed: result.stdout, sourceLocation: sourceLocation)
        let printed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return (printed as? [String: Any]) ?? (printed as? [[String: Any]])?.first ?? [:]
    }
}
