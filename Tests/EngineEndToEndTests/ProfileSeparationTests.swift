import Foundation
import Testing

/// Several profiles in one home: each has its own sessions, posts and saved links, and a running
/// `linkstr watch` follows the active profile when the command line switches it.
@Suite("End to end: profiles", .timeLimit(.minutes(1)))
struct ProfileSeparationTests {
    private struct ProfileRow: Decodable {
        var name: String
        var npub: String
        var active: Bool
    }

    @Test func aPostInOneProfilesSessionNeverReachesAnotherProfile() async throws {
        let world = try await TestWorld.start("home")
        defer { world.stop() }
        let home = world.homes[0]
        let work = try home.json(ProfileRow.self, ["profile", "add", "work", "--key-store", "plain"])
        #expect(!work.active, "adding a profile keeps the active one")

        let session = try home.json(SessionMembers.self, ["session", "create", "Weekend"]).id
        let post = try home.json(SentPost.self, ["post", session, "https://example.com/private"])
        #expect(try home.run(["save", "https://example.com/saved"]).status == 0)
        #expect(try home.feed(session).map(\.id) == [post.id])

        #expect(try home.json([SessionRow].self, ["sessions", "--profile", "work"]).isEmpty)
        #expect(try home.json([SessionRow].self, ["--profile", "work", "sessions"]).isEmpty, "--profile before the subcommand")
        let unknown = try home.run(["feed", session, "--profile", "work", "--json"])
        #expect(unknown.status == 2, "\(unknown.stderr)")
        #expect(try savedCount(home, ["--profile", "work"]) == 0)
        _ = try home.json(SyncCounts.self, ["sync", "--timeout", "10", "--profile", "work"])
        #expect(try home.json([SessionRow].self, ["sessions", "--profile", "work"]).isEmpty, "the relay's wraps for another key stay unread")

        _ = try home.json(ProfileRow.self, ["profile", "use", "work"])
        #expect(try home.sessions().isEmpty)
        #expect(try home.json([String: String].self, ["account", "show"])["npub"] == work.npub)
        _ = try home.json(ProfileRow.self, ["profile", "use", "default"])
        #expect(try home.sessions().map(\.id) == [session])
        #expect(try savedCount(home) == 1)
    }

    private func savedCount(_ home: LinkstrHome, _ options: [String] = []) throws -> Int? {
        let result = try home.run(["saved", "--json"] + options)
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])?.count
    }

    @Test func aRunningWatchFollowsTheProfileMadeActiveBesideIt() async throws {
        let world = try await TestWorld.start("home")
        defer { world.stop() }
        let home = world.homes[0]
        let work = try home.json(ProfileRow.self, ["profile", "add", "work", "--key-store", "plain"])
        let bob = try world.home("bob")

        let watch = try home.startWatch()
        defer { watch.stop() }
        #expect(await eventually(within: 15) { watch.caughtUp }, "\(watch.stderr)")
        _ = try home.json(ProfileRow.self, ["profile", "use", "work"])
        #expect(await eventually(within: 15) { watch.stderr.contains("the active profile is now 'work'") }, "\(watch.stderr)")
        #expect(await eventually(within: 15) { watch.stderr.components(separatedBy: "; following new events\n").count == 3 }, "\(watch.stderr)")

        let session = try bob.json(SessionMembers.self, ["session", "create", "ForWork", "--member", work.npub]).id
        let post = try bob.json(SentPost.self, ["post", session, "https://example.com/for-work"])
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["id"] as? String == post.id } }, "\(watch.stdout)")
    }
}
