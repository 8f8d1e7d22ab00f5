import Foundation
import Testing

@testable import LinkstrMediaKit

/// The pure parts of metadata and extraction, tested directly.
struct ScannerTests {
    let page = URL(string: "https://example.com/articles/one?x=1")!

    @Test func firstOccurrenceWinsAndScriptsCommentsStylesAreIgnored() {
        let html = """
            <html><head>
            <!-- <meta property="og:title" content="comment"> -->
            <script>document.write('<meta property="og:title" content="script">')</script>
            <style>/* <meta property="og:title" content="style"> */</style>
            <template><meta property="og:title" content="template"></template>
            <meta content='First &amp; best' property='OG:TITLE'>
            <meta property="og:title" content="second">
            <title>Doc title</title>
            </head><body><meta property="og:image" content="/after-body.png"></body></html>
            """
        let metadata = PageMetadata.scan(html, pageURL: page)
        #expect(metadata.title == "First & best")
        #expect(metadata.image == nil, "tags after <body> are not read")
    }

    @Test func resolvesAgainstBaseHrefAndProtocolRelativeURLs() {
        let base = PageMetadata.scan(#"<head><base href="/static/"><meta property=og:image content=img/a.png></head>"#, pageURL: page)
        #expect(base.image?.absoluteString == "https://example.com/static/img/a.png")
        let relative = PageMetadata.scan(#"<head><meta name="twitter:image" content="../b.jpg"></head>"#, pageURL: page)
        #expect(relative.image?.absoluteString == "https://example.com/b.jpg")
        let protocolRelative = PageMetadata.scan(#"<head><meta property="og:image" content="//cdn.example.net/c.webp"></head>"#, pageURL: page)
        #expect(protocolRelative.image?.absoluteString == "https://cdn.example.net/c.webp")
        let unsafe = PageMetadata.scan(#"<head><meta property="og:image" content="javascript:alert(1)"></head>"#, pageURL: page)
        #expect(unsafe.image == nil)
    }

    @Test func titleWhitespaceAndOEmbedLink() {
        let metadata = PageMetadata.scan(
            """
            <head><TITLE>
              Spread   over
              lines &mdash; ok</TITLE>
            <link rel="alternate" type="application/json+oembed" href="/oembed.json?url=x"></head>
            """, pageURL: page)
        #expect(metadata.title == "Spread over lines — ok")
        #expect(metadata.oEmbedURL?.absoluteString == "https://example.com/oembed.json?url=x")
    }

    @Test func entities() {
        #expect(HTMLEntities.decode("a &amp; b &lt;c&gt; &#233;&#xE9; &#150; &unknown; & &#0;") == "a & b <c> éé – &unknown; & \u{FFFD}")
    }

    @Test func charsetDetectionOrder() {
        let cafe: [UInt8] = Array("<title>Caf".utf8) + [0xE9] + Array("</title>".utf8)
        #expect(TextDecoding.decode(cafe, contentType: "text/html; charset=ISO-8859-1").encoding == .windows1252)
        #expect(TextDecoding.decode(cafe, contentType: "text/html").text.contains("\u{FFFD}"), "UTF-8 by default")
        let declared = Array(#"<meta charset="windows-1252">"#.utf8) + cafe
        #expect(TextDecoding.decode(declared, contentType: "text/html").text.contains("Café"))
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<title>Café</title>".utf8)
        let decoded = TextDecoding.decode(bom, contentType: "text/html; charset=windows-1252")
        #expect(decoded.encoding == .utf8 && decoded.text == "<title>Café</title>", "a BOM wins")
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("<p>ü</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(TextDecoding.decode(utf16, contentType: nil).text == "<p>ü</p>")
    }

    @Test func imageSniffing() {
        #expect(ImageKind(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageKind(sniffing: Array("GIF89a..".utf8)) == .gif)
        #expect(ImageKind(sniffing: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind(sniffing: [0, 0, 0, 0x1C] + Array("ftypavif".utf8)) == .avif)
        #expect(ImageKind(sniffing: Array("<svg xmlns=".utf8)) == nil)
        #expect(ImageKind(sniffing: Array("<html>".utf8)) == nil)
        #expect(ImageKind(sniffing: []) == nil)
    }

    @Test func addressScopes() {
        #expect(AddressPolicy.scope(ipv4: [127, 0, 0, 1]) == .loopback)
        for reserved in [[10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 1], [192, 168, 1, 1], [169, 254, 169, 254], [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1]] {
            #expect(AddressPolicy.scope(ipv4: reserved.map(UInt8.init)) == .private, "\(reserved)")
        }
        for reachable in [[8, 8, 8, 8], [172, 32, 0, 1], [100, 128, 0, 1], [192, 169, 0, 1]] {
            #expect(AddressPolicy.scope(ipv4: reachable.map(UInt8.init)) == .public, "\(reachable)")
        }
        var loopback = [UInt8](repeating: 0, count: 16)
        loopback[15] = 1
        #expect(AddressPolicy.scope(ipv6: loopback) == .loopback)
        var mapped = [UInt8](repeating: 0, count: 16)
        mapped[10] = 0xFF
        mapped[11] = 0xFF
        mapped[12...] = [10, 0, 0, 1]
        #expect(AddressPolicy.scope(ipv6: mapped) == .private, "IPv4-mapped 10.0.0.1")
        #expect(AddressPolicy.scope(ipv6: [0xFD] + [UInt8](repeating: 1, count: 15)) == .private)
        #expect(AddressPolicy.scope(ipv6: [0xFE, 0x80] + [UInt8](repeating: 0, count: 14)) == .private)
        #expect(AddressPolicy.scope(ipv6: [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 12)) == .public)
    }

    @Test func ytDlpOutputLines() {
        #expect(YtDlpOutputLine("[p] 3072 51262 NA") == .progress(downloaded: 3072, total: 51262))
        #expect(YtDlpOutputLine("[p] 3072 NA 90000.5") == .progress(downloaded: 3072, total: 90000))
        #expect(YtDlpOutputLine("[p] 10 NA NA") == .progress(downloaded: 10, total: -1))
        #expect(YtDlpOutputLine(#"[f] "/cache/videos/a \"b\".mp4""#) == .file(#"/cache/videos/a "b".mp4"#))
        #expect(YtDlpOutputLine("[download] 50%") == .other)
        #expect(VideoExtractor.errorSummary("WARNING: x\nERROR: [generic] Unsupported URL: http://h/\n") == "[generic] Unsupported URL: http://h/")
    }

    @Test func oEmbedRequests() throws {
        let video = try #require(MediaClassifier.classify("https://youtu.be/dQw4w9WgXcQ?si=x"))
        #expect(OEmbed.requestURL(for: video, endpoints: [:])?.absoluteString
            == "https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ&format=json")
        let tweet = try #require(MediaClassifier.classify("https://x.com/a/status/123"))
        #expect(OEmbed.requestURL(for: tweet, endpoints: [:])?.absoluteString
            == "https://publish.twitter.com/oembed?url=https%3A%2F%2Ftwitter.com%2Fi%2Fstatus%2F123&omit_script=true&dnt=true")
        let channel = try #require(MediaClassifier.classify("https://www.youtube.com/@someone"))
        #expect(OEmbed.requestURL(for: channel, endpoints: [:]) == nil, "no oEmbed for pages that are not videos")
        let reel = try #require(MediaClassifier.classify("https://www.instagram.com/reel/C9abcDEF12/"))
        #expect(OEmbed.requestURL(for: reel, endpoints: [:]) == nil, "Instagram's oEmbed needs a token")
    }
}
