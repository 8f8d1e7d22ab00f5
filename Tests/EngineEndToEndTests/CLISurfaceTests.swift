import Foundation
import PluginTesting
import Testing

/// Every command of docs/cli.md's core table through the built executable, against temporary
/// homes and a local relay, each checked for what it does (the list, feed or file it changes), not
/// only for its exit status. Each scenario names the commands it covers and checks that it ran them;
/// the last test checks that together they cover the core table.
@Suite("End to end: every command of the CLI surface does what it says", .timeLimit(.minutes(1)))
struct CLISurfaceTests {
    static let accountCommands: Set<String> = ["account create", "account import", "account show", "account logout"]
    static let relayCommands: Set<String> = ["relay add", "relay remove", "relay enable", "relay disable", "relay reset", "relay list"]
    static let conversationCommands: Set<String> = [
        "contact add", "contact remove", "contact alias", "contact list", "session create", "session members", "session archive",
        "session unarchive", "sessions", "post", "react", "delete", "feed", "read", "sync", "watch", "share", "open",
    ]
    static let localCommands: Set<String> = ["plugins", "plugins check", "media classify", "media metadata", "media fetch", "open"]

    @Test("account: logout forgets the identity; create, show (the secret only when asked), import from stdin, logout --clear-data")
    func account() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let log = try await CommandLog.recording {
            let home = try world.home("home")
            // Without a terminal to ask on, logout needs --yes and deletes nothing without it.
            expectExit(2, try home.run(["account", "logout"]))
            #expect(try home.json([String: String].self, ["account", "show"])["pubkey"] == home.pubkey)
            try home.ok(["account", "logout", "--yes"])
            expectExit(3, try home.run(["account", "show", "--json"]))

            let created = try home.json([String: String].self, ["account", "create", "--name", "Alice", "--key-store", "plain"])
            let pubkey = try #require(created["pubkey"])
            let npub = try #require(created["npub"])
            #expect(pubkey.count == 64 && pubkey.allSatisfy(\.isHexDigit) && pubkey != home.pubkey)
            #expect(npub.hasPrefix("npub1") && created["nsec"] == nil)
            let shown = try home.json([String: String].self, ["account", "show"])
            #expect(shown["pubkey"] == pubkey && shown["npub"] == npub && shown["name"] == "Alice")
            #expect(shown["nsec"] == nil)
            let human = try home.run(["account", "show"])
            #expect(human.status == 0 && human.stdout.contains(npub) && !human.stdout.contains("nsec1"), "\(human.stdout)")
            let nsec = try #require(try home.json([String: String].self, ["account", "show", "--reveal-secret"])["nsec"])
            #expect(nsec.hasPrefix("nsec1"))

            // Without --clear-data the account's data waits for the key to come back.
            _ = try home.json(SessionMembers.self, ["session", "create", "Kept"])
            try home.ok(["account", "logout", "--yes"])
            expectExit(3, try home.run(["account", "show", "--json"]))
            expectExit(3, try home.run(["sessions", "--json"]))
            let imported = try home.json([String: String].self, ["account", "import", "-", "--key-store", "plain"], stdin: nsec + "\n")
            #expect(imported["pubkey"] == pubkey && imported["npub"] == npub && imported["nsec"] == nil)
            #expect(try home.sessions().map(\.name) == ["Kept"])

            // With --clear-data it is gone.
            try home.ok(["account", "logout", "--clear-data", "--yes"])
            expectExit(3, try home.run(["account", "show", "--json"]))
            // An nsec as the argument would show in `ps`: refused; a file that holds it is fine.
            expectExit(2, try home.run(["account", "import", nsec, "--key-store", "plain"]))
            let backup = world.scratch.write("backup.nsec", nsec + "\n")
            #expect(try home.json([String: String].self, ["account", "import", backup, "--key-store", "plain"])["pubkey"] == pubkey)
            #expect(try home.sessions().isEmpty)
        }
        expectRan(Self.accountCommands, log)
    }

    @Test("relay: add, disable, enable, remove and reset change `relay list`; an added relay is used")
    func relays() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        async let startedSecond = TestRelay.start(.rust, scratch: scratch)
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let second = try await startedSecond
        let home = try LinkstrHome.create(scratch, "home", relays: [relay.url])
        let log = try await CommandLog.recording {
            func relays() throws -> [RelayRow] { try home.json([RelayRow].self, ["relay", "list"]) }
            func entry(_ url: String) throws -> RelayRow? { try relays().first { $0.url == url } }
            // The list starts as config.toml says.
            #expect(try relays().map { [$0.url: $0.enabled] } == [[relay.url: true]])

            try home.ok(["relay", "add", second.url])
            let added = try relays()
            #expect(added.map { [$0.url: $0.enabled] } == [relay.url, second.url].sorted().map { [$0: true] }, "relay list: \(added)")
            _ = try home.sync()
            #expect(try entry(second.url)?.status == "connected", "a sync connects to the added relay")

            try home.ok(["relay", "disable", relay.url])
            let disabled = try entry(relay.url)
            #expect(disabled?.enabled == false && disabled?.status.isEmpty == false)
            try home.ok(["relay", "enable", relay.url])
            #expect(try entry(relay.url)?.enabled == true)

            // reset: config.toml's list again, all enabled; also after the list was emptied.
            try home.ok(["relay", "disable", relay.url])
            try home.ok(["relay", "reset"])
            #expect(try relays().map { [$0.url: $0.enabled] } == [[relay.url: true]])
            try home.ok(["relay", "remove", relay.url])
            #expect(try relays().isEmpty)
            try home.ok(["relay", "reset"])
            #expect(try relays().map { [$0.url: $0.enabled] } == [[relay.url: true]])

            // Bad input changes nothing.
            expectExit(2, try home.run(["relay", "add", "https://relay.example.com", "--json"]))
            expectExit(2, try home.run(["relay", "add", relay.url, "--json"]))
            expectExit(2, try home.run(["relay", "remove", second.url, "--json"]))
            #expect(try relays().map(\.url) == [relay.url])
        }
        expectRan(Self.relayCommands, log)
    }

    @Test("two accounts: a session, posts, sync counts, watch, reactions, read, members, share and open, delete, archive, contacts")
    func conversation() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let carol = Peer.generate().pubkey
        let pair: Set = [alice.pubkey, bob.pubkey]
        let log = try await CommandLog.recording {
            // A session with Bob; Alice posts, Bob's sync counts the session and the post.
            let created = try alice.json(SessionMembers.self, ["session", "create", "Weekend videos", "--member", bob.npub])
            #expect(created.name == "Weekend videos" && Set(created.members) == pair)
            let session = created.id
            let listed = try alice.sessions()
            #expect(listed.map(\.id) == [session])
            #expect(listed.first.map { Set($0.members) } == pair && listed.first?.creator == alice.pubkey && listed.first?.archived == false)
            let first = try alice.json(SentPost.self, ["post", session, "https://example.com/one", "--note", "the first"])
            #expect(first == SentPost(id: first.id, session: session, url: "https://example.com/one", note: "the first"))

            let received = try bob.sync()
            // The relay may hand the post over before the session it belongs to: then it waits (staged) until the session arrives.
            #expect(received.received == 2 && received.accepted == 2 && received.staged <= 1 && received.rejected == 0, "\(received)")
            let again = try bob.sync()
            #expect(again.accepted == 0 && again.staged == 0 && again.rejected == 0, "\(again)")
            #expect(try bob.sessions().map { Set($0.members) } == [pair])
            // A fresh account's first sync restores the history as read.
            let bobFeed = try bob.feed(session)
            #expect(bobFeed == [FeedPost(
                id: first.id, sender: alice.pubkey, url: "https://example.com/one", note: "the first", createdAt: bobFeed.first?.createdAt ?? 0,
                unread: false, reactions: [:])])

            // watch: Bob stays connected and prints Alice's next post as it arrives; SIGTERM ends it with 0.
            let watch = try bob.startWatch()
            defer { watch.stop() }
            #expect(await eventually(within: 15) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")
            // No notifiers in config.toml and no desktop bus here: watch says once how to get notifications.
            #expect(watch.stderr.components(separatedBy: "linkstr: notifications are off: ").count == 2, "\(watch.stderr)")
            let second = try alice.json(SentPost.self, ["post", session, "https://example.com/two", "--note", "live"])
            let printed = await eventually(within: 15) { watch.jsonLines.contains { $0["id"] as? String == second.id } }
            #expect(printed, "watch printed: \(watch.stdout)\nstderr: \(watch.stderr)")
            let line = watch.jsonLines.first { $0["id"] as? String == second.id }
            #expect(line?["type"] as? String == "post" && line?["session"] as? String == session)
            #expect(line?["sender"] as? String == alice.pubkey && line?["url"] as? String == second.url && line?["note"] as? String == "live")
            watch.signal(SIGTERM)
            #expect(await eventually { !watch.isRunning }, "watch still runs after SIGTERM")
            if !watch.isRunning {
                #expect(watch.exit == .exited(0), "\(watch.stderr)")
            }
            // The next sync takes only the post made since: watch stored the other.
            let third = try alice.json(SentPost.self, ["post", session, "https://example.com/three"])
            let afterWatch = try bob.sync()
            #expect(afterWatch.accepted == 1 && afterWatch.staged == 0 && afterWatch.rejected == 0, "\(afterWatch)")

            // feed: newest last; --limit keeps the newest.
            let full = try bob.feed(session)
            #expect(Set(full.map(\.id)) == [first.id, second.id, third.id])
            #expect(full.map(\.createdAt) == full.map(\.createdAt).sorted())
            #expect(try bob.json([FeedPost].self, ["feed", session, "--limit", "2"]) == Array(full.suffix(2)))

            // react: on; the same emoji again takes it back; --off takes a reaction back and never puts one on.
            // A change of the same reaction waits for the next second: within one second the event ids decide the order.
            func reactions(_ home: LinkstrHome) throws -> [String: [String]] {
                (try home.feed(session).first { $0.id == first.id }?.reactions ?? [:]).filter { !$0.value.isEmpty }
            }
            #expect(try bob.json(Acknowledgement.self, ["react", session, String(first.id.prefix(8)), "👍"]).ok)
            #expect(try reactions(bob) == ["👍": [bob.pubkey]])
            let reacted = try alice.sync()
            #expect(reacted.accepted == 1 && reacted.rejected == 0, "\(reacted)")
            #expect(try reactions(alice) == ["👍": [bob.pubkey]])
            try await nextSecond()
            #expect(try bob.json(Acknowledgement.self, ["react", session, first.id, "👍"]).ok)
            #expect(try reactions(bob) == [:], "a second react with the same emoji removes it")
            #expect(try bob.json(Acknowledgement.self, ["react", session, first.id, "🔥"]).ok)
            let toggled = try alice.sync()
            #expect(toggled.accepted == 2 && toggled.rejected == 0, "\(toggled)")
            #expect(try reactions(alice) == ["🔥": [bob.pubkey]])
            try await nextSecond()
            #expect(try bob.json(Acknowledgement.self, ["react", session, first.id, "🔥", "--off"]).ok)
            #expect(try bob.json(Acknowledgement.self, ["react", session, first.id, "🎉", "--off"]).ok)
            #expect(try reactions(bob) == [:])
            _ = try alice.sync()
            #expect(try reactions(alice) == [:])

            // read: one post, then the whole session.
            #expect(try bob.sessions().first?.unread == true)
            #expect(Set(try bob.feed(session).filter(\.unread).map(\.id)) == [second.id, third.id])
            try bob.ok(["read", session, String(second.id.prefix(8))])
            #expect(try bob.feed(session).filter(\.unread).map(\.id) == [third.id])
            try bob.ok(["read", session])
            #expect(try bob.feed(session).contains(where: \.unread) == false)
            #expect(try bob.sessions().first?.unread == false)

            // session members: Bob sees each snapshot after a sync.
            let trio: Set = [alice.pubkey, bob.pubkey, carol]
            #expect(Set(try alice.json(SessionMembers.self, ["session", "members", session, "--add", carol]).members) == trio)
            let added = try bob.sync()
            #expect(added.accepted == 1 && added.rejected == 0, "\(added)")
            #expect(try bob.sessions().first.map { Set($0.members) } == trio)
            try await nextSecond()
            #expect(Set(try alice.json(SessionMembers.self, ["session", "members", session, "--remove", carol]).members) == pair)
            let removed = try bob.sync()
            #expect(removed.accepted == 1 && removed.rejected == 0, "\(removed)")
            #expect(try bob.sessions().first.map { Set($0.members) } == pair)

            // share gives the deep link that open decodes back to the post's URL.
            let link = try #require(try alice.json([String: String].self, ["share", String(first.id.prefix(8))])["link"])
            #expect(link.hasPrefix("linkstr://"))
            #expect(try alice.json(OpenedLink.self, ["open", link]).url == first.url)

            // delete: gone from both feeds.
            #expect(try alice.json(DeletedPost.self, ["delete", session, first.id]) == DeletedPost(ok: true, relayCopiesKept: false))
            #expect(Set(try alice.feed(session).map(\.id)) == [second.id, third.id])
            let deleted = try bob.sync()
            #expect(deleted.accepted == 1 && deleted.rejected == 0, "\(deleted)")
            #expect(Set(try bob.feed(session).map(\.id)) == [second.id, third.id])

            // archive and unarchive (the session by its name, in any case).
            try bob.ok(["session", "archive", "weekend VIDEOS"])
            #expect(try bob.sessions().isEmpty)
            let archived = try bob.json([SessionRow].self, ["sessions", "--archived"])
            #expect(archived.map { [$0.id: $0.archived] } == [[session: true]])
            try bob.ok(["session", "unarchive", session])
            #expect(try bob.sessions().map { [$0.id: $0.archived] } == [[session: false]])
            #expect(try bob.json([SessionRow].self, ["sessions", "--archived"]).isEmpty)

            // An unknown session is bad input.
            expectExit(2, try bob.run(["feed", "Nowhere", "--json"]))
            expectExit(2, try bob.run(["react", "Nowhere", second.id, "👍", "--json"]))

            // Contacts: added with an alias, renamed and removed by that alias.
            func contacts() throws -> [[String: String]] { try alice.json([[String: String]].self, ["contact", "list"]) }
            let contact = try alice.json([String: String].self, ["contact", "add", bob.npub, "--alias", "bob"])
            #expect(contact["pubkey"] == bob.pubkey && contact["alias"] == "bob")
            #expect(try contacts().map { [$0["pubkey"], $0["npub"], $0["alias"]] } == [[bob.pubkey, bob.npub, "bob"]])
            try alice.ok(["contact", "alias", "bob", "Bobby"])
            #expect(try contacts().map { $0["alias"] } == ["Bobby"])
            try alice.ok(["contact", "remove", "Bobby"])
            #expect(try contacts().isEmpty)
        }
        expectRan(Self.conversationCommands, log)
    }

    @Test("plugins, plugins check, media classify, metadata and fetch against a local web server, open")
    func localCommands() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let site = scratch.folder("site")
        scratch.write("site/page.html", "<!doctype html><html><head><title>A page for the CLI</title></head><body>hello</body></html>\n")
        let clip = site + "/clip.mp4"
        let encoded = try ProcessRunner.run(
            "/usr/bin/env", ["ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-t", "1",
                             "-pix_fmt", "yuv420p", clip], timeout: 30)
        try #require(encoded.status == 0, "ffmpeg: \(encoded.stderr)")
        let server = try await StaticSite.serve(site)
        defer { server.process.stop() }
        let home = try LinkstrHome.create(
            scratch, "home", relays: ["ws://127.0.0.1:9"],
            config: """
                [plugins."org.linkstr.media.generic"]
                allow_private_addresses = "loopback"
                ytdlp = "\(ExternalProcess.packageRoot)/.venv/bin/yt-dlp"

                """)
        let log = try await CommandLog.recording {
            // plugins: the libraries of this build, each with what it provides.
            let plugins = try home.json([PluginRow].self, ["plugins"])
            let built = try FileManager.default.contentsOfDirectory(atPath: BuildProducts.directory)
                .filter { $0.hasPrefix("liblinkstr-plugin-") && $0.hasSuffix(".so") }.map { BuildProducts.directory + "/" + $0 }
            #expect(Set(plugins.map(\.path)) == Set(built))
            #expect(plugins.allSatisfy { !$0.id.isEmpty && !$0.version.isEmpty && !$0.provides.isEmpty }, "\(plugins)")
            #expect(plugins.contains { $0.id == "org.linkstr.media.generic" })

            let check = try home.json(PluginCheckReport.self, ["plugins", "check", BuildProducts.plugin("media-generic")])
            #expect(check.passed && check.stages.last == "destroy", "\(check)")
            #expect(try home.run(["plugins", "check", site + "/page.html", "--json"]).status == 1)

            let youtube = try home.json(MediaClassification.self, ["media", "classify", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"])
            #expect(youtube.provider == "youtube" && ["extraction", "embed", "link"].contains(youtube.mode), "\(youtube)")
            #expect(youtube.canonicalURL.contains("dQw4w9WgXcQ") && youtube.embedURL?.contains("dQw4w9WgXcQ") == true, "\(youtube)")
            expectExit(2, try home.run(["media", "classify", "ftp://example.com/video", "--json"]))

            let metadata = try home.json([String: String].self, ["media", "metadata", server.url("page.html")])
            #expect(metadata["title"] == "A page for the CLI", "\(metadata)")

            let video = try home.json(FetchedVideo.self, ["media", "fetch", server.url("clip.mp4")])
            #expect(video.path.hasPrefix(home.path + "/"), "the cache is in the home: \(video.path)")
            #expect(video.bytes > 0 && FileManager.default.contents(atPath: video.path) == FileManager.default.contents(atPath: clip))

            let opened = try home.json(OpenedLink.self, ["open", "linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ"])
            #expect(opened.url == "https://youtu.be/dQw4w9WgXcQ" && opened.provider == "youtube", "\(opened)")
            expectExit(2, try home.run(["open", "linkstr://nothing", "--json"]))
        }
        expectRan(Self.localCommands, log)
    }

    @Test("the scenarios above run every command of docs/cli.md's core table")
    func coverTheCoreCommands() throws {
        let specified = try CommandReference.load().coreCommands
        let known: Set = ["account import", "relay add", "contact alias", "session members", "sessions", "plugins", "plugins check", "media classify"]
        #expect(specified.isSuperset(of: known), "the table was misread: \(specified.sorted())")
        let covered = Self.accountCommands.union(Self.relayCommands).union(Self.conversationCommands).union(Self.localCommands)
        let uncovered = specified.subtracting(covered)
        #expect(uncovered.isEmpty, "commands of docs/cli.md's core table that no scenario runs: \(uncovered.sorted())")
    }

    /// A failure with `status`: nothing on stdout, a `linkstr: …` sentence on stderr.
    private func expectExit(_ status: Int32, _ result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty && result.stderr.hasPrefix("linkstr: "), "\(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
    }

    private func expectRan(_ commands: Set<String>, _ log: CommandLog, sourceLocation: SourceLocation = #_sourceLocation) {
        // A command's path is its leading arguments that are words of `commands` ("session create Weekend
        // --member …" is "session create").
        let words = Set(commands.flatMap { $0.split(separator: " ").map(String.init) })
        let notRun = commands.subtracting(log.commands.map { arguments in arguments.prefix { words.contains($0) }.joined(separator: " ") })
        #expect(notRun.isEmpty, "this scenario did not run \(notRun.sorted())", sourceLocation: sourceLocation)
    }
}
