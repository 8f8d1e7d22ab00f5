import LinkstrEngine
import Testing

/// The web-URL rule, against the iPhone app's table of accepted and refused links (docs/wire-compatibility.md, 3. Payloads).
@Suite struct WebURLTests {
    @Test(arguments: [
        (" https://example.com/path?q=1 ", "https://example.com/path?q=1"),
        ("http://example.com", "http://example.com"),
        ("HTTPS://Example.COM/Path", "HTTPS://Example.COM/Path"),
        ("https://example.com/path#frag", "https://example.com/path#frag"),
        ("https://user:pw@example.com:8443/p", "https://user:pw@example.com:8443/p"),
        ("https://[::1]:8080/", "https://[::1]:8080/"),
        ("https://example.com/a b", "https://example.com/a%20b"),
        ("https://example.com/é", "https://example.com/%C3%A9"),
        ("https://bücher.de/x", "https://xn--bcher-kva.de/x"),
        ("https://example.com/?q={a}", "https://example.com/?q=%7Ba%7D"),
        ("https://example.com/%zz", "https://example.com/%25zz"),
        ("\thttps://example.com/tab\t", "https://example.com/tab"),
    ])
    func normalizes(_ input: String, _ expected: String) throws {
        #expect(try WebURL.normalize(input) == expected)
    }

    @Test(arguments: [
        "ftp://example.com/file", "mailto:test@example.com", "https://", "not-a-url", "", "javascript:alert('xss')",
        "example.com", "www.example.com/path", "https:///path", "https:example.com", "https://example.com:abc/",
        "ws://example.com", "file:///etc/passwd", "data:text/html,hi", "https://exa mple.com",
    ])
    func rejects(_ input: String) {
        #expect(throws: PayloadError.self) { try WebURL.normalize(input) }
    }

    /// The composer adds `https://` to a link typed without a scheme — only when it starts with a
    /// plausible host; other schemes stay rejected.
    @Test(arguments: [
        ("example.com/video", "https://example.com/video"),
        ("www.example.com:8080/p?q=1", "https://www.example.com:8080/p?q=1"),
        (" http://example.com ", "http://example.com"),
        ("localhost", "https://localhost"),
        ("LOCALHOST:3000/watch", "https://LOCALHOST:3000/watch"),
        ("192.168.0.1/x", "https://192.168.0.1/x"),
        ("[::1]:8080/", "https://[::1]:8080/"),
        ("[2001:db8::1]", "https://[2001:db8::1]"),
        ("example.com?q=1", "https://example.com?q=1"),
        ("example.com/?next=http://other.example", "https://example.com/?next=http://other.example"),
        ("bücher.de/x", "https://xn--bcher-kva.de/x"),
    ])
    func sendingAddsHTTPS(_ input: String, _ expected: String) throws {
        #expect(try WebURL.normalizeForSending(input) == expected)
    }

    @Test(arguments: [
        "mailto:test@example.com", "javascript:alert('xss')", "ftp://example.com/file", "", "not a url", "not-a-url", "word",
        "user@example.com", "localhost:abc", "[::1", "[not-hex]:80", ".example", "https:example.com", "://example.com",
    ])
    func sendingStillRejects(_ input: String) {
        #expect(throws: PayloadError.self) { try WebURL.normalizeForSending(input) }
    }

    @Test func textThatIsNoLinkIsRefusedWithTheAppsWords() {
        #expect(throws: PayloadError("'not-a-url' is not a link; enter a valid url, such as https://example.com/video")) {
            try WebURL.normalizeForSending(" not-a-url ")
        }
    }

    /// The iPhone app's providers: every kind of link it plays is accepted as a post and sent as
    /// typed — no provider canonicalisation before sending.
    @Test(arguments: [
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
        "https://youtube.com/shorts/aqz-KE-bpKQ",
        "https://www.youtube.com/@SomeChannel",
        "https://youtu.be/dQw4w9WgXcQ?si=x",
        "https://www.tiktok.com/@acct/video/7596114833477537054",
        "https://vm.tiktok.com/ZMabc123/",
        "https://vt.tiktok.com/ZSabc123/",
        "https://www.instagram.com/reel/C9abcDEF12/",
        "https://www.instagram.com/reels/C9abcDEF12/",
        "https://m.instagram.com/share/reel/C9abcDEF12/",
        "https://www.instagram.com/p/C9abcDEF12/",
        "https://www.facebook.com/share/r/1AbCdEfGhI/",
        "https://www.facebook.com/share/v/1AbCdEfGhI/",
        "https://www.facebook.com/reel/1234567890123456",
        "https://www.facebook.com/watch/?v=1234567890",
        "https://fb.watch/abcDEF123/",
        "https://x.com/someone/status/1790000000000000000",
        "https://twitter.com/someone/status/1790000000000000000?s=20",
        "https://rumble.com/v4abc12-some-title.html",
        "https://rumble.com/embed/v5xyz/?pub=4",
    ])
    func providerLinksAreSentAsTyped(_ url: String) throws {
        #expect(try WebURL.normalizeForSending(url) == url)
        // The same link typed without its scheme gets https:// and nothing else.
        #expect(try WebURL.normalizeForSending(String(url.dropFirst("https://".count))) == url)
    }
}
