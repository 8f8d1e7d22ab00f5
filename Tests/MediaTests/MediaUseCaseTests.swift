import Foundation
import LinkstrHost
import LinkstrRuntime
import TestSupport
import Testing

/// The media use cases through the composition root, in process, as `linkstr media` and the C API
/// run them: a home opened from a `RuntimeConfiguration` with the plugins of this build, the fixture
/// server on 127.0.0.1 as the web.
@Suite(.serialized) struct MediaUseCaseTests {
    let server: FixtureServer
    let home: String

    init() throws {
        server = try FixtureServer.start()
        home = try TestPaths.makeScratch("media-use-cases")
        try "[plugins.\"org.linkstr.media.generic\"]\nallow_private_addresses = \"loopback\"\n".write(
            toFile: home + "/config.toml", atomically: true, encoding: .utf8)
    }

    func media() throws -> MediaRuntime {
        try LinkstrApp(RuntimeConfiguration(home: home, environment: ["HOME": home])).media()
    }

    @Test func aPageResolvesToItselfAsALinkAndItsMetadataIsFetchedAndItsThumbnailCached() async throws {
        let media = try media()
        defer { media.host.stop() }
        let page = server.url("/og.html")

        let resolution = try await media.resolve(page)
        #expect(resolution.pluginID == "org.linkstr.media.generic" && resolution.mode == .link && resolution.resolvedURL == page)
        let resolved = printed(JSONRecords.Resolution(resolution))
        #expect(resolved["provider"] as? String == "generic" && resolved["mode"] as? String == "link" && resolved["resolved_url"] as? String == page)

        let metadata = try await media.fetchMetadata(page)
        #expect(metadata.title == "Café & friends 😀 \"quoted\"" && metadata.thumbnail == server.url("/thumb.png"))
        let thumbnail = try #require(metadata.thumbnailPath)
        #expect(thumbnail.hasPrefix(home + "/cache/thumbnails/") && FileManager.default.fileExists(atPath: thumbnail))
        #expect(printed(JSONRecords.Metadata(metadata)) as NSDictionary == [
            "title": "Café & friends 😀 \"quoted\"", "thumbnail": server.url("/thumb.png"), "thumbnail_path": thumbnail,
        ] as NSDictionary)
    }

    @Test func aCachedVideoIsFoundWithoutExtractingAndClearingTheCacheRemovesVideosAndPreviews() async throws {
        let media = try media()
        defer { media.host.stop() }
        let metadata = try await media.fetchMetadata(server.url("/og.html"))
        let link = server.url("/media/clip.mp4")
        let cache = media.videoCache
        try cache.prepare()
        let file = cache.folder + "/clip.mp4"
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: file))
        let canonical = try #require(try media.classify(link)).canonicalURL
        try cache.insert(key: try media.cacheNaming().name(for: canonical), path: file)

        let video = try await media.fetchVideo(link)
        #expect(video.fromCache && video.path == file && video.bytes == 1000)
        #expect(printed(JSONRecords.Video(video)) as NSDictionary == ["path": file, "bytes": 1000, "cached": true] as NSDictionary)
        #expect(try cache.entries().map(\.file) == ["clip.mp4"])

        let cleared = try media.clearCache()
        #expect(cleared.videos == 1 && cleared.videoBytes == 1000 && cleared.previewFiles >= 1)
        #expect(printed(JSONRecords.CacheClearing(cleared))["videos"] as? Int == 1)
        #expect(try cache.entries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file) && !FileManager.default.fileExists(atPath: metadata.thumbnailPath ?? "/"))
    }

    @Test func aLinkThatIsNoWebURLIsBadInputAndAFailedFetchSaysWhichLinkFailed() async throws {
        let error = #expect(throws: LinkstrError.self) { try MediaRuntime.link("javascript:alert(1)") }
        #expect(error?.code == .badInput)
        #expect(try MediaRuntime.link("  https://example.com/a ") == "https://example.com/a")

        let media = try media()
        defer { media.host.stop() }
        let missing = server.url("/404")
        do throws(MediaFailure) {
            _ = try await media.fetchMetadata(missing)
            Issue.record("metadata of a missing page")
        } catch {
            let failure = LinkstrError(error, "no metadata for \(missing)")
            #expect(failure.code == .failed && error.status == .notFound)
            #expect(failure.description.hasPrefix("no metadata for \(missing): ") && failure.description.contains("answered HTTP 404"), "\(failure)")
        }
    }
}
