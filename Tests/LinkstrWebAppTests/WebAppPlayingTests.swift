import Foundation
import PluginTesting
import TestSupport
import Testing

/// Playing in the app, in headless Chromium where no host name resolves but 127.0.0.1: a provider's
/// player is requested only after "Play" is clicked; "Save for offline" extracts a local MP4 (made
/// with ffmpeg, served on 127.0.0.1) with live progress, and the `<video>` plays it from the app with
/// byte ranges (it advances after a seek; the page's own requests check 200/206/416 and
/// Content-Range); a thumbnail comes from the local cache; "Play" without JavaScript is a page with
/// the player, and the feed itself frames nothing.
@Suite(.timeLimit(.minutes(3))) struct WebAppPlayingTests {
    @Test(.needsChromium)
    func embedsWaitForTheClickAndSavedVideosPlayFromTheCache() async throws {
        let world = try await TestWorld.start(
            "alice",
            config: """
                [plugins."org.linkstr.media.generic"]
                allow_private_addresses = "loopback"
                ytdlp = "\(ExternalProcess.packageRoot)/.venv/bin/yt-dlp"

                """)
        defer { world.stop() }
        let alice = world.homes[0]
        let site = world.scratch.folder("site")
        for arguments in [
            ["-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-t", "8", "-c:v", "libx264", "-b:v", "1M", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
             site + "/clip.mp4"],
            ["-f", "lavfi", "-i", "testsrc=size=320x180", "-frames:v", "1", site + "/thumb.jpg"],
        ] {
            let encoded = try ProcessRunner.run("/usr/bin/env", ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + arguments, timeout: 60)
            try #require(encoded.status == 0, "ffmpeg: \(encoded.stderr)")
        }
        let server = try await StaticSite.serve(site)
        defer { server.process.stop() }
        world.scratch.write(
            "site/page.html",
            "<html><head><title>A page</title><meta property=\"og:title\" content=\"A page with a picture\"><meta property=\"og:image\" content=\"\(server.url("thumb.jpg"))\"></head><body>hi</body></html>")
        let session = try alice.createSession("Videos")
        // A link whose title and thumbnail are fetched (by the command line) before the app opens.
        let posted = try alice.run(["post", session, server.url("page.html")])
        try #require(posted.status == 0, "\(posted.stderr)")
        let titled = try alice.run(["feed", session, "--titles"])
        try #require(titled.status == 0 && FileManager.default.fileExists(atPath: alice.path + "/cache/thumbnails"), "\(titled.stdout)\(titled.stderr)")

        let app = try await world.app(alice)
        let seen = try world.drive("webapp_playing.py", ["--app", app.url, "--session", session, "--clip", server.url("clip.mp4")])
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["frames_before_click"] as? Int == 0, "\(context)")
        #expect(seen["provider_requests_before_click"] as? [String] == [], "a provider was contacted before the click: \(context)")
        #expect(seen["embed_link"] as? String == "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0", "\(context)")
        #expect(seen["frame_src_after_click"] as? String == seen["embed_link"] as? String, "\(context)")
        #expect((seen["provider_requests_after_click"] as? [String])?.contains { $0.hasPrefix("https://www.youtube.com/embed/") } == true, "\(context)")
        #expect(seen["csp_refusals"] as? [String] == [], "\(context)")
        #expect(seen["thumbnail_src_is_the_apps"] as? Bool == true, "\(context)")
        #expect((seen["thumbnail_width"] as? Int ?? 0) > 0, "the cached thumbnail did not load: \(context)")
        #expect((seen["progress_events"] as? Int ?? 0) > 0, "no live progress while saving: \(context)")
        #expect(seen["video_shown_live"] as? Bool == true, "\(context)")
        #expect(seen["video_kept_page"] as? Bool == true, "the page was reloaded instead of updated: \(context)")
        #expect(seen["video_error"] is NSNull, "\(context)")
        #expect((seen["current_time_after_seek"] as? Double ?? 0) > 4.0, "the video did not play on after a seek to 4 s: \(context)")
        // Status, Content-Range (or whether it is right), bytes received.
        #expect(Self.list(seen["whole"]) == "200 1", "\(context)")
        #expect(Self.list(seen["first_100"]) == "206 bytes 0-99/\(try cachedSize(alice, session)) 100", "\(context)")
        #expect(Self.list(seen["last_10"]) == "206 1 10", "\(context)")
        #expect(Self.list(seen["beyond_the_end"]) == "416 1", "\(context)")
        #expect(seen["player_page_frames"] as? Bool == true, "\(context)")
        #expect(seen["feed_page_frames"] as? Bool == false, "the feed frames a provider before a click: \(context)")
        #expect(seen["other_requests"] as? [String] == [], "a request left the machine: \(context)")
    }

    private static func list(_ value: Any?) -> String {
        (value as? [Any])?.map { "\($0)" }.joined(separator: " ") ?? "\(value ?? "nothing")"
    }

    /// The size of the session's one cached video, as the command line sees it.
    private func cachedSize(_ home: LinkstrHome, _ session: String) throws -> Int {
        let posts = try home.json([FeedEntry].self, ["feed", session])
        let file = try #require(posts.compactMap(\.cachedVideo).first, "no cached video: \(posts)")
        return try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    }

    /// What `linkstr feed --json` says of a post, as far as this test reads it.
    struct FeedEntry: Decodable {
        var id: String
        var url: String
        var cachedVideo: String?

        enum CodingKeys: String, CodingKey {
            case id, url
            case cachedVideo = "cached_video"
        }
    }
}
