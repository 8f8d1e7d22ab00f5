import Foundation
import LinkstrHost
import LinkstrRuntime
import Testing

struct DeepLinkTests {
    /// The iPhone app's own example link (docs/wire-compatibility.md, 11. Deep links), produced by its encoder.
    static let iPhoneLink =
        "linkstr://open?p=eyJ0aW1lc3RhbXAiOjE3Mzk4NzcyMDAsInVybCI6Imh0dHBzOlwvXC93d3cudGlrdG9rLmNvbVwvQGFjY3RcL3ZpZGVvXC83NTk2MTE0ODMzNDc3NTM3MDU0IiwibWVzc2FnZUdVSUQiOiJkZWVwLWxpbmstZ3VpZCJ9"

    @Test func decodesTheIPhoneAppsLink() throws {
        let link = try DeepLink.decode(Self.iPhoneLink)
        #expect(link.format == .payload)
        #expect(link.url == "https://www.tiktok.com/@acct/video/7596114833477537054")
        #expect(link.timestamp == 1_739_877_200)
        #expect(link.messageGUID == "deep-link-guid")
    }

    @Test func payloadLinksRoundTrip() throws {
        let link = DeepLink(url: "https://example.com/a?b=c&d=é", timestamp: 1_700_000_000, messageGUID: "guid-1")
        let text = link.encoded()
        #expect(text.hasPrefix("linkstr://open?p="))
        #expect(!text.dropFirst("linkstr://open?p=".count).contains("="), "the token is unpadded")
        let decoded = try DeepLink.decode(text)
        #expect(decoded.url == "https://example.com/a?b=c&d=%C3%A9")
        #expect(decoded.timestamp == 1_700_000_000)
        #expect(decoded.messageGUID == "guid-1")
    }

    @Test func urlLinksRoundTrip() throws {
        let link = DeepLink(url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42")
        let text = link.encoded()
        #expect(text == "linkstr://open?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ%26t%3D42")
        #expect(try DeepLink.decode(text) == link)
    }

    @Test func acceptsAnyCaseOfSchemeAndHostAndATrailingSlash() throws {
        let link = try DeepLink.decode("LINKSTR://Open/?url=https%3A%2F%2Fexample.com%2Fx")
        #expect(link.url == "https://example.com/x")
        #expect(link.format == .url)
    }

    @Test func thePayloadWinsOverAURLParameter() throws {
        let token = DeepLink(url: "https://a.example/", timestamp: 1, messageGUID: "g").encoded().dropFirst("linkstr://open?p=".count)
        let link = try DeepLink.decode("linkstr://open?url=https%3A%2F%2Fb.example%2F&p=\(token)")
        #expect(link.url == "https://a.example/")
    }

    static func token(_ json: String) -> String {
        Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test(arguments: [
        ("https://example.com/?p=x", "not a linkstr:// link"),
        ("linkstr://share?p=x", "unknown deep-link action 'share'"),
        ("linkstr://open/post/1?url=https%3A%2F%2Fexample.com", "unexpected path '/post/1'"),
        ("linkstr://open", "neither a 'p' nor a 'url' parameter"),
        ("linkstr://open?q=1", "neither a 'p' nor a 'url' parameter"),
        ("linkstr://open?p=", "p token is not valid base64url: it is empty"),
        ("linkstr://open?p=a", "impossible for base64"),
        ("linkstr://open?p=%24%24%24%24", "outside the base64url alphabet"),
        ("linkstr://open?p=" + token("[1,2]"), "payload is not valid"),
        ("linkstr://open?p=" + token(#"{"url":"https://example.com","timestamp":1}"#), "payload is not valid"),
        ("linkstr://open?p=" + token(#"{"url":"https://example.com","timestamp":"1","messageGUID":"g"}"#), "payload is not valid"),
        ("linkstr://open?p=" + token(#"{"url":"javascript:alert('xss')","timestamp":1,"messageGUID":"g"}"#), "javascript: URL"),
        ("linkstr://open?url=javascript%3Aalert(1)", "javascript: URL"),
        ("linkstr://open?url=file%3A%2F%2F%2Fetc%2Fpasswd", "file: URL"),
        ("linkstr://open?url=ftp%3A%2F%2Fexample.com%2Fv.mp4", "ftp: URL"),
        ("linkstr://open?url=-https%3A%2F%2Fexample.com", "is not a URL"),
        ("linkstr://open?url=", "the URL is empty"),
    ])
    func refusesInvalidLinksWithAClearReason(_ link: String, _ reason: String) {
        #expect {
            try DeepLink.decode(link)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}
