import Foundation
import PluginTesting
import Testing

/// `linkstr sync` into PostgreSQL while the server restarts: the sync either reconnects or fails
/// saying so, and one more sync ends with every post exactly once. Left out with
/// `LINKSTR_TEST_POSTGRESQL=off`.
@Suite(
    "End to end: PostgreSQL restarted during a sync", .timeLimit(.minutes(1)),
    .enabled(if: ProcessInfo.processInfo.environment["LINKSTR_TEST_POSTGRESQL"] != "off"))
struct PostgreSQLRestartTests {
    static let posts = 1_000
    static let serverScript = ExternalProcess.packageRoot + "/Tests/Support/pg-test-server.sh"

    @Test("the server restarted every 300 ms while `sync` ingests 1 000 posts: nothing lost, nothing twice, and the sync says what happened")
    func restartedDuringSync() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // Outside the build folder: the server runs as the postgres user, who must reach its folder.
        let serverFolder = "/tmp/linkstr-pg-\(getpid())-\(UUID().uuidString.prefix(8))"
        let url = try await Self.server(["start", serverFolder, "\(getpid())"]).last ?? ""
        defer { _ = try? ExternalProcess(executable: "/bin/sh", [Self.serverScript, "stop", serverFolder]).process.waitUntilExit() }
        #expect(url.hasPrefix("postgresql://"))

        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let me = try LinkstrHome.create(
            scratch, "me", relays: [relay.url],
            config: "storage = \"org.linkstr.storage.postgresql\"\n[plugins.\"org.linkstr.storage.postgresql\"]\nurl = \"\(url)\"\n")
        let peer = Peer.generate()
        let session = IPhone.token()
        let start = Int64(Date().timeIntervalSince1970) - 10_000
        var messages = [peer.message(
            IPhone.sessionCreate(session, name: "Restarts", members: [peer.pubkey, me.pubkey], at: start), to: [me.pubkey], at: start,
            ["wrap_created_at": start + 10_000])]
        for index in 0..<Self.posts {
            let time = start + 1 + Int64(index)
            messages.append(peer.message(IPhone.root(session, url: "https://example.com/\(index)", at: time), to: [me.pubkey], at: time))
        }
        try await PeerScript.send(messages, relay: relay.url, scratch: scratch)

        let sync = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["sync", "--json", "--timeout", "10", "--home", me.path],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSHomeDirectory()])
        var restarts = 0
        while sync.process.isRunning, restarts < 5 {
            try await Task.sleep(for: .milliseconds(300))
            guard sync.process.isRunning else { break }
            _ = try await Self.server(["restart", serverFolder])
            restarts += 1
        }
        #expect(restarts > 0, "the sync ended before the first restart")
        do {
            let lines = try await sync.finish(timeout: .seconds(40))
            // It reconnected: the warning says so.
            #expect(sync.stderr.contains("reconnect"), "\(lines) \(sync.stderr)")
        } catch {
            // It gave up: one sentence naming the storage problem, on stderr.
            #expect(sync.process.terminationStatus == 4, "\(error)")
            #expect(sync.stderr.hasPrefix("linkstr: ") && sync.stderr.contains("127.0.0.1"), "\(sync.stderr)")
        }

        let resumed = try me.sync()
        #expect(resumed.rejected == 0)
        let feed = try me.feed(session)
        #expect(feed.count == Self.posts)
        #expect(Set(feed.map(\.id)).count == feed.count, "duplicates")
        #expect(Set(feed.map(\.url)) == Set((0..<Self.posts).map { "https://example.com/\($0)" }))
    }

    /// Runs pg-test-server.sh; its output lines.
    private static func server(_ arguments: [String]) async throws -> [String] {
        try await ExternalProcess(executable: "/bin/sh", [serverScript] + arguments).finish(timeout: .seconds(40))
    }
}
