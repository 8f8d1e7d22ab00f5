import Foundation
import Testing

@testable import LinkstrMediaKit

/// The pure rules of runtime resolution (Facebook share links, Rumble's oEmbed player, X posts), without the network.
struct ResolutionRulesTests {
    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test(arguments: [
        ("https://www.facebook.com/share/r/1AbC/", true), ("https://m.facebook.com/SHARE/v/123/", true),
        ("https://fb.com/share/p/x/", true), ("https://www.facebook.com/reel/123/", false),
        ("https://notfacebook.com/share/r/1AbC/", false), ("https://www.facebook.com/someone/share/", false),
    ])
    func shareLinks(_ text: String, _ expected: Bool) throws {
        #expect(FacebookShareRules.isShareLink(try url(text)) == expected, "\(text)")
    }

    @Test(arguments: [
        // …/reel/<id> → the reel URL, id lowercased, on any Facebook host, query dropped.
        ("https://www.facebook.com/reel/ABCdef123/?mibextid=wwXIfr", "https://www.facebook.com/reel/abcdef123/"),
        ("https://m.facebook.com/someone/reel/987/", "https://www.facebook.com/reel/987/"),
        // /watch?v=<v> → the watch URL.
        ("https://www.facebook.com/watch?v=9876543210&rdid=abc", "https://www.facebook.com/watch/?v=9876543210"),
        ("https://www.facebook.com/watch/?V=42", "https://www.facebook.com/watch/?v=42"),
        // …/videos/<id> → the watch URL.
        ("https://m.facebook.com/somepage/videos/1234567890/?s=share", "https://www.facebook.com/watch/?v=1234567890"),
        // /login…?next=<url> → the rule applied to next, also nested and for login.php.
        ("https://www.facebook.com/login/?next=https%3A%2F%2Fwww.facebook.com%2Freel%2F55555%2F", "https://www.facebook.com/reel/55555/"),
        (
            "https://www.facebook.com/login/?next=" + "https://www.facebook.com/login.php?next=https%3A%2F%2Fwww.facebook.com%2Fp%2Fvideos%2F77%2F"
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
            "https://www.facebook.com/watch/?v=77"
        ),
    ])
    func candidatesBecomeCanonical(_ candidate: String, _ canonical: String) throws {
        #expect(FacebookShareRules.canonical(from: try url(candidate)) == canonical, "\(candidate)")
    }

    @Test(arguments: [
        "https://www.facebook.com/someone/", "https://www.facebook.com/watch/", "https://www.facebook.com/login/?next=https%3A%2F%2Fexample.com%2F",
        "https://www.facebook.com/login/", "https://www.instagram.com/reel/ABC123/", "https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com",
        "https://www.facebook.com/reel/a%22b/",
    ])
    func candidatesThatNameNothing(_ candidate: String) throws {
        #expect(FacebookShareRules.canonical(from: try url(candidate)) == nil, "\(candidate)")
    }

    @Test func loginRecursionIsBounded() throws {
        var link = "https://www.facebook.com/reel/1/"
        for _ in 0..<8 { link = "https://www.facebook.com/login/?next=" + link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        #expect(FacebookShareRules.canonical(from: try url(link)) == nil)
    }

    @Test(arguments: [
        ("https://www.facebook.com/share/r/Tok3nXyZ/", "https://www.facebook.com/reel/Tok3nXyZ/"),
        ("https://www.facebook.com/share/reel/Tok3n/", "https://www.facebook.com/reel/Tok3n/"),
        ("https://www.facebook.com/share/v/123456789/", "https://www.facebook.com/watch/?v=123456789"),
        ("https://www.facebook.com/share/v/AbcVideo/", "https://www.facebook.com/reel/AbcVideo/"),
    ])
    func pathFallbacks(_ share: String, _ canonical: String) throws {
        #expect(FacebookShareRules.pathFallback(try url(share)) == canonical)
    }

    @Test(arguments: ["https://www.facebook.com/share/p/1AbC/", "https://www.facebook.com/share/r/", "https://www.facebook.com/share/"])
    func noPathFallback(_ share: String) throws {
        #expect(FacebookShareRules.pathFallback(try url(share)) == nil)
    }

    @Test func ogURLInEitherAttributeOrderAndAnyCase() {
        let swapped = #"<head><meta content="https://www.facebook.com/watch/?ref=sharing&amp;v=222" property="og:url"></head>"#
        #expect(CanonicalLinkScanner.find(in: swapped) == "https://www.facebook.com/watch/?ref=sharing&v=222")
        let upper = #"<HEAD><META PROPERTY="OG:URL" CONTENT='https://www.facebook.com/reel/7/'></HEAD>"#
        #expect(CanonicalLinkScanner.find(in: upper) == "https://www.facebook.com/reel/7/")
    }

    @Test func ogURLWinsOverCanonicalWhereverItIs() {
        let html = #"<head><link rel="canonical" href="/first"><title>x</title><meta property="og:url" content="/second"></head>"#
        #expect(CanonicalLinkScanner.find(in: html) == "/second")
        #expect(CanonicalLinkScanner.find(in: #"<link href="/only" rel="canonical">"#) == "/only")
        #expect(CanonicalLinkScanner.find(in: #"<script>'<meta property="og:url" content="/fake">'</script><!-- <link rel=canonical href=/c> -->"#) == nil)
    }

    @Test func candidatesAreUnescapedAndResolvedAgainstTheShareLink() throws {
        let share = try url("https://www.facebook.com/share/r/x/")
        #expect(FacebookShareRules.candidate(#"https:\/\/www.facebook.com\/reel\/777\/"#, base: share)?.absoluteString == "https://www.facebook.com/reel/777/")
        #expect(FacebookShareRules.candidate("/watch/?a=1&amp;v=5", base: share)?.absoluteString == "https://www.facebook.com/watch/?a=1&v=5")
        #expect(FacebookShareRules.candidate("javascript:alert(1)", base: share) == nil)
    }

    private func oEmbed(_ html: String) -> [UInt8] {
        let data = try! JSONSerialization.data(withJSONObject: ["type": "video", "html": html])
        return Array(data)
    }

    @Test(arguments: [
        (#"<iframe src="https://rumble.com/embed/v5xyz/?pub=4&amp;a=1"></iframe>"#, "https://rumble.com/embed/v5xyz/?pub=4&a=1"),
        (#"<IFRAME width=640 SRC='https://www.rumble.com/embed/v1/'></IFRAME>"#, "https://www.rumble.com/embed/v1/"),
        (#"<iframe src="https://rumble.video/embed/v2/"></iframe>"#, "https://rumble.video/embed/v2/"),
    ])
    func rumbleIframesOnRumbleHosts(_ html: String, _ expected: String) {
        #expect(RumbleEmbed.iframeURL(fromOEmbed: oEmbed(html)) == expected)
    }

    @Test(arguments: [
        #"<iframe src="https://rumble.com.evil.example/embed/v5/"></iframe>"#, #"<iframe src="https://notrumble.com/embed/v5/"></iframe>"#,
        #"<iframe src="javascript:alert(1)"></iframe>"#, #"<div>no iframe</div>"#,
        #"<iframe src="https://evil.example/x"></iframe><iframe src="https://rumble.com/embed/v5/"></iframe>"#,
    ])
    func otherIframesAreRefused(_ html: String) {
        #expect(RumbleEmbed.iframeURL(fromOEmbed: oEmbed(html)) == nil, "\(html)")
    }

    @Test func twitterSummaryEntriesAndCandidates() {
        let vx = #"""
            {"tweet":{"media":{"all":[],"videos":[{"type":"video","url":"https://video.twimg.com/ext_tw_video/1/a.mp4",
            "variants":[{"url":"http://video.twimg.com/b.mp4"},{"url":"https://video.twimg.com/ext_tw_video/1/a.mp4"},
            {"url":"https://example.com/page.html"},{"url":"https://video.twimg.com/ext_tw_video/1/c.m3u8"}],
            "formats":[{"url":"https://video.twimg.com/amplify_video/1/d.mp4"}]}]}}}
            """#
        let summary = TwitterMediaSummary.parse(Array(vx.utf8))
        #expect(summary?.hasVideo == true)
        #expect(
            summary?.videoURLs == [
                "https://video.twimg.com/ext_tw_video/1/a.mp4", "https://video.twimg.com/amplify_video/1/d.mp4",
                "https://video.twimg.com/ext_tw_video/1/c.m3u8",
            ])
        let gif = TwitterMediaSummary.parse(Array(#"{"tweet":{"media":{"video":{"type":"animated_gif"}}}}"#.utf8))
        #expect(gif == TwitterMediaSummary(hasVideo: true, videoURLs: []))
        let photo = TwitterMediaSummary.parse(Array(#"{"tweet":{"media":{"media":[{"type":"photo","url":"https://pbs.twimg.com/a.jpg"}]}}}"#.utf8))
        #expect(photo == .empty)
        #expect(TwitterMediaSummary.parse(Array("not json".utf8)) == nil)
    }

    @Test func settingsFromConfiguration() throws {
        let values = [
            "facebook_resolve_base": "http://127.0.0.1:9", "twitter_summary_endpoints": #"["http://127.0.0.1:9/s/{id}"]"#,
        ]
        var warnings: [String] = []
        let settings = ResolutionSettings(value: { values[$0] }, oEmbedEndpoints: [.twitter: "http://127.0.0.1:9/o"]) { warnings.append($0) }
        #expect(warnings.isEmpty)
        #expect(settings.twitterSummaries == ["http://127.0.0.1:9/s/{id}"] && settings.twitterOEmbed == "http://127.0.0.1:9/o")
        #expect(settings.rumbleOEmbed == "https://rumble.com/api/Media/oembed.json")
        let request = settings.facebookRequestURL(for: try url("https://user@m.facebook.com:8443/share/r/abc/?x=1"))
        #expect(request?.absoluteString == "http://127.0.0.1:9/share/r/abc/?x=1")

        let bad = ResolutionSettings(value: { ["facebook_resolve_base": "ftp://x", "twitter_summary_endpoints": "[1]"][$0] }, oEmbedEndpoints: [:]) {
            warnings.append($0)
        }
        #expect(bad == ResolutionSettings() && warnings.count == 2, "\(warnings)")
    }
}
