import Foundation
import PluginABI
import PluginTesting
import Testing

/// Programs embed the runtime through liblinkstr.so and linkstr.h: accounts, sessions, posts,
/// reactions, contacts, relays, sync and watch against a real relay, with the records of `--json`.
@Suite("Embedding the runtime from C", .timeLimit(.minutes(1)))
struct RuntimeEmbeddingTests {
    /// `LINKSTR_E_NO_ACCOUNT` of linkstr.h.
    static let noAccount: Int32 = 100

    @Test func optionsOfAnotherSizeOrVersionAndAHomeWithoutAccountAreRefusedWithTheCommandLinesSentences() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(
            FixtureBuilder.fixturesDirectory + "/embed_runtime_errors.c", scratch.file("errors"), library: lib)
        let home = scratch.folder("home")
        let result = try ProcessRunner.run(program, [home], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stderr)")
        let log = EmbeddedCallLog(result.stdout)
        let sizeAdvice = "set struct_size to sizeof(linkstr_runtime_options), or use LINKSTR_RUNTIME_OPTIONS_INIT"
        #expect(log["small"] == .init(
            status: LKH_E_INVALID, text: "linkstr_runtime_options.struct_size is 8, too small to hold the API version; \(sizeAdvice)"))
        #expect(log["truncated"] == .init(
            status: LKH_E_INVALID, text: "linkstr_runtime_options.struct_size is 32, less than the 40 bytes of API 1.0; \(sizeAdvice)"))
        let versionAdvice = "build it against this library's linkstr.h or install a liblinkstr.so that provides it"
        #expect(log["major"] == .init(
            status: LKH_E_UNSUPPORTED, text: "this program was built for linkstr API 2.6, but liblinkstr.so 0.1.0 provides API 1.6; \(versionAdvice)"))
        #expect(log["minor"] == .init(
            status: LKH_E_UNSUPPORTED, text: "this program was built for linkstr API 1.7, but liblinkstr.so 0.1.0 provides API 1.6; \(versionAdvice)"))
        #expect(log.lines.contains("untouched yes"))
        #expect(log["open"]?.status == LKH_OK)

        // Without an account: the no-account code, with the sentence `linkstr` prints.
        let shown = try ProcessRunner.linkstr(["account", "show", "--home", home])
        #expect(shown.status == 3)
        let noAccount = "no account here; create one with `linkstr account create` or `linkstr account import`"
        for step in ["identity", "sessions", "post", "save"] {
            #expect(log[step] == .init(status: Self.noAccount, text: noAccount))
            #expect(shown.stderr == "linkstr: \(log[step]?.text ?? "")\n")
        }
        #expect(log["saved-bad-tags"] == .init(status: LKH_E_INVALID, text: "tags must be a JSON array of strings (tag names), not later"))
        // The relay list needs no account.
        #expect(try log.record([RelayRow].self, "relays").map(\.source).allSatisfy { $0 == "default" })
        let badRelay = try ProcessRunner.linkstr(["relay", "add", "ftp://example.com", "--home", home])
        #expect(log["relay-add-bad"]?.status == LKH_E_INVALID)
        #expect(badRelay.status == 2 && badRelay.stderr == "linkstr: \(log["relay-add-bad"]?.text ?? "")\n")
        #expect(log["null-session"] == .init(status: LKH_E_INVALID, text: "session must not be NULL"))
        #expect(log["null-out"] == .init(status: LKH_E_INVALID, text: "out_json must not be NULL"))
        #expect(log["key-store"] == .init(status: LKH_E_INVALID, text: "unknown key store 'keyring'; use secret-service, ncryptsec or plain"))
        #expect(log["nsec"] == .init(status: LKH_E_INVALID, text: "invalid secret key (nsec)."))
        #expect(log.lines.last == "freed")
    }

    @Test func theFeedExamplePostsWithANoteAndBobSeesThePostAfterASync() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(FixtureBuilder.repositoryRoot + "/examples/feed.c", scratch.file("feed"), library: lib)

        let result = try ProcessRunner.run(
            program, [alice.path, "example.com/from-c", "made in C", bob.npub], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stderr)")
        let feed = try JSONDecoder().decode([FeedPost].self, from: Data(result.stdout.utf8))
        #expect(feed.map(\.url) == ["https://example.com/from-c"])
        #expect(feed.first?.note == "made in C" && feed.first?.sender == alice.pubkey)
        // The same record, byte for byte, as `linkstr feed --json` prints.
        #expect(try alice.run(["feed", "Shared from C", "--json"]).stdout == result.stdout)

        // Bob, through the command line, gets the session and the post.
        #expect(try bob.sync().accepted >= 2)
        #expect(try bob.sessions().map(\.name) == ["Shared from C"])
        let bobFeed = try bob.feed("Shared from C")
        #expect(bobFeed.map(\.id) == feed.map(\.id))
        #expect(bobFeed.first?.note == "made in C")
    }

    @Test func twoRuntimesInOneProgramPostWatchReactAndUseTheRestOfTheAPI() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        for name in ["alice", "bob"] { scratch.folder(name); scratch.write(name + "/config.toml", "relays = [\"\(relay.url)\"]\n") }
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(
            FixtureBuilder.fixturesDirectory + "/embed_runtime.c", scratch.file("embed_runtime"), library: lib)

        let result = try ProcessRunner.run(
            program, [scratch.file("alice"), scratch.file("bob")], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib), timeout: 50)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let log = EmbeddedCallLog(result.stdout)
        let alice = try log.record([String: String].self, "alice-create")
        let bob = try log.record([String: String].self, "bob-create")
        #expect(alice["name"] == "Alice" && alice["key_store"] == "plain" && alice["npub"]?.hasPrefix("npub1") == true)
        #expect(try log.record([String: String].self, "alice-identity") == alice)

        // One watch per runtime, and no sync beside it.
        #expect(log["bob-watch"]?.status == LKH_OK)
        #expect(log["bob-watch-again"] == .init(
            status: LKH_E_BUSY, text: "this runtime is already watching; stop that watch first (linkstr_watch_stop)"))
        #expect(log["bob-sync-while-watching"]?.status == LKH_E_BUSY)

        // Alice names Bob by the alias she gave him.
        let contact = try log.record([String: String].self, "alice-contact-add")
        #expect(contact["alias"] == "bob" && contact["pubkey"] == bob["pubkey"])
        let session = try log.record(SessionMembers.self, "alice-session")
        #expect(session.name == "C room" && session.members == [alice["pubkey"]!, bob["pubkey"]!])
        let post = try log.record(SentPost.self, "alice-post")
        #expect(post == SentPost(id: post.id, session: session.id, url: "https://example.com/c", note: "from C"))

        // Bob's watch saw the session and the post (and a notification for it), and reacted from the callback.
        let events = log.events
        #expect(events.contains { $0["type"] as? String == "session" && $0["session"] as? String == session.id })
        #expect(events.contains { $0["type"] as? String == "post" && $0["id"] as? String == post.id && $0["note"] as? String == "from C" })
        #expect(events.contains { $0["type"] as? String == "notification" && $0["kind"] as? String == "post" && $0["url"] as? String == post.url })
        #expect(events.first?["type"] as? String == "caught_up")
        #expect(try log.record(ReactionState.self, "bob-react") == ReactionState(ok: true, emoji: "👀", active: true))
        #expect(log.lines.contains("bob-stopped"))
        #expect(!log.lines.contains { $0.hasPrefix("late-event") })

        // Alice syncs and reads her feed with Bob's reaction.
        #expect(try log.record(SyncCounts.self, "alice-sync").accepted >= 1)
        let feed = try log.record([FeedPost].self, "alice-feed")
        #expect(feed.map(\.id) == [post.id])
        #expect(feed.first?.reactions == ["👀": [bob["pubkey"]!]])
        #expect(try log.record(Acknowledgement.self, "alice-read").ok)
        #expect(try log.record([SessionRow].self, "alice-sessions").map { [$0.id, $0.name] } == [[session.id, "C room"]])
        #expect(try log.record(ReactionState.self, "alice-react") == ReactionState(ok: true, emoji: "🔥", active: true))
        #expect(try log.record(ReactionState.self, "alice-react-again") == ReactionState(ok: true, emoji: "🔥", active: false))
        #expect(log["alice-react-bad"]?.status == LKH_E_INVALID)
        #expect(try log.record([SessionRow].self, "alice-archived").map(\.id) == [session.id])
        #expect(try log.record([SessionRow].self, "alice-sessions-after-reset").map(\.archived) == [false])
        #expect(try log.record([[String: String]].self, "alice-contacts").map { $0["alias"] } == ["Bobby"])
        #expect(try log.record(Acknowledgement.self, "alice-contact-remove").ok)
        #expect(try log.record(DeletedPost.self, "alice-delete") == DeletedPost(ok: true, relayCopiesKept: false))
        #expect(try log.record([FeedPost].self, "alice-feed-after-delete").isEmpty)
        let relays = try log.record([RelayRow].self, "alice-relays")
        #expect(relays.map { [$0.url, $0.status, $0.source] } == [[relay.url, "connected", "config"], ["wss://relay.example.com", "disabled", "added"]])
        for step in ["alice-relay-add", "alice-relay-disable", "alice-relay-enable", "alice-relay-remove", "alice-relay-reset"] {
            #expect(try log.record(Acknowledgement.self, step).ok, "\(step)")
        }
        #expect(log.lines.last == "freed")
    }
}
