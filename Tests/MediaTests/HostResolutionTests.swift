import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import PluginTesting
import TestSupport
import Testing

/// Runtime resolution through the media use cases: `resolve` (what `linkstr media resolve` prints),
/// its use inside `fetchVideo`, an ABI 1.0 provider without `resolve`, and the command itself.
@Suite(.serialized)
struct HostResolutionTests {
    let server: FixtureServer
    let scratch: String

    init() throws {
        server = try FixtureServer.start()
        scratch = try TestPaths.makeScratch("host-resolution")
    }

    /// config.toml pointing the built-in provider's endpoints at the fixture server. Every address is
    /// allowed, so that no name is ever looked up (extraction checks x.com and twimg.com otherwise).
    var configuration: String {
        """
        ytdlp = "/nonexistent/yt-dlp"
        [plugins."org.linkstr.media.builtin"]
        allow_private_addresses = true
        facebook_resolve_base = "\(server.url(""))"
        rumble_oembed_endpoint = "\(server.url("/rumble/oembed.json"))"
        twitter_summary_endpoints = ["\(server.url("/tw/vx/{id}"))", "\(server.url("/tw/fx/{id}"))"]
        twitter_oembed_endpoint = "\(server.url("/tw/oembed"))"

        """
    }

    func media(_ extra: String = "") throws -> MediaRuntime {
        try (extra + configuration).write(toFile: scratch + "/config.toml", atomically: true, encoding: .utf8)
        let host = try LinkstrHost.open(home: scratch, configFile: nil, environment: [:])
        let discovery = PluginDiscovery(configuration: host.configuration, paths: host.paths, executableDirectory: BuildProducts.directory)
        let registry = host.loadPlugins(discovery: discovery)
        #expect(registry.refused.isEmpty, "\(registry.refused)")
        return MediaRuntime(host: host)
    }

    private func statusID(_ kind: Character) -> String { String(kind) + String(UInt64.random(in: 100_000_000_000...999_999_999_999)) }

    @Test func theMediaUseCasesResolveThroughTheClaimingProvider() async throws {
        let media = try media()
        defer { media.host.stop() }
        let share = try await media.resolve("https://www.facebook.com/share/r/redir-login-31337/")
        #expect(share.provider == "facebook" && share.mode == .extraction && share.pluginID == "org.linkstr.media.builtin")
        #expect(share.resolvedURL == "https://www.facebook.com/reel/31337/" && share.via == "redirect", "\(share)")
        let post = try await media.resolve("https://x.com/a/status/\(statusID("3"))")
        #expect(post.mode == .embed && post.embedHTML?.contains("twitter-tweet") == true, "\(post)")
        let generic = try await media.resolve("https://example.com/article")
        #expect(generic.pluginID == "org.linkstr.media.generic" && generic.mode == .link && generic.via == "static")
        #expect(generic.resolvedURL == "https://example.com/article")
    }

    @Test func fetchExtractsAndCachesByTheResolvedURL() async throws {
        let media = try media()
        defer { media.host.stop() }
        // The reel the share link resolves to is already cached: fetch finds it without yt-dlp.
        let naming = try media.cacheNaming()
        let cache = media.videoCache
        try cache.prepare()
        let file = cache.folder + "/reel.mp4"
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: file))
        try cache.insert(key: naming.name(for: "https://www.facebook.com/reel/24680/"), path: file)
        let video = try await media.fetchVideo("https://www.facebook.com/share/r/redir-reel-24680/")
        #expect(video.fromCache && video.path == file)
    }

    @Test func fetchRefusesAnXPostWithoutAVideo() async throws {
        let media = try media()
        defer { media.host.stop() }
        await #expect {
            _ = try await media.fetchVideo("https://x.com/a/status/\(statusID("4"))")
        } throws: { error in
            guard case .notPlayable(let reason) = error as? MediaFailure else { return false }
            return reason.contains("no video to extract")
        }
        // With an oEmbed but no video the plugin's own rule answers (a provider's own rule comes after the shared ones).
        let embedOnly = statusID("3")
        await #expect {
            _ = try await media.fetchVideo("https://x.com/a/status/\(embedOnly)")
        } throws: { error in
            (error as? MediaFailure)?.status == .unsupported && "\(error)".contains("does not include a playable video")
        }
        #expect(try server.requestCount("/tw/vx/\(embedOnly)") == 1, "the plugin reused the host's resolution")
    }

    @Test func fetchOfAnXPostWithAVideoGoesToExtraction() async throws {
        let media = try media()
        defer { media.host.stop() }
        await #expect {
            _ = try await media.fetchVideo("https://x.com/a/status/\(statusID("1"))")
        } throws: { error in
            // ytdlp points nowhere: reaching the extractor is what this shows.
            "\(error)".contains("ytdlp = \"/nonexistent/yt-dlp\" in config.toml")
        }
    }

    /// A provider built against ABI 1.0: its vtable ends at `cancel`.
    func buildABI10Provider() throws -> String {
        let source = scratch + "/abi10.c"
        let library = scratch + "/plugins/libabi10.so"
        try FileManager.default.createDirectory(atPath: scratch + "/plugins", withIntermediateDirectories: true)
        try """
            #include <stdio.h>
            #include <string.h>
            #include "linkstr_plugin.h"
            static lkh_status classify(void *i, const char *url, lkh_media_classification *out, lkh_error *err) {
                (void)i; (void)err;
                if (strstr(url, "://old.example/") == NULL) return LKH_E_NOT_FOUND;
                snprintf(out->provider, sizeof out->provider, "old");
                out->mode = LKH_MEDIA_MODE_EMBED;
                snprintf(out->canonical_url, sizeof out->canonical_url, "%s", url);
                snprintf(out->embed_url, sizeof out->embed_url, "https://old.example/embed");
                return LKH_OK;
            }
            static const lkh_media_provider_v1 vtable = {offsetof(lkh_media_provider_v1, resolve), 5, classify, NULL, NULL, NULL};
            static int marker;
            static lkh_status create(const lkh_host *h, void **out, lkh_error *e) { (void)h; (void)e; *out = &marker; return LKH_OK; }
            static void destroy(void *i) { (void)i; }
            static const void *capability(void *i, const char *id) { (void)i; return strcmp(id, LKH_CAP_MEDIA_PROVIDER_V1) == 0 ? &vtable : NULL; }
            static const char *const provides[] = {LKH_CAP_MEDIA_PROVIDER_V1, NULL};
            static const lkh_plugin_desc desc = {sizeof(lkh_plugin_desc), LKH_ABI_MAJOR, 0, "org.example.old",
                "An ABI 1.0 provider", "1.0.0", provides, NULL, create, destroy, capability, "cc"};
            LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t major, uint32_t minor) { (void)minor; return major == LKH_ABI_MAJOR ? &desc : NULL; }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiler = try ProcessRunner.run(
            "/usr/bin/env",
            ["cc", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I", TestPaths.packageRoot + "/Sources/PluginABI/include", source, "-o", library])
        try #require(compiler.status == 0, "cc failed to build the ABI 1.0 provider: \(compiler.stderr)")
        return library
    }

    @Test func anABI10ProviderIsStillLoadedAndAnswersItsClassification() async throws {
        let library = try buildABI10Provider()
        let media = try media("plugin_paths = [\"\(library)\"]\n")
        defer { media.host.stop() }
        let result = try await media.resolve("https://old.example/v/1")
        #expect(result.pluginID == "org.example.old" && result.mode == .embed && result.embedURL == "https://old.example/embed", "\(result)")
        #expect(result.via == "static" && result.json.isEmpty)
    }

    @Test func theResolveCommand() throws {
        try configuration.write(toFile: scratch + "/config.toml", atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(
            BuildProducts.linkstrExecutable, ["media", "resolve", "https://www.facebook.com/share/v/og-swapped-5150/", "--json", "--home", scratch],
            environment: ["PATH": "/usr/bin:/bin", "HOME": scratch])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(object["provider"] as? String == "facebook" && object["mode"] as? String == "embed")
        #expect(object["resolved_url"] as? String == "https://www.facebook.com/watch/?v=5150")
        #expect((object["embed_url"] as? String)?.contains("href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D5150") == true, "\(object)")
    }
}
