import LinkstrEngine
import Testing

/// The web-URL rule, against the spec's table (§6).
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

    /// The composer adds `https://` to a link typed without a scheme; other schemes stay rejected.
    @Test(arguments: [
        ("example.com/video", "https://example.com/video"),
        ("www.example.com:8080/p?q=1", "https://www.example.com:8080/p?q=1"),
        (" http://example.com ", "http://example.com"),
    ])
    func sendingAddsHTTPS(_ input: String, _ expected: String) throws {
        #expect(try WebURL.normalizeForSending(input) == expected)
    }

    @Test(arguments: ["mailto:test@example.com", "javascript:alert('xss')", "ftp://example.com/file", "", "not a url"])
    func sendingStillRejects(_ input: String) {
        #expect(throws: PayloadError.self) { try WebURL.normalizeForSending(input) }
    }
}
