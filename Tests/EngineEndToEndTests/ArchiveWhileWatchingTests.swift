import Foundation
import Testing

/// Two processes on one home — `linkstr watch` running, the command line beside it — see each
/// other's changes: archiving a session from the command line while watch runs keeps it archived,
/// and watch stops notifying for it.
@Suite("End to end: archiving while watch runs", .timeLimit(.minutes(1)))
struct ArchiveWhileWatchingTests {
    @Test func anArchiveMadeBesideARunningWatchStaysAndSilencesTheSession() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let notifications = world.scratch.file("notifications.jsonl")
        let alice = try world.home("alice")
        let bob = try world.home(
            "bob",
            config: """
                notifiers = ["org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.command"]
                command = ["/bin/sh", "-c", "{ cat; echo; } >> \\"$1\\"", "notify", "\(notifications)"]

                """)
        let session = try alice.json(SessionMembers.self, ["session", "create", "Weekend", "--member", bob.npub]).id
        _ = try alice.json(SentPost.self, ["post", session, "https://example.com/one"])
        _ = try bob.sync()

        let watch = try bob.startWatch()
        defer { watch.stop() }
        #expect(await eventually(within: 15) { watch.caughtUp }, "\(watch.stderr)")
        let second = try alice.json(SentPost.self, ["post", session, "https://example.com/two"])
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["id"] as? String == second.id } }, "\(watch.stdout)")
        #expect(await eventually { notificationLines(notifications).count == 1 })

        try bob.ok(["session", "archive", session])
        let third = try alice.json(SentPost.self, ["post", session, "https://example.com/three"])
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["id"] as? String == third.id } }, "\(watch.stdout)")

        let archived = try bob.json([SessionRow].self, ["sessions", "--archived"])
        #expect(archived.map(\.id) == [session], "watch wrote its stale copy of the session back")
        #expect(try bob.sessions().isEmpty)
        #expect(notificationLines(notifications).count == 1, "an archived session notifies nothing")
    }

    private func notificationLines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
