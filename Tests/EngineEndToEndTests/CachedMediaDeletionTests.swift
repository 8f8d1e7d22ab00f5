import Foundation
import Testing

/// What a user deletes leaves no cached media behind: a deleted post's video goes once no other post
/// shares its link, and clearing the account's data removes the whole media cache and its key.
@Suite("End to end: deleted posts and a cleared account leave no cached media", .timeLimit(.minutes(2)))
struct CachedMediaDeletionTests {
    @Test("a deleted post's video goes when no other post shares its link; logout --clear-data removes the media cache")
    func deletedPostsAndAClearedAccountLeaveNoCachedMedia() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let site = scratch.folder("site")
        let encoded = try ProcessRunner.run(
            "/usr/bin/env", ["ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-t", "1",
                             "-pix_fmt", "yuv420p", site + "/clip.mp4"], timeout: 30)
        try #require(encoded.status == 0, "ffmpeg: \(encoded.stderr)")
        let server = try await StaticSite.serve(site)
        defer { server.process.stop() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(
            scratch, "alice", relays: [relay.url],
            config: """
                [plugins."org.linkstr.media.generic"]
                allow_private_addresses = "loopback"
                ytdlp = "\(ExternalProcess.packageRoot)/.venv/bin/yt-dlp"

                """)
        let link = server.url("clip.mp4")
        let videos = try alice.json(SessionMembers.self, ["session", "create", "Videos"]).id
        let others = try alice.json(SessionMembers.self, ["session", "create", "Others"]).id
        let first = try alice.json(SentPost.self, ["post", videos, link])
        let second = try alice.json(SentPost.self, ["post", others, link])
        let video = try alice.json(FetchedVideo.self, ["media", "fetch", link])
        #expect(FileManager.default.fileExists(atPath: video.path))

        #expect(try alice.run(["delete", videos, first.id]).status == 0)
        #expect(FileManager.default.fileExists(atPath: video.path), "another post shares the link")
        #expect(try alice.run(["delete", others, second.id]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: video.path), "no post refers to the link any more")

        let again = try alice.json(FetchedVideo.self, ["media", "fetch", link])
        #expect(FileManager.default.fileExists(atPath: again.path))
        try alice.ok(["account", "logout", "--clear-data", "--yes"])
        #expect(!FileManager.default.fileExists(atPath: again.path))
        #expect(!FileManager.default.fileExists(atPath: alice.path + "/cache/videos"))
        #expect(!FileManager.default.fileExists(atPath: alice.path + "/data/media-cache.key"))
    }
}
