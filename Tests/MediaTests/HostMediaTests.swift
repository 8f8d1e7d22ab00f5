import Foundation
import Glibc
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import PluginTesting
import TestSupport
import Testing

/// The host with the real plugins: provider order (configuration over priority); the media use cases
/// over it: metadata and videos through the providers, the video cache at a small budget, and
/// clearing the cache.
@Suite(.serialized)
struct HostMediaTests {
    let scratch: String

    init() throws {
        scratch = try TestPaths.makeScratch("host-media")
    }

    /// A third-party provider in C that claims YouTube links (priority -5: after the built-in one
    /// unless configuration puts it first), compiled from the ABI header alone.
    func buildThirdPartyProvider() throws -> String {
        let source = scratch + "/third_party.c"
        let library = scratch + "/plugins/libthird-party.so"
        try FileManager.default.createDirectory(atPath: scratch + "/plugins", withIntermediateDirectories: true)
        try """
            #include <stdio.h>
            #include <string.h>
            #include "linkstr_plugin.h"
            static lkh_status classify(void *i, const char *url, lkh_media_classification *out, lkh_error *err) {
                (void)i; (void)err;
                if (strstr(url, "youtube.com/") == NULL) return LKH_E_NOT_FOUND;
                snprintf(out->provider, sizeof out->provider, "third-party");
                out->mode = LKH_MEDIA_MODE_LINK;
                snprintf(out->canonical_url, sizeof out->canonical_url, "%s", url);
                out->embed_url[0] = 0;
                return LKH_OK;
            }
            static const lkh_media_provider_v1 vtable = {sizeof(lkh_media_provider_v1), -5, classify, NULL, NULL, NULL};
            static int marker;
            static lkh_status create(const lkh_host *h, void **out, lkh_error *e) { (void)h; (void)e; *out = &marker; return LKH_OK; }
            static void destroy(void *i) { (void)i; }
            static const void *capability(void *i, const char *id) { (void)i; return strcmp(id, LKH_CAP_MEDIA_PROVIDER_V1) == 0 ? &vtable : NULL; }
            static const char *const provides[] = {LKH_CAP_MEDIA_PROVIDER_V1, NULL};
            static const lkh_plugin_desc desc = {sizeof(lkh_plugin_desc), LKH_ABI_MAJOR, LKH_ABI_MINOR, "org.example.youtube",
                "Third-party YouTube", "1.0.0", provides, NULL, create, destroy, capability, "cc"};
            LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t major, uint32_t minor) { (void)minor; return major == LKH_ABI_MAJOR ? &desc : NULL; }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiler = try ProcessRunner.run(
            "/usr/bin/env",
            ["cc", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I", TestPaths.packageRoot + "/Sources/PluginABI/include", source, "-o", library])
        try #require(compiler.status == 0, "cc failed to build the third-party provider: \(compiler.stderr)")
        return library
    }

    func host(_ toml: String) throws -> LinkstrHost {
        try toml.write(toFile: scratch + "/config.toml", atomically: true, encoding: .utf8)
        let host = try LinkstrHost.open(home: scratch, configFile: nil, environment: [:])
        let discovery = PluginDiscovery(configuration: host.configuration, paths: host.paths, executableDirectory: BuildProducts.directory)
        let registry = host.loadPlugins(discovery: discovery)
        #expect(registry.refused.isEmpty, "\(registry.refused)")
        return host
    }

    func media(_ toml: String) throws -> MediaRuntime {
        MediaRuntime(host: try host(toml))
    }

    @Test func eachProviderIsClaimedByTheBuiltInPluginsInOrder() throws {
        let host = try host("")
        defer { host.stop() }
        let expectations: [(String, String, String)] = [
            ("https://www.tiktok.com/@a/video/7596114833477537054", "tiktok", "org.linkstr.media.builtin"),
            ("https://www.instagram.com/reel/C9abcDEF12/", "instagram", "org.linkstr.media.builtin"),
            ("https://m.facebook.com/reel/1234567890123456", "facebook", "org.linkstr.media.builtin"),
            ("https://twitter.com/a/status/1876543210987654321", "twitter", "org.linkstr.media.builtin"),
            ("https://youtu.be/dQw4w9WgXcQ", "youtube", "org.linkstr.media.builtin"),
            ("https://rumble.com/v4abc12-title.html", "rumble", "org.linkstr.media.builtin"),
            ("https://example.com/article", "generic", "org.linkstr.media.generic"),
        ]
        for (url, provider, plugin) in expectations {
            let result = try #require(try host.classify(url), "\(url)")
            #expect(result.provider == provider && result.pluginID == plugin, "\(url): \(result)")
        }
    }

    @Test func aThirdPartyProviderTakesPrecedenceByConfiguration() throws {
        let library = try buildThirdPartyProvider()
        let url = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
        let byPriority = try host("plugin_paths = [\"\(library)\"]\n")
        #expect(try byPriority.classify(url)?.pluginID == "org.linkstr.media.builtin", "priority 0 beats -5")
        #expect(try byPriority.classify("https://example.com/")?.pluginID == "org.linkstr.media.generic")
        byPriority.stop()
        let configured = try host("plugin_paths = [\"\(library)\"]\nmedia_providers = [\"org.example.youtube\"]\n")
        defer { configured.stop() }
        let result = try #require(try configured.classify(url))
        #expect(result.pluginID == "org.example.youtube" && result.provider == "third-party")
    }

    @Test func metadataAndVideosThroughTheHostWithASmallCache() async throws {
        let server = try FixtureServer.start()
        let ytDlp = try #require(TestPaths.ytDlp, Comment(rawValue: TestPaths.ytDlpMissing))
        let media = try media(
            """
            media_cache_bytes = 800000
            ytdlp = "\(ytDlp)"
            [plugins."org.linkstr.media.generic"]
            allow_private_addresses = "loopback"
            """)
        defer { media.host.stop() }
        let metadata = try await media.fetchMetadata(server.url("/og.html"))
        #expect(metadata.title == "Café & friends 😀 \"quoted\"" && metadata.pluginID == "org.linkstr.media.generic")
        #expect(metadata.thumbnailPath.map { FileManager.default.fileExists(atPath: $0) } == true)

        let clip = try await media.fetchVideo(server.url("/media/clip.mp4"))
        #expect(!clip.fromCache && clip.bytes > 0)
        let again = try await media.fetchVideo(server.url("/media/clip.mp4?utm_source=feed"))
        #expect(again.fromCache && again.path == clip.path, "tracking parameters do not defeat the cache")
        let big = try await media.fetchVideo(server.url("/media/big.mp4"))
        #expect(big.evicted.map(\.key) == [try media.cacheNaming().name(for: server.url("/media/clip.mp4"))], "the 800 kB budget forces the clip out")
        #expect(!FileManager.default.fileExists(atPath: clip.path))

        let cleared = try media.clearCache()
        #expect(cleared.videos == 1 && cleared.previewFiles >= 1)
        #expect(!FileManager.default.fileExists(atPath: big.path))
        #expect(!FileManager.default.fileExists(atPath: metadata.thumbnailPath ?? "/"))
    }

    /// The cache tells nobody what was watched: files 0600 in 0700 folders, named by a keyed hash
    /// (the key 0600 in the data folder), no link in the video index; a cache from before the key is
    /// discarded.
    @Test func theCacheIsPrivateAndNamedByItsKey() async throws {
        let server = try FixtureServer.start()
        let ytDlp = try #require(TestPaths.ytDlp, Comment(rawValue: TestPaths.ytDlpMissing))
        let videos = scratch + "/cache/videos"
        let thumbnails = scratch + "/cache/thumbnails"
        for folder in [videos, thumbnails] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try #"[{"bytes":1,"file":"old.mp4","key":"https://private.example/watched","lastUsed":1}]"#.write(
            toFile: videos + "/index.json", atomically: true, encoding: .utf8)
        try Data([1]).write(to: URL(fileURLWithPath: videos + "/old.mp4"))
        try Data([1]).write(to: URL(fileURLWithPath: thumbnails + "/0123abcd.png"))
        let media = try media(
            """
            ytdlp = "\(ytDlp)"
            [plugins."org.linkstr.media.generic"]
            allow_private_addresses = "loopback"
            """)
        defer { media.host.stop() }
        let metadata = try await media.fetchMetadata(server.url("/og.html"))
        let clip = try await media.fetchVideo(server.url("/media/clip.mp4"))
        _ = try? await media.fetchMetadata(server.url("/404"))

        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        let naming = try media.cacheNaming()
        #expect(mode(scratch + "/data/media-cache.key") == 0o600)
        #expect(!FileManager.default.fileExists(atPath: videos + "/old.mp4") && !FileManager.default.fileExists(atPath: thumbnails + "/0123abcd.png"))
        let thumbnail = try #require(metadata.thumbnailPath)
        #expect(thumbnail == thumbnails + "/" + naming.name(for: server.url("/thumb.png")) + ".png")
        #expect(clip.path == videos + "/" + naming.name(for: server.url("/media/clip.mp4")) + ".mp4")
        let failure = scratch + "/cache/metadata-failures/" + naming.name(for: server.url("/404"))
        for file in [thumbnail, clip.path, videos + "/index.json", failure] { #expect(mode(file) == 0o600, "\(file)") }
        for folder in [videos, thumbnails, scratch + "/cache/metadata-failures"] { #expect(mode(folder) == 0o700, "\(folder)") }
        let index = try String(contentsOfFile: videos + "/index.json", encoding: .utf8)
        #expect(!index.contains("127.0.0.1") && !index.contains("private.example") && index.contains(naming.name(for: server.url("/media/clip.mp4"))))
    }

    @Test func cancellingTheHostsFetchCancelsTheExtraction() async throws {
        let server = try FixtureServer.start()
        let ytDlp = try #require(TestPaths.ytDlp, Comment(rawValue: TestPaths.ytDlpMissing))
        let media = try media(
            """
            ytdlp = "\(ytDlp)"
            [plugins."org.linkstr.media.generic"]
            allow_private_addresses = "loopback"
            """)
        defer { media.host.stop() }
        let progressed = AsyncStream<Void>.makeStream()
        let task = Task {
            try await media.fetchVideo(server.url("/slow/big.mp4?rate=40000")) { _, _ in progressed.continuation.yield() }
        }
        for await _ in progressed.stream { break }
        task.cancel()
        let result = await task.result
        #expect(throws: MediaFailure.self) { try result.get() }
        if case .failure(let failure as MediaFailure) = result { #expect(failure.status == .cancelled, "\(failure)") }
        let folder = media.videoCache.folder
        #expect(!TestPaths.contents(folder).contains { $0.hasSuffix(".mp4") || $0.hasPrefix(".tmp-") }, "\(TestPaths.contents(folder))")
        #expect(ProcessScan.processes(mentioning: folder).isEmpty)
    }

    @Test func mediaCacheBytesMustBeAPositiveInteger() throws {
        try "media_cache_bytes = \"1GB\"\n".write(toFile: scratch + "/config.toml", atomically: true, encoding: .utf8)
        #expect {
            _ = try LinkstrHost.open(home: scratch, configFile: nil, environment: [:])
        } throws: { error in
            "\(error)".contains("media_cache_bytes") && "\(error)".contains("positive integer")
        }
    }
}
