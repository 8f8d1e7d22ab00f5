import Foundation
import LinkstrPluginKit

/// The plugin's settings, read once through `config_get` when an instance is created. All are
/// optional (`[plugins."org.linkstr.media.builtin"]` or `…generic` in config.toml):
///
/// | key | default | meaning |
/// |---|---|---|
/// | `host.media_cache_key` | a random key per instance | names cache files (`CacheNaming`); the host keeps it |
/// | `allow_private_addresses` | `false` | `true`: fetch from any address; `"loopback"`: also 127/8 and ::1 |
/// | `ca_file` | none | a PEM file of certificate authorities trusted for https metadata and thumbnails, besides the system's |
/// | `host.ytdlp` | the top-level `ytdlp` of config.toml, else the set-up's virtual environment | the yt-dlp program (else `<data>/venv/bin/yt-dlp`, then the search path) |
/// | `ffmpeg`, `ffprobe` | the search path | the ffmpeg programs |
/// | `tool_search_path` | `PATH` | where programs are looked up |
/// | `extraction_timeout_seconds` | 600 | a whole extraction |
/// | `max_video_bytes` | `host.media_cache_bytes` (1 GiB) | larger videos are refused; a live or HLS stream is stopped there |
/// | `metadata_concurrency` | 4 | page fetches at once |
/// | `failure_retry_seconds` | 3600 | how long a failed page or thumbnail is not asked again |
/// | `oembed_endpoints` | provider defaults | e.g. `{ youtube = "https://yt.example/oembed" }` |
/// | `user_agent` | `Mozilla/5.0 (compatible; linkstr/<version>)` | sent with metadata requests |
/// | `facebook_resolve_base`, `rumble_oembed_endpoint`, `twitter_summary_endpoints`, `twitter_oembed_endpoint` | the providers' | runtime resolution (`ResolutionSettings`) |
struct MediaSettings: Sendable {
    var cacheDirectory: String
    /// Names cache files; from `host.media_cache_key`.
    var cacheNaming: CacheNaming
    var dataDirectory: String
    var addressPolicy: AddressPolicy
    /// Certificate authorities trusted besides the system's (PEM), for metadata and thumbnails.
    var caFile: String?
    var ytDlp: String?
    var ffmpeg: String?
    var ffprobe: String?
    var toolSearchPath: String
    var extractionTimeout: Duration
    var maxVideoBytes: Int64
    var metadataConcurrency: Int
    var retryAfter: Duration
    var oEmbedEndpoints: [MediaProvider: String]
    var userAgent: String
    var resolution: ResolutionSettings

    /// Reads the settings; a value that cannot be used is reported through `warn` and replaced by the
    /// default.
    init(host: PluginHost, warn: (String) -> Void) {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/tmp"
        cacheDirectory = host.config("host.cache_dir") ?? home + "/.cache/linkstr"
        cacheNaming = host.config("host.media_cache_key").flatMap(CacheNaming.init(hex:)) ?? CacheNaming()
        dataDirectory = host.config("host.data_dir") ?? home + "/.local/share/linkstr"
        addressPolicy = AddressPolicy(setting: host.config("allow_private_addresses"))
        caFile = host.config("ca_file")
        if let path = caFile, access(path, R_OK) != 0 {
            warn("ca_file \(path) cannot be read (\(String(cString: strerror(errno)))); only the system's certificate authorities are trusted")
            caFile = nil
        }
        ytDlp = host.config("host.ytdlp")
        ffmpeg = host.config("ffmpeg")
        ffprobe = host.config("ffprobe")
        toolSearchPath = host.config("tool_search_path") ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        func number(_ key: String, _ fallback: Int64) -> Int64 {
            guard let text = host.config(key) else { return fallback }
            guard let value = Int64(text), value > 0 else {
                warn("\(key) = \(text) is not a positive integer; using \(fallback)")
                return fallback
            }
            return value
        }
        let cacheBudget = number("host.media_cache_bytes", 1 << 30)
        extractionTimeout = .seconds(number("extraction_timeout_seconds", 600))
        maxVideoBytes = number("max_video_bytes", cacheBudget)
        metadataConcurrency = Int(number("metadata_concurrency", 4))
        retryAfter = .seconds(number("failure_retry_seconds", 3600))
        userAgent = host.config("user_agent") ?? "Mozilla/5.0 (compatible; linkstr/\(MediaKitVersion.string))"
        var endpoints: [MediaProvider: String] = [:]
        if let json = host.config("oembed_endpoints") {
            if let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String] {
                for (name, endpoint) in object {
                    guard let provider = MediaProvider(rawValue: name) else {
                        warn("oembed_endpoints: unknown provider '\(name)'; known: youtube, tiktok, twitter, rumble")
                        continue
                    }
                    endpoints[provider] = endpoint
                }
            } else {
                warn("oembed_endpoints must be a table of provider = \"endpoint URL\"; ignoring it")
            }
        }
        oEmbedEndpoints = endpoints
        resolution = ResolutionSettings(value: { host.config($0) }, oEmbedEndpoints: endpoints, warn: warn)
    }

    var toolSettings: ExtractionTools.Settings {
        ExtractionTools.Settings(ytDlp: ytDlp, ffmpeg: ffmpeg, ffprobe: ffprobe, dataDirectory: dataDirectory, searchPath: toolSearchPath)
    }
}
