import Foundation
import PluginTesting
import Testing

/// The PostgreSQL storage plugin's server restarted (stopped fast, started again) while `linkstr
/// sync` writes a backfill of a few hundred gift wraps into it.
@Suite("End to end: PostgreSQL restarted during a sync", .enabled(if: PostgreSQLServer.requested), .timeLimit(.minutes(2)))
struct PostgreSQLRestartDuringSyncTests {
    static let posts = 400

    @Test("the sync finishes or names the database; the next sync ends with every post exactly once")
    func restartedMidSync() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try PostgreSQLServer.start()
        defer { server.stop() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let config = """
            storage = "org.linkstr.storage.postgresql"
            [plugins."org.linkstr.storage.postgresql"]
            url = "\(server.url)"

            """
        // Two accounts in the one database: the first times an uninterrupted sync.
        let reference = try LinkstrHome.create(scratch, "reference", relays: [relay.url], config: config)
        let me = try LinkstrHome.create(scratch, "me", relays: [relay.url], config: config)
        let peer = Peer.generate()
        let session = IPhone.token()
        let start = Int64(Date().timeIntervalSince1970) - 10_000
        // The session's wrap is the newest, so relays hand it out first and the posts are accepted
        // batch by batch as they come.
        var messages = [peer.message(
            IPhone.sessionCreate(session, name: "Restarted", members: [peer.pubkey, reference.pubkey, me.pubkey], at: start),
            to: [reference.pubkey, me.pubkey], at: start, ["wrap_created_at": start + 10_000])]
        for index in 0..<Self.posts {
            let time = start + 1 + Int64(index)
            messages.append(peer.message(
                IPhone.root(session, url: "https://example.com/\(index)", at: time), to: [reference.pubkey, me.pubkey], at: time))
        }
        try await PeerScript.send(messages, relay: relay.url, scratch: scratch)
        let urls = (0..<Self.posts).map { "https://example.com/\($0)" }.sorted()

        let clock = ContinuousClock()
        let began = clock.now
        #expect(try reference.sync().accepted == messages.count)
        let duration = clock.now - began
        #expect(try reference.feed(session).map(\.url).sorted() == urls)

        // A third of the way into the same sync, the server restarts.
        let sync = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["sync", "--json", "--home", me.path],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSHomeDirectory()])
        try await Task.sleep(for: duration / 3)
        #expect(sync.isRunning, "the sync ended before the restart: \(sync.stdout) \(sync.stderr)")
        try server.restart()
        // `finish` throws unless the exit status is 0 (and stops a sync that hangs): the status says.
        _ = try? await sync.finish(timeout: .seconds(60))
        let status = sync.exit?.status ?? -1
        // 1: the storage failed during the sync; 4: it could not be opened (a restart at the start).
        #expect([0, 1, 4].contains(status), "exit \(status): \(sync.stderr)")
        if status != 0 {
            #expect(sync.stderr.hasPrefix("linkstr: ") && sync.stderr.contains(server.hostAndPort), "\(sync.stderr)")
        }

        // The next sync completes what the first left, and nothing comes twice.
        #expect(try me.sync().rejected == 0)
        let feed = try me.feed(session)
        #expect(feed.count == Self.posts)
        #expect(Set(feed.map(\.id)).count == feed.count, "duplicates")
        #expect(feed.map(\.url).sorted() == urls)
    }
}
