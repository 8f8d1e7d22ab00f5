import LinkstrMediaKit
import Testing

/// Classification against a table of URLs: the iPhone app's provider cases plus ours.
/// Each row is (input, provider, mode, canonical URL, embed URL or nil).
struct ClassificationTableTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var url: String
        var provider: MediaProvider
        var mode: MediaLinkMode
        var canonical: String
        var embed: String?

        init(_ url: String, _ provider: MediaProvider, _ mode: MediaLinkMode, _ canonical: String, _ embed: String? = nil) {
            self.url = url
            self.provider = provider
            self.mode = mode
            self.canonical = canonical
            self.embed = embed
        }

        var testDescription: String { url }
    }

    static let tiktok: [Row] = [
        Row("https://www.tiktok.com/@acct/video/7596114833477537054", .tiktok, .extraction,
            "https://www.tiktok.com/@acct/video/7596114833477537054", "https://www.tiktok.com/embed/v2/7596114833477537054"),
        Row("https://www.tiktok.com/@acct/video/7596114833477537054?is_from_webapp=1&sender_device=pc&utm_source=x", .tiktok,
            .extraction, "https://www.tiktok.com/@acct/video/7596114833477537054",
            "https://www.tiktok.com/embed/v2/7596114833477537054"),
        Row("https://m.tiktok.com/v/7596114833477537054.html", .tiktok, .extraction,
            "https://www.tiktok.com/@_/video/7596114833477537054", "https://www.tiktok.com/embed/v2/7596114833477537054"),
        Row("https://vm.tiktok.com/ZMabc123/", .tiktok, .extraction, "https://vm.tiktok.com/ZMabc123/", "https://vm.tiktok.com/ZMabc123/"),
        Row("https://vt.tiktok.com/ZSxyz/?share=1", .tiktok, .extraction, "https://vt.tiktok.com/ZSxyz/", "https://vt.tiktok.com/ZSxyz/"),
        // A `video` segment in another case makes it a video, but only exactly `video` yields the embed id.
        Row("https://www.tiktok.com/@acct/VIDEO/7596114833477537054", .tiktok, .extraction,
            "https://www.tiktok.com/@acct/VIDEO/7596114833477537054", "https://www.tiktok.com/@acct/VIDEO/7596114833477537054"),
        Row("https://www.tiktok.com/share/video?aweme_id=7596114833477537054", .tiktok, .extraction,
            "https://www.tiktok.com/@_/video/7596114833477537054", "https://www.tiktok.com/embed/v2/7596114833477537054"),
        Row("https://www.tiktok.com/@acct", .tiktok, .link, "https://www.tiktok.com/@acct"),
        Row("https://www.tiktok.com/t/ZTabc/", .tiktok, .link, "https://www.tiktok.com/t/ZTabc/"),
        Row("https://www.tiktok.com/@acct/photo/7596114833477537054", .tiktok, .link,
            "https://www.tiktok.com/@acct/photo/7596114833477537054"),
        Row("https://reallytiktok.com/@acct/video/7596114833477537054", .generic, .link,
            "https://reallytiktok.com/@acct/video/7596114833477537054"),
    ]

    static let instagram: [Row] = [
        Row("https://www.instagram.com/reel/C9abcDEF12/", .instagram, .extraction, "https://www.instagram.com/reel/C9abcDEF12/",
            "https://www.instagram.com/reel/C9abcDEF12/embed"),
        Row("https://www.instagram.com/reels/C9abcDEF12/?igsh=MWQ1ZGUxMzBkMA==", .instagram, .extraction,
            "https://www.instagram.com/reel/C9abcDEF12/", "https://www.instagram.com/reels/C9abcDEF12/embed"),
        Row("https://m.instagram.com/reel/C9abcDEF12", .instagram, .extraction, "https://www.instagram.com/reel/C9abcDEF12/",
            "https://www.instagram.com/reel/C9abcDEF12/embed"),
        Row("https://www.instagram.com/share/reel/BAabc12345/", .instagram, .extraction,
            "https://www.instagram.com/share/reel/BAabc12345/", "https://www.instagram.com/reel/BAabc12345/embed"),
        Row("https://www.instagram.com/p/CxYz123AbC/?utm_source=ig_web_copy_link", .instagram, .embed,
            "https://www.instagram.com/p/CxYz123AbC/", "https://www.instagram.com/p/CxYz123AbC/embed"),
        Row("https://instagr.am/tv/CxYz123AbC", .instagram, .embed, "https://www.instagram.com/tv/CxYz123AbC/",
            "https://www.instagram.com/tv/CxYz123AbC/embed"),
        Row("https://www.instagram.com/someuser/p/CxYz123AbC/", .instagram, .embed, "https://www.instagram.com/p/CxYz123AbC/",
            "https://www.instagram.com/p/CxYz123AbC/embed"),
        Row("https://www.instagram.com/reel/abc/", .instagram, .link, "https://www.instagram.com/reel/abc/"),
        Row("https://www.instagram.com/someuser/", .instagram, .link, "https://www.instagram.com/someuser/"),
        Row("https://www.instagram.com/stories/someuser/3312345678901234567/", .instagram, .link,
            "https://www.instagram.com/stories/someuser/3312345678901234567/"),
        Row("https://instagram.com.evil.com/reel/C9abcDEF12/", .generic, .link, "https://instagram.com.evil.com/reel/C9abcDEF12/"),
    ]

    static let facebook: [Row] = [
        Row("https://www.facebook.com/reel/1234567890123456", .facebook, .extraction, "https://www.facebook.com/reel/1234567890123456/",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Freel%2F1234567890123456%2F&show_text=false&width=540&height=960&autoplay=false"),
        Row("https://m.facebook.com/reel/1234567890123456/?mibextid=abc&fbclid=IwAR0", .facebook, .extraction,
            "https://www.facebook.com/reel/1234567890123456/",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Freel%2F1234567890123456%2F&show_text=false&width=540&height=960&autoplay=false"),
        Row("https://www.facebook.com/share/r/1AbCdEfG/", .facebook, .extraction, "https://www.facebook.com/share/r/1AbCdEfG/",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fshare%2Fr%2F1AbCdEfG%2F&show_text=false&width=540&height=960&autoplay=false"),
        Row("https://www.facebook.com/somepage/videos/987654321012345/", .facebook, .embed,
            "https://www.facebook.com/watch/?v=987654321012345",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D987654321012345&show_text=false&width=560&height=315&autoplay=false"),
        Row("https://m.facebook.com/watch/?v=987654321012345&ref=sharing", .facebook, .embed,
            "https://www.facebook.com/watch/?v=987654321012345",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D987654321012345&show_text=false&width=560&height=315&autoplay=false"),
        Row("https://www.facebook.com/share/v/1XyZ/", .facebook, .embed, "https://www.facebook.com/share/v/1XyZ/",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fshare%2Fv%2F1XyZ%2F&show_text=false&width=560&height=315&autoplay=false"),
        Row("https://fb.watch/abcDEF123/", .facebook, .embed, "https://fb.watch/abcDEF123/",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Ffb.watch%2FabcDEF123%2F&show_text=false&width=560&height=315&autoplay=false"),
        Row("https://www.facebook.com/story.php?story_fbid=123&id=456&rdid=zz", .facebook, .embed,
            "https://www.facebook.com/story.php?story_fbid=123&id=456",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fstory.php%3Fstory_fbid%3D123%26id%3D456&show_text=false&width=560&height=315&autoplay=false"),
        Row("https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D1&v=1", .facebook, .embed,
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D1&v=1",
            "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D1&v=1"),
        Row("https://www.facebook.com/share/p/1AbCdEfG/", .facebook, .link, "https://www.facebook.com/share/p/1AbCdEfG/"),
        Row("https://m.facebook.com/zuck?ref=bookmarks", .facebook, .link, "https://www.facebook.com/zuck"),
        Row("https://notfacebook.com/reel/1234567890", .generic, .link, "https://notfacebook.com/reel/1234567890"),
    ]

    static let youtube: [Row] = [
        Row("https://www.youtube.com/watch?v=dQw4w9WgXcQ", .youtube, .embed, "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0"),
        Row("https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&si=abcdef&t=1m30s", .youtube, .embed,
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90", "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0&start=90"),
        Row("https://youtu.be/dQw4w9WgXcQ?si=Xyz123&t=42", .youtube, .embed, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0&start=42"),
        Row("https://www.youtube.com/shorts/abcdefghijk", .youtube, .embed, "https://www.youtube.com/shorts/abcdefghijk",
            "https://www.youtube.com/embed/abcdefghijk?playsinline=1&rel=0"),
        Row("https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1", .youtube, .embed, "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0"),
        Row("https://www.youtube.com/live/jfKfPfyJRdk", .youtube, .embed, "https://www.youtube.com/watch?v=jfKfPfyJRdk",
            "https://www.youtube.com/embed/jfKfPfyJRdk?playsinline=1&rel=0"),
        Row("https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM", .youtube, .embed, "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0"),
        Row("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", .youtube, .embed, "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0"),
        // Not videos: the iPhone app embeds these anyway; linkstr opens them as links.
        Row("https://www.youtube.com/@LinusTechTips", .youtube, .link, "https://www.youtube.com/@LinusTechTips"),
        Row("https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw?si=z", .youtube, .link,
            "https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw"),
        Row("https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs&si=q", .youtube, .link,
            "https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs"),
        Row("https://www.youtube.com/", .youtube, .link, "https://www.youtube.com/"),
        Row("https://www.youtube.com/watch?v=short", .youtube, .link, "https://www.youtube.com/watch"),
        Row("https://youtube.com.evil.org/watch?v=dQw4w9WgXcQ", .generic, .link, "https://youtube.com.evil.org/watch?v=dQw4w9WgXcQ"),
    ]

    static let rumble: [Row] = [
        Row("https://rumble.com/v4abc12-some-title.html", .rumble, .embed, "https://rumble.com/v4abc12-some-title.html",
            "https://rumble.com/embed/v4abc12/"),
        Row("https://rumble.com/v4abc12-some-title.html?e9s=src_v1_ucp", .rumble, .embed, "https://rumble.com/v4abc12-some-title.html",
            "https://rumble.com/embed/v4abc12/"),
        Row("https://rumble.com/embed/v2xyz9/?pub=4", .rumble, .embed, "https://rumble.com/embed/v2xyz9/", "https://rumble.com/embed/v2xyz9/"),
        Row("https://rumble.com/c/SomeChannel", .rumble, .link, "https://rumble.com/c/SomeChannel"),
        Row("https://rumble.com", .rumble, .link, "https://rumble.com"),
    ]

    static let twitter: [Row] = [
        Row("https://x.com/someone/status/1876543210987654321", .twitter, .extraction, "https://x.com/i/status/1876543210987654321",
            "https://x.com/i/status/1876543210987654321"),
        Row("https://twitter.com/someone/status/1876543210987654321?s=20&t=abc", .twitter, .extraction,
            "https://x.com/i/status/1876543210987654321", "https://x.com/i/status/1876543210987654321"),
        Row("https://mobile.twitter.com/someone/status/1876543210987654321/video/1", .twitter, .extraction,
            "https://x.com/i/status/1876543210987654321", "https://x.com/i/status/1876543210987654321"),
        Row("https://fixupx.com/someone/status/1876543210987654321", .twitter, .extraction, "https://x.com/i/status/1876543210987654321",
            "https://x.com/i/status/1876543210987654321"),
        Row("https://vxtwitter.com/i/web/status/1876543210987654321", .twitter, .extraction,
            "https://x.com/i/status/1876543210987654321", "https://x.com/i/status/1876543210987654321"),
        Row("https://x.com/someone", .twitter, .link, "https://x.com/someone"),
        Row("https://x.com/someone/status/notanumber", .twitter, .link, "https://x.com/someone/status/notanumber"),
        Row("https://twitter.com.evil.org/someone/status/1876543210987654321", .generic, .link,
            "https://twitter.com.evil.org/someone/status/1876543210987654321"),
    ]

    static let generic: [Row] = [
        Row("https://example.com/path?q=1", .generic, .link, "https://example.com/path?q=1"),
        Row("http://example.com", .generic, .link, "http://example.com"),
        Row("HTTPS://Example.COM:443/Path?utm_source=a&b=2&fbclid=x&UTM_Medium=m#frag", .generic, .link,
            "https://example.com/Path?b=2#frag"),
        Row("http://example.com:8080/a?gclid=1", .generic, .link, "http://example.com:8080/a"),
        Row("https://[::1]:8443/x", .generic, .link, "https://[::1]:8443/x"),
        Row("https://player.vimeo.com/video/76979871", .generic, .link, "https://player.vimeo.com/video/76979871"),
        Row("  https://example.com/tab\t", .generic, .link, "https://example.com/tab"),
        Row("https://.www.tiktok.com./@acct", .tiktok, .link, "https://www.tiktok.com/@acct"),
    ]

    @Test(arguments: tiktok + instagram + facebook + youtube + rumble + twitter + generic)
    func classifies(_ row: Row) throws {
        let result = try #require(MediaClassifier.classify(row.url), "no provider claimed \(row.url)")
        #expect(result.provider == row.provider)
        #expect(result.mode == row.mode)
        #expect(result.canonicalURL == row.canonical)
        #expect(result.embedURL == row.embed)
    }

    @Test(arguments: [
        "javascript:alert('xss')", "file:///etc/passwd", "ftp://example.com/video.mp4", "-https://example.com", "https://",
        "https:///path", "https://example.com:abc/", "not-a-url", "", "mailto:test@example.com", "data:text/html,hi",
    ])
    func rejectsWhatIsNotAnHTTPURL(_ url: String) {
        #expect(MediaClassifier.classify(url) == nil)
    }

    @Test func namedPluginLeavesOtherLinksToTheGenericOne() throws {
        #expect(MediaClassifier.classify("https://example.com/", providers: .named) == nil)
        let named = try #require(MediaClassifier.classify("https://youtu.be/dQw4w9WgXcQ", providers: .named))
        #expect(named.provider == .youtube)
        let generic = try #require(MediaClassifier.classify("https://youtu.be/dQw4w9WgXcQ", providers: .generic))
        #expect(generic.provider == .generic)
        #expect(generic.embedURL == nil)
    }

    @Test func tooLongURLsAreReportedNotTruncated() {
        let url = "https://example.com/" + String(repeating: "a", count: 3000)
        #expect(MediaClassifier.classify(url) == nil)
        let fits = "https://example.com/" + String(repeating: "a", count: 2000)
        #expect(MediaClassifier.classify(fits)?.canonicalURL == fits)
    }
}
