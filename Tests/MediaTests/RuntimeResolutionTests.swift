import Foundation
import LinkstrPluginKit
import PluginABI
import Testing

@testable import LinkstrMediaKit

/// Runtime resolution (the iPhone app's rules for Facebook share links, Rumble's oEmbed player and X posts) through the real built-in plugin's ABI 1.1 `resolve`, against
/// the fixture server on 127.0.0.1 standing in for Facebook, Rumble and the X APIs.
@Suite(.serialized)
struct RuntimeResolutionTests {
    let server: FixtureServer
    let scratch: String
    let plugin: MediaPluginHarness

    init() throws {
        server = try FixtureServer.start()
        scratch = try TestPaths.makeScratch("resolution")
        plugin = try MediaPluginHarness(library: "media", config: Self.config(server: server, scratch: scratch))
    }

    /// Every endpoint on the fixture server.
    static func config(server: FixtureServer, scratch: String) -> [String: String] {
        MediaPluginHarness.config(
            scratch: scratch,
            [
                "facebook_resolve_base": server.url(""), "rumble_oembed_endpoint": server.url("/rumble/oembed.json"),
                "twitter_summary_endpoints": #"["\#(server.url("/tw/vx/{id}"))","\#(server.url("/tw/fx/{id}"))"]"#,
                "twitter_oembed_endpoint": server.url("/tw/oembed"),
            ])
    }

    /// A token no other test uses, so that request counts are this test's.
    private func unique(_ prefix: String) -> String { prefix + UUID().uuidString.prefix(8).lowercased().replacingOccurrences(of: "-", with: "") }

    /// A status id whose first digit picks the fixture's answer, unique per call.
    private func statusID(_ kind: Character) -> String { String(kind) + String(UInt64.random(in: 100_000_000_000...999_999_999_999)) }

    // MARK: Facebook share links

    @Test func theFirstRedirectTargetIsCapturedAndTheReelIDLowercased() async throws {
        let token = unique("redir-reel-")
        let result = try await plugin.resolve("https://www.facebook.com/share/r/\(token)/")
        #expect(result.status == .ok, "\(result)")
        let id = String(token.dropFirst("redir-reel-".count))
        #expect(result.string("provider") == "facebook" && result.string("mode") == "extraction")
        #expect(result.string("resolved_url") == "https://www.facebook.com/reel/\(id)/", "\(result)")
        #expect(result.string("via") == "redirect")
        #expect(result.string("embed_url")?.hasPrefix("https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Freel%2F") == true)
        #expect(try server.requestCount("/share/r/\(token)/") == 1, "the redirect is captured, not followed")
    }

    @Test func aMixedCaseReelIDIsLowercased() async throws {
        let result = try await plugin.resolve("https://m.facebook.com/share/r/redir-reel-AbCdEf\(statusID("9"))/?mibextid=x")
        #expect(result.string("resolved_url")?.hasPrefix("https://www.facebook.com/reel/abcdef") == true, "\(result)")
    }

    @Test func videosAndWatchRedirectsBecomeWatchURLs() async throws {
        let videos = try await plugin.resolve("https://www.facebook.com/share/v/redir-videos-1234567890/")
        #expect(videos.string("resolved_url") == "https://www.facebook.com/watch/?v=1234567890" && videos.string("mode") == "embed", "\(videos)")
        let watch = try await plugin.resolve("https://www.facebook.com/share/v/redir-watch-9876543210/")
        #expect(watch.string("resolved_url") == "https://www.facebook.com/watch/?v=9876543210" && watch.string("via") == "redirect", "\(watch)")
    }

    @Test func aLoginRedirectIsFollowedIntoItsNextParameter() async throws {
        let login = try await plugin.resolve("https://www.facebook.com/share/r/redir-login-55555/")
        #expect(login.string("resolved_url") == "https://www.facebook.com/reel/55555/" && login.string("via") == "redirect", "\(login)")
        let nested = try await plugin.resolve("https://www.facebook.com/share/v/redir-loginphp-4242/")
        #expect(nested.string("resolved_url") == "https://www.facebook.com/watch/?v=4242", "\(nested)")
    }

    @Test func ogURLWithSwappedAttributesAndEscapedAmpersand() async throws {
        let result = try await plugin.resolve("https://www.facebook.com/share/v/og-swapped-222/")
        #expect(result.string("resolved_url") == "https://www.facebook.com/watch/?v=222", "\(result)")
        #expect(result.string("via") == "page")
    }

    @Test func canonicalLinkWithEscapedSlashes() async throws {
        let result = try await plugin.resolve("https://www.facebook.com/share/r/canonical-777/")
        #expect(result.string("resolved_url") == "https://www.facebook.com/reel/777/" && result.string("via") == "page", "\(result)")
    }

    @Test func aRedirectThatNamesNothingIsFollowedToItsPage() async throws {
        let token = unique("redir-relative-3")
        let result = try await plugin.resolve("https://www.facebook.com/share/v/\(token)/")
        let video = String(token.dropFirst("redir-relative-".count))
        #expect(result.string("resolved_url") == "https://www.facebook.com/watch/?v=\(video)" && result.string("via") == "page", "\(result)")
        #expect(try server.requestCount("/share/v/\(token)/") == 2, "once not following, once following")
    }

    @Test func ogURLInsideAScriptDoesNotCount() async throws {
        let result = try await plugin.resolve("https://www.facebook.com/share/r/script-only-Tok3n/")
        #expect(result.string("resolved_url") == "https://www.facebook.com/reel/script-only-Tok3n/" && result.string("via") == "path", "\(result)")
    }

    @Test(arguments: [
        ("/share/r/Tok3nXyZ/", "https://www.facebook.com/reel/Tok3nXyZ/", "extraction"),
        ("/share/v/123456789/", "https://www.facebook.com/watch/?v=123456789", "embed"),
        ("/share/v/AbcVideo/", "https://www.facebook.com/reel/AbcVideo/", "extraction"),
    ])
    func pathFallbacksWhenThePageSaysNothing(_ path: String, _ resolved: String, _ mode: String) async throws {
        let result = try await plugin.resolve("https://www.facebook.com" + path)
        #expect(result.string("resolved_url") == resolved && result.string("mode") == mode && result.string("via") == "path", "\(result)")
    }

    @Test func successesAreCachedInMemory() async throws {
        let token = unique("redir-reel-")
        let link = "https://www.facebook.com/share/r/\(token)/"
        let first = try await plugin.resolve(link)
        #expect(first.bool("cached") == false)
        let second = try await plugin.resolve(link + "?mibextid=other")
        #expect(second.string("resolved_url") == first.string("resolved_url") && second.bool("cached") == true, "\(second)")
        #expect(try server.requestCount("/share/r/\(token)/") == 1, "the second call does not reach the server")
    }

    @Test func failedShareResolutionsAreNotCached() async throws {
        let token = unique("gone")
        let link = "https://www.facebook.com/share/p/\(token)/"
        for round in 1...2 {
            let result = try await plugin.resolve(link)
            #expect(result.status == .ok && result.string("mode") == "link" && result.string("via") == "none", "\(result)")
            #expect(result.string("resolved_url") == link)
            #expect(try server.requestCount("/share/p/\(token)/") == round)
        }
    }

    @Test func aStalledServerFallsBackToThePathWithinTheTimeout() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let result = try await plugin.resolve("https://www.facebook.com/share/r/stall-\(statusID("7"))/", timeoutMilliseconds: 500)
        #expect(result.string("via") == "path", "\(result)")
        #expect(clock.now - started < .seconds(3))
    }

    @Test func nonShareLinksKeepTheirClassification() async throws {
        let reel = try await plugin.resolve("https://m.facebook.com/reel/1234567890123456")
        #expect(reel.string("via") == "static" && reel.string("resolved_url") == "https://www.facebook.com/reel/1234567890123456/", "\(reel)")
        let youtube = try await plugin.resolve("https://youtu.be/dQw4w9WgXcQ")
        #expect(youtube.string("provider") == "youtube" && youtube.string("embed_url") == "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0")
    }

    // MARK: Rumble oEmbed

    @Test func rumbleTakesTheOEmbedIframeAndCachesIt() async throws {
        let link = "https://rumble.com/v4\(statusID("1"))-a-title.html"
        let first = try await plugin.resolve(link)
        #expect(first.string("mode") == "embed" && first.string("via") == "oembed", "\(first)")
        #expect(first.string("embed_url") == "https://rumble.com/embed/v5xyz/?pub=4&autoplay=0")
        let key = "/rumble/oembed.json?url=" + OEmbed.encodeQueryValue(link)
        #expect(try server.requestCount(key) == 1)
        let second = try await plugin.resolve(link)
        #expect(second.bool("cached") == true && second.string("embed_url") == first.string("embed_url"))
        #expect(try server.requestCount(key) == 1, "the second call does not reach the server")
    }

    @Test(arguments: ["offsite", "noiframe", "fail"])
    func rumbleKeepsItsOwnEmbedWhenOEmbedIsUnusable(_ kind: String) async throws {
        let link = "https://rumble.com/v4\(kind)\(statusID("1"))-x.html"
        let key = "/rumble/oembed.json?url=" + OEmbed.encodeQueryValue(link)
        for round in 1...2 {
            let result = try await plugin.resolve(link)
            #expect(result.string("via") == "none" && result.string("embed_url")?.hasPrefix("https://rumble.com/embed/v4\(kind)") == true, "\(result)")
            #expect(try server.requestCount(key) == round, "not cached")
        }
    }

    @Test func rumbleEmbedLinksNeedNoRequest() async throws {
        let result = try await plugin.resolve("https://rumble.com/embed/v2xyz9/?pub=4")
        #expect(result.string("via") == "static" && result.string("embed_url") == "https://rumble.com/embed/v2xyz9/", "\(result)")
    }

    // MARK: X

    @Test func aVideoMakesThePostExtractionPreferred() async throws {
        let id = statusID("1")
        let result = try await plugin.resolve("https://twitter.com/someone/status/\(id)?s=20")
        #expect(result.string("mode") == "extraction" && result.string("via") == "summary", "\(result)")
        #expect(result.string("resolved_url") == "https://x.com/i/status/\(id)" && result.string("embed_url") == "https://x.com/i/status/\(id)")
        #expect(
            result.strings("video_urls") == [
                "https://video.twimg.com/ext_tw_video/\(id)/pu/vid/720x1280/a.mp4?tag=12", "https://video.twimg.com/ext_tw_video/\(id)/pu/pl/b.m3u8",
            ])
        #expect(result.string("embed_html")?.contains("<blockquote class=\"twitter-tweet\"") == true)
        #expect(try server.requestCount("/tw/vx/\(id)") == 1 && server.requestCount("/tw/fx/\(id)") == 0, "vxtwitter answered: fxtwitter is not asked")
    }

    @Test func theSecondSummaryEndpointIsAskedWhenTheFirstFails() async throws {
        let id = statusID("2")
        let result = try await plugin.resolve("https://x.com/someone/status/\(id)")
        #expect(result.string("mode") == "extraction" && result.strings("video_urls") == ["https://video.twimg.com/amplify_video/\(id)/vid/c.mp4"], "\(result)")
        let gif = try await plugin.resolve("https://x.com/someone/status/\(statusID("5"))")
        #expect(gif.string("mode") == "extraction", "\(gif)")
    }

    @Test func noVideoButAnOEmbedMakesItEmbedOnly() async throws {
        let id = statusID("3")
        let result = try await plugin.resolve("https://x.com/someone/status/\(id)")
        #expect(result.string("mode") == "embed" && result.string("via") == "oembed", "\(result)")
        #expect(result.string("embed_html")?.hasPrefix("<blockquote class=\"twitter-tweet\" data-theme=\"dark\"><p lang=\"en\">Post \(id)</p>") == true)
        #expect(result.strings("video_urls") == nil)
        _ = try await plugin.resolve("https://x.com/someone/status/\(id)")
        #expect(try server.requestCount("/tw/vx/\(id)") == 1, "cached")
    }

    @Test func nothingMakesItALinkAndIsNotCached() async throws {
        let id = statusID("4")
        for round in 1...2 {
            let result = try await plugin.resolve("https://x.com/someone/status/\(id)")
            #expect(result.string("mode") == "link" && result.string("via") == "none" && result.string("embed_url") == nil, "\(result)")
            #expect(try server.requestCount("/tw/vx/\(id)") == round && server.requestCount("/tw/fx/\(id)") == round)
        }
    }

    @Test func xProfilesNeedNoRequest() async throws {
        let result = try await plugin.resolve("https://x.com/someone")
        #expect(result.string("mode") == "link" && result.string("via") == "static", "\(result)")
    }

    // MARK: The ABI

    @Test func refusalsAreSynchronous() async throws {
        await #expect {
            _ = try await plugin.resolve("javascript:alert(1)")
        } throws: { ($0 as? MediaPluginHarness.Refusal)?.status == .invalid }
        await #expect {
            _ = try await plugin.resolve("https://example.com/article")
        } throws: { ($0 as? MediaPluginHarness.Refusal)?.status == .notFound }
    }

    @Test func theGenericPluginHasNoRuntimeRules() throws {
        let generic = try MediaPluginHarness(config: MediaPluginHarness.config(scratch: scratch))
        #expect(generic.provider.vtable.pointee.resolve == nil)
        #expect(Int(generic.provider.vtable.pointee.struct_size) == MemoryLayout<lkh_media_provider_v1>.size)
    }

    @Test func privateAddressesStayRefusedWithoutTheSetting() async throws {
        var config = Self.config(server: server, scratch: scratch)
        config["allow_private_addresses"] = nil
        let strict = try MediaPluginHarness(library: "media", config: config)
        let token = unique("redir-reel-")
        let result = try await strict.resolve("https://www.facebook.com/share/r/\(token)/")
        #expect(result.string("via") == "path", "the 127.0.0.1 stand-in is refused: \(result)")
        #expect(try server.requestCount("/share/r/\(token)/") == 0)
    }
}
