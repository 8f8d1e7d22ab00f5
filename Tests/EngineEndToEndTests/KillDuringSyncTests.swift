import Foundation
import PluginTesting
import Testing

/// SIGKILL in the middle of a backfill of ~3 000 gift wraps (two commits: the kill lands after the
/// first): after a restart nothing accepted is lost and nothing is duplicated.
@Suite("End to end: SIGKILL during a sync", .timeLimit(.minutes(1)))
struct KillDuringSyncTests {
    static let posts = 3_000
    static let reactions = 100

    @Test("`linkstr watch` and `linkstr sync` killed mid-backfill, then synced again: the feed of an uninterrupted sync, every post once")
    func killedThenResumed() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let reference = try LinkstrHome.create(scratch, "reference", relays: [relay.url])
        let peer = Peer.generate()
        let me = reference.pubkey

        // A session from the peer, 3 000 posts and 100 reactions (on the first posts), in one run of
        // the peer script. Post ids are rumor ids, so reactions need a first build of the posts.
        let session = IPhone.token()
        let start = Int64(Date().timeIntervalSince1970) - 10_000
        // The session's wrap is the newest, so relays hand it out first: what follows is accepted (not
        // staged until the session arrives), and committed batch by batch.
        var messages = [peer.message(
            IPhone.sessionCreate(session, name: "Flood", members: [peer.pubkey, me], at: start), to: [me], at: start,
            ["wrap_created_at": start + 10_000])]
        for index in 0..<Self.posts {
            let time = start + 1 + Int64(index)
            messages.append(peer.message(IPhone.root(session, url: "https://example.com/\(index)", note: "post \(index)", at: time), to: [me], at: time))
        }
        let ids = try await PeerScript.build(Array(messages[1...Self.reactions]), scratch: scratch).map(\.id)
        for (index, id) in ids.enumerated() {
            let time = start + 1 + Int64(Self.posts + index)
            messages.append(peer.message(IPhone.reaction(session, post: id, emoji: "👍", active: true, at: time), to: [me], at: time))
        }
        try await PeerScript.send(messages, relay: relay.url, scratch: scratch)

        // The uninterrupted sync.
        let clock = ContinuousClock()
        let began = clock.now
        let counts = try reference.sync()
        let duration = clock.now - began
        #expect(counts.accepted == messages.count && counts.rejected == 0)
        let expected = try reference.feed(session)
        #expect(expected.count == Self.posts)
        #expect(expected.filter { !$0.reactions.isEmpty }.count == Self.reactions)

        // `watch`: killed once it has printed a post (each change is printed once it is committed).
        let watched = try reference.copy(scratch, "watch", relays: [relay.url])
        let watch = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["watch", "--json", "--home", watched.path],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSHomeDirectory()])
        let printed = try await killWhen(watch) { watch.stdout.contains(#""type":"post""#) }
        let shownBeforeKill = watch.stdout.split(separator: "\n").count
        #expect(printed, "watch printed nothing before it ended: \(watch.stderr)")
        #expect(shownBeforeKill < messages.count, "watch had finished before the kill")
        try expectResumes(watched, session: session, expected: expected, partialAtLeast: 1)

        // `sync`: killed once its first batch is in the database (the file and its WAL have grown).
        let synced = try reference.copy(scratch, "sync", relays: [relay.url])
        let database = synced.path + "/data/linkstr.sqlite"
        let sync = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["sync", "--json", "--home", synced.path],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSHomeDirectory()])
        let grew = try await killWhen(sync, deadline: duration * 4 + .seconds(5)) { Self.size(database) + Self.size(database + "-wal") > 400_000 }
        #expect(grew, "sync ended before its database grew: \(sync.stdout) \(sync.stderr)")
        try expectResumes(synced, session: session, expected: expected, partialAtLeast: 0)
    }

    /// Polls `condition` every 5 ms while `process` runs; SIGKILLs it as soon as it holds. False when
    /// the process ended (or the deadline passed) first.
    private func killWhen(_ process: ExternalProcess, deadline: Duration = .seconds(30), _ condition: () -> Bool) async throws -> Bool {
        let end = ContinuousClock.now + deadline
        while process.isRunning, ContinuousClock.now < end {
            if condition() {
                process.kill()
                return true
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        process.stop()
        return false
    }

    /// After the kill: what was committed is there (and readable), and one more sync ends exactly
    /// where the uninterrupted one did.
    private func expectResumes(
        _ home: LinkstrHome, session: String, expected: [FeedPost], partialAtLeast: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try home.run(["feed", session, "--json"])  // exit 2 when not even the session was committed
        let partial = before.status == 0 ? try JSONDecoder().decode([FeedPost].self, from: Data(before.stdout.utf8)) : []
        #expect(partial.count >= partialAtLeast && partial.count < expected.count, "\(partial.count) posts after the kill", sourceLocation: sourceLocation)
        #expect(Set(partial.map(\.id)).count == partial.count, sourceLocation: sourceLocation)
        let resumed = try home.sync(sourceLocation: sourceLocation)
        #expect(resumed.rejected == 0, sourceLocation: sourceLocation)
        let feed = try home.feed(session, sourceLocation: sourceLocation)
        #expect(feed.count == expected.count, sourceLocation: sourceLocation)
        #expect(Set(feed.map(\.id)).count == feed.count, "duplicates", sourceLocation: sourceLocation)
        #expect(feed.map(\.id) == expected.map(\.id), sourceLocation: sourceLocation)
        #expect(feed.map(\.reactions) == expected.map(\.reactions), sourceLocation: sourceLocation)
        #expect(feed.map(\.url) == expected.map(\.url) && feed.map(\.note) == expected.map(\.note), sourceLocation: sourceLocation)
        #expect(feed.map(\.unread) == expected.map(\.unread), "an interrupted first restore still restores history as read", sourceLocation: sourceLocation)
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
