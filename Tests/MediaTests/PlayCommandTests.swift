import Foundation
import Testing
import TestSupport

/// `linkstr play SESSION POST` as a user runs it: a post of a real session (a local relay), its video
/// fetched with the set-up's yt-dlp from the local fixture server, then handed to the player found
/// on PATH (here stand-ins that record what they were given); a link without a video opens in the
/// browser (a stand-in xdg-open).
@Suite(.serialized, .timeLimit(.minutes(2))) struct PlayCommandTests {
    let server: FixtureServer
    let scratch = TestScratch()

    init() throws {
        server = try FixtureServer.start()
    }

    /// A stand-in for `program` in `scratch/bin` that writes its arguments (one a line) to a file;
    /// returns that file.
    func standIn(_ program: String) -> String {
        let bin = scratch.folder("bin")
        let record = scratch.file(program + ".args")
        scratch.write("bin/" + program, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(record)\n")
        chmod(bin + "/" + program, 0o755)
        return record
    }

    func home() async throws -> (LinkstrHome, TestRelay, String) {
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(
            scratch, "alice", relays: [relay.url], config: "[plugins.\"org.linkstr.media.generic\"]\nallow_private_addresses = \"loopback\"\n")
        let session = try alice.json(SessionMembers.self, ["session", "create", "Clips"]).id
        return (alice, relay, session)
    }

    /// `linkstr ARGUMENTS` with only `scratch/bin` on the PATH: the stand-ins, and ffmpeg and
    /// ffprobe (what yt-dlp needs) linked in, so that no player installed on the machine is found.
    func run(_ home: LinkstrHome, _ arguments: [String]) throws -> ProcessRunner.Result {
        let bin = scratch.folder("bin")
        for tool in ["ffmpeg", "ffprobe"] where !FileManager.default.fileExists(atPath: bin + "/" + tool) {
            try? FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: "/usr/bin/" + tool)
        }
        return try ProcessRunner.linkstr(arguments + ["--home", home.path], environment: ["PATH": bin], timeout: 120)
    }

    @Test func aPostsVideoIsFetchedThenPlayedWithMpvAndTheFeedSaysItIsCached() async throws {
        try #require(TestPaths.ytDlp != nil, Comment(rawValue: TestPaths.ytDlpMissing))
        defer { scratch.remove() }
        let (alice, relay, session) = try await home()
        defer { relay.process.stop() }
        let post = try alice.json(SentPost.self, ["post", "Clips", server.url("/media/clip.mp4")])
        let short = String(post.id.prefix(8))
        #expect(!(try alice.run(["feed", "Clips"]).stdout.contains("▶ cached")))

        let mpv = standIn("mpv")
        _ = standIn("vlc")
        let played = try run(alice, ["play", "Clips", short])
        #expect(played.status == 0, "\(played.stderr)")
        let file = try String(contentsOfFile: mpv, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(file.hasPrefix(alice.path + "/cache/videos/") && FileManager.default.fileExists(atPath: file), "\(file)")
        #expect(played.stderr.contains("playing with mpv: \(file)"), "\(played.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("vlc.args")), "mpv comes first")

        let feed = try alice.run(["feed", "Clips"])
        #expect(feed.stdout.contains("▶ cached · "), "\(feed.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try alice.run(["feed", session, "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(json.first?["cached_video"] as? String == file)

        // Cached now: --print gives the file at once (no download, no player).
        try FileManager.default.removeItem(atPath: mpv)
        let printed = try run(alice, ["play", "Clips", short, "--print"])
        #expect(printed.status == 0 && printed.stdout == file + "\n", "\(printed.stdout) \(printed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: mpv))
    }

    @Test func withoutMpvOrVlcXdgOpenGetsTheFileAndALinkWithoutAVideoOpensInTheBrowser() async throws {
        try #require(TestPaths.ytDlp != nil, Comment(rawValue: TestPaths.ytDlpMissing))
        defer { scratch.remove() }
        let (alice, relay, _) = try await home()
        defer { relay.process.stop() }
        let clip = try alice.json(SentPost.self, ["post", "Clips", server.url("/media/clip.mp4")])
        let page = try alice.json(SentPost.self, ["post", "Clips", server.url("/novideo.html")])
        let opened = standIn("xdg-open")

        let played = try run(alice, ["play", "Clips", String(clip.id.prefix(8))])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(try String(contentsOfFile: opened, encoding: .utf8).hasPrefix(alice.path + "/cache/videos/"))

        try FileManager.default.removeItem(atPath: opened)
        let browsed = try run(alice, ["play", "clips", String(page.id.prefix(8))])
        #expect(browsed.status == 0, "\(browsed.stderr)")
        #expect(browsed.stdout.hasPrefix("no video to extract from \(page.url) ("), "\(browsed.stdout)")
        #expect(browsed.stdout.hasSuffix("); opened it in the browser\n"))
        #expect(await eventually { (try? String(contentsOfFile: opened, encoding: .utf8)) == page.url + "\n" })

        try FileManager.default.removeItem(atPath: opened)
        let json = try run(alice, ["play", "Clips", String(page.id.prefix(8)), "--json"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(record["ok"] as? Bool == true && record["opened"] as? String == page.url, "\(json.stdout)")
        #expect(await eventually { (try? String(contentsOfFile: opened, encoding: .utf8)) == page.url + "\n" })

        let printOnly = try run(alice, ["play", "Clips", String(page.id.prefix(8)), "--print"])
        #expect(printOnly.status == 1 && printOnly.stderr.contains("cannot fetch the video of \(page.url)"), "\(printOnly.stderr)")
        let missing = try run(alice, ["play", "Clips", "deadbeef"])
        #expect(missing.status == 2 && missing.stderr.contains("no post deadbeef in session 'Clips'"), "\(missing.stderr)")
    }
}
