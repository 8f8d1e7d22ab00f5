import Foundation
import LinkstrPluginKit
import Testing
import TestSupport

/// Metadata through the real plugin against the local fixture server.
@Suite(.serialized)
struct MetadataTests {
    let server: FixtureServer
    let scratch: String
    let plugin: MediaPluginHarness

    init() throws {
        server = try FixtureServer.start()
        scratch = try TestPaths.makeScratch("metadata")
        plugin = try MediaPluginHarness(
            config: MediaPluginHarness.config(
                scratch: scratch,
                ["oembed_endpoints": #"{"youtube":"\#(try FixtureServer.start().url("/oembed"))","twitter":"\#(try FixtureServer.start().url("/tweet-oembed"))"}"#]))
    }

    func metadata(_ path: String, timeout: UInt32 = 6000) async throws -> MediaPluginHarness.Outcome {
        try await plugin.metadata(server.url(path), timeoutMilliseconds: timeout)
    }

    @Test func openGraphTitleEntitiesAndRelativeImage() async throws {
        let result = try await metadata("/og.html")
        #expect(result.status == .ok, "\(result)")
        #expect(result.string("title") == "Café & friends 😀 \"quoted\"")
        #expect(result.string("thumbnail") == server.url("/thumb.png"))
        #expect(result.string("source") == "page")
        let path = try #require(result.string("thumbnail_path"))
        #expect(path.hasPrefix(scratch + "/cache/thumbnails/") && path.hasSuffix(".png"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func messyPageScriptsCommentsBaseAndProtocolRelative() async throws {
        let result = try await metadata("/messy.html")
        #expect(result.status == .ok, "\(result)")
        #expect(result.string("title") == "Messy & Unquoted — ok")
        #expect(result.string("thumbnail") == server.url("/img/proto.png"))
        #expect(result.string("thumbnail_error")?.contains("404") == true)
    }

    @Test(arguments: [
        ("/latin1.html", "Café crème – test"), ("/header-charset.html", "Naïve “quotes” €"), ("/bom.html", "BOM über alles"),
    ])
    func charsets(_ path: String, _ title: String) async throws {
        let result = try await metadata(path)
        #expect(result.string("title") == title, "\(result)")
    }

    @Test func followsARedirectChainAndTheTrailingSlashLocation() async throws {
        #expect(try await metadata("/redirect/3").string("title") == "Café & friends 😀 \"quoted\"")
        #expect(try await metadata("/dir").string("title") == "Directory page")
    }

    @Test func givesUpOnLongChainsAndLoops() async throws {
        let long = try await metadata("/redirect/9")
        #expect(long.status == .protocol && long.message.contains("redirects"), "\(long)")
        let loop = try await metadata("/loop")
        #expect(loop.status == .protocol, "\(loop)")
    }

    @Test func refusesRedirectsToOtherSchemesAndPrivateAddresses() async throws {
        let file = try await metadata("/to-file")
        #expect(file.status == .permission && file.message.contains("file"), "\(file)")
        let lan = try await metadata("/to-private")
        #expect(lan.status == .permission && lan.message.contains("10.255.255.1"), "\(lan)")
    }

    /// The error says to set allow_private_addresses: once set, the next fetch goes through (a
    /// refusal by a setting is not remembered as a dead link).
    @Test func aRefusalByASettingIsNotRemembered() async throws {
        let strict = try MediaPluginHarness(config: ["host.cache_dir": scratch + "/cache", "host.data_dir": scratch + "/data"])
        let refused = try await strict.metadata(server.url("/og.html"), timeoutMilliseconds: 6000)
        #expect(refused.status == .permission && refused.message.contains("allow_private_addresses"), "\(refused)")
        let allowed = try await metadata("/og.html")
        #expect(allowed.status == .ok, "\(allowed)")
    }

    @Test func notFoundIsReportedThenRemembered() async throws {
        let first = try await metadata("/404")
        #expect(first.status == .notFound && first.message.contains("404"), "\(first)")
        let clock = ContinuousClock()
        let start = clock.now
        let second = try await metadata("/404")
        #expect(second.status == .unavailable && second.message.contains("failed"), "\(second)")
        #expect(clock.now - start < .milliseconds(200))
    }

    @Test(arguments: ["/stall", "/stall-body"])
    func aStalledServerTimesOut(_ path: String) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await metadata(path, timeout: 1000)
        let elapsed = clock.now - start
        #expect(result.status == .timeout, "\(result)")
        #expect(elapsed < .seconds(3), "took \(elapsed)")
    }

    @Test(arguments: [("/huge.html", "Huge page"), ("/endless.html", "Endless page")])
    func hugeAndEndlessPagesAreCapped(_ path: String, _ title: String) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await metadata(path)
        #expect(result.string("title") == title, "\(result)")
        #expect(clock.now - start < .seconds(5))
    }

    @Test func aThumbnailThatIsNotAnImageIsRefusedAndRemembered() async throws {
        let first = try await metadata("/bad-thumb.html")
        #expect(first.string("title") == "Bad thumb")
        #expect(first.string("thumbnail_path") == nil)
        #expect(first.string("thumbnail_error")?.contains("not a JPEG, PNG") == true, "\(first)")
        #expect(!TestPaths.contents(scratch + "/cache/thumbnails").contains { $0.hasSuffix(".png") })
        let second = try await metadata("/bad-thumb.html")
        #expect(second.string("thumbnail_error")?.contains("failed") == true, "\(second)")
    }

    @Test func oEmbedDiscoveredInThePage() async throws {
        let result = try await metadata("/discover.html")
        #expect(result.string("title") == "oEmbed: discover", "\(result)")
        #expect(result.string("source") == "oembed")
        #expect(result.string("thumbnail_path")?.hasSuffix(".jpg") == true)
    }

    @Test func providerOEmbedThroughConfiguredEndpoints() async throws {
        // A YouTube video and an X status through the built-in plugin, their endpoints pointed at the fixture server.
        let builtin = try MediaPluginHarness(
            library: "media",
            config: MediaPluginHarness.config(
                scratch: scratch,
                ["oembed_endpoints": #"{"youtube":"\#(server.url("/oembed"))","twitter":"\#(server.url("/tweet-oembed"))"}"#]))
        let youtube = try await builtin.metadata("https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=x")
        #expect(youtube.string("title") == "oEmbed: https://www.youtube.com/watch?v=dQw4w9WgXcQ", "\(youtube)")
        #expect(youtube.string("source") == "oembed")
        let tweet = try await builtin.metadata("https://x.com/someone/status/1876543210987654321")
        #expect(tweet.string("title") == "Someone: Hello & welcome t.co/x", "\(tweet)")
    }

    @Test(arguments: ["javascript:alert('xss')", "file:///etc/passwd", "ftp://127.0.0.1/x.html", "-https://example.com/"])
    func refusesOtherSchemesAtOnce(_ url: String) {
        #expect {
            _ = try plugin.startMetadata(url)
        } throws: { error in
            (error as? MediaPluginHarness.Refusal)?.status == .invalid
        }
    }

    @Test func privateAndLoopbackAddressesNeedTheSetting() async throws {
        let strict = try MediaPluginHarness(config: ["host.cache_dir": scratch + "/strict-cache"])
        for url in [server.url("/og.html"), "http://localhost:\(server.port)/og.html", "http://10.1.2.3/", "http://[::1]:\(server.port)/"] {
            let result = try await strict.metadata(url)
            #expect(result.status == .permission && result.message.contains("allow_private_addresses"), "\(url): \(result)")
        }
    }

    @Test func httpsFromAPrivateCertificateAuthorityNeedsCaFile() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let certificates = try TestCertificates(in: scratch)
        let tls = try ExternalProcess(
            script: "tls_proxy.py", ["--target", "\(server.port)", "--cert", certificates.certificate, "--key", certificates.key])
        let port = try #require(URLComponents(string: try await tls.ready())?.port)
        let url = "https://localhost:\(port)/og.html"

        let trusting = try MediaPluginHarness(config: MediaPluginHarness.config(scratch: scratch.folder("trusting"), ["ca_file": certificates.authority]))
        let result = try await trusting.metadata(url)
        #expect(result.status == .ok && result.string("title") == "Café & friends 😀 \"quoted\"", "\(result)")
        #expect(result.string("thumbnail") == "https://localhost:\(port)/thumb.png" && result.string("thumbnail_path") != nil, "\(result)")

        let refused = try await MediaPluginHarness(config: MediaPluginHarness.config(scratch: scratch.folder("system"))).metadata(url)
        #expect(refused.status != .ok && refused.message.contains("TLS failed") && refused.message.contains("set ca_file"), "\(refused)")

        let unreadable = try MediaPluginHarness(
            config: MediaPluginHarness.config(scratch: scratch.folder("unreadable"), ["ca_file": scratch.file("missing.pem")]))
        #expect(unreadable.host.logLines.contains { $0.level == .warn && $0.message.contains("ca_file \(scratch.file("missing.pem")) cannot be read") })
        let ignored = try await unreadable.metadata(url)
        #expect(ignored.status != .ok && ignored.message.contains("TLS failed"), "\(ignored)")
    }
}
