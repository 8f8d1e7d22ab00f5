import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal

struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Recognise links, fetch their title and thumbnail, resolve them for playback, extract videos into the cache.",
        discussion: """
            Example:
              linkstr media classify https://vimeo.com/76979871
              linkstr media metadata https://www.youtube.com/watch?v=dQw4w9WgXcQ --json
              linkstr media resolve https://x.com/someone/status/1876543210987654321 --json
            """,
        subcommands: [Classify.self, Metadata.self, Resolve.self, Fetch.self, ClearCache.self])
}

extension MediaCommand {
    struct Classify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "classify",
            abstract: "Ask the media providers which of them plays a URL, and how.",
            discussion: """
                Providers are asked in the order of media_providers in config.toml, then by priority; the
                first that claims the URL answers.

                Example:
                  linkstr media classify https://vimeo.com/76979871 --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "An http or https URL.")
        var url: String

        func run() async throws {
            let url = try MediaURLArgument.validate(self.url)
            try await global.withMedia { media in
                let result: MediaClassification?
                do {
                    result = try media.classify(url)
                } catch {
                    throw CLIFailure(.failed, "media classification failed: \(error)")
                }
                guard let result else {
                    throw CLIFailure(.failed, "no media provider claims \(url); `linkstr plugins` lists the installed providers")
                }
                if global.json {
                    Terminal.printJSON(JSONRecords.Classification(result))
                } else {
                    var text = "provider:  \(result.provider) (\(result.pluginID))\nmode:      \(result.mode.rawValue)\ncanonical: \(TerminalText.line(result.canonicalURL))\n"
                    if let embed = result.embedURL { text += "embed:     \(TerminalText.line(embed))\n" }
                    Terminal.write(text)
                }
            }
        }
    }
}

extension MediaCommand {
    struct Metadata: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "metadata",
            abstract: "Fetch a link's title and thumbnail (oEmbed or OpenGraph); the thumbnail is saved in the cache.",
            discussion: """
                Pages on private or loopback addresses are refused unless the provider's config section says
                allow_private_addresses = true (or "loopback"); that refusal is not remembered, so the
                setting takes effect at once. A link that failed otherwise is not fetched again for an
                hour (failure_retry_seconds); `linkstr media clear-cache` forgets failures.

                Example:
                  linkstr media metadata https://www.youtube.com/watch?v=dQw4w9WgXcQ --json
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Give up after this many seconds.", valueName: "seconds"))
        var timeout: Double = 6

        @Argument(help: "An http or https URL.")
        var url: String

        func run() async throws {
            let url = try MediaURLArgument.validate(self.url)
            try await global.withMedia { media in
                let result: MediaMetadataResult
                do throws(MediaFailure) {
                    result = try await media.fetchMetadata(url, timeout: .milliseconds(Int64(max(0.1, timeout) * 1000)))
                } catch {
                    throw LinkstrError(error, "no metadata for \(url)").failure
                }
                if global.json {
                    Terminal.printJSON(JSONRecords.Metadata(result))
                } else {
                    var text = "title:     \(result.title.map(TerminalText.line) ?? "(none)")\n"
                    if let thumbnail = result.thumbnail { text += "thumbnail: \(TerminalText.line(thumbnail))\n" }
                    if let path = result.thumbnailPath { text += "saved:     \(path)\n" }
                    Terminal.write(text)
                }
            }
        }
    }
}

extension MediaCommand {
    /// `linkstr media resolve URL`: how to play a link right now (runtime resolution before playback).
    struct Resolve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Resolve a link at runtime before playback: Facebook share links, Rumble's oEmbed player, X posts' video.",
            discussion: """
                Facebook share links (/share/r/…, /share/v/…) become their reel or video (first redirect, else
                the page's og:url or rel=canonical, else the path); Rumble videos get the iframe URL of Rumble's
                oEmbed; X posts are extraction-preferred when the status API reports a video, embed-only with the
                oEmbed HTML otherwise, else a link. Other links answer their classification. Successes are kept
                in memory by the provider; endpoints are settings of [plugins."org.linkstr.media.builtin"]
                (facebook_resolve_base, rumble_oembed_endpoint, twitter_summary_endpoints, twitter_oembed_endpoint).

                Example:
                  linkstr media resolve https://www.facebook.com/share/r/1AbCdEfG/ --json
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp(
            "Give up on each request after this many seconds (default: the provider's, 6 s or 8 s), and on the whole resolution after twice that (default 30 s).",
            valueName: "seconds"))
        var timeout: Double?

        @Argument(help: "An http or https URL.")
        var url: String

        func run() async throws {
            let url = try MediaURLArgument.validate(self.url)
            try await global.withMedia { media in
                let result: MediaResolutionResult
                do throws(MediaFailure) {
                    result = try await media.resolve(url, timeout: timeout.map { .milliseconds(Int64(max(0.1, $0) * 1000)) })
                } catch {
                    throw LinkstrError(error, "cannot resolve \(url)").failure
                }
                if global.json {
                    Terminal.printJSON(JSONRecords.Resolution(result))
                } else {
                    var text = "provider:  \(result.provider) (\(result.pluginID))\nmode:      \(result.mode.rawValue)\nresolved:  \(TerminalText.line(result.resolvedURL))\n"
                    if let embed = result.embedURL { text += "embed:     \(TerminalText.line(embed))\n" }
                    if let html = result.embedHTML { text += "embed html: \(html.count) characters (--json shows it)\n" }
                    for video in result.videoURLs { text += "video:     \(TerminalText.line(video))\n" }
                    if let via = result.via { text += "via:       \(TerminalText.line(via))\(result.cached ? " (cached)" : "")\n" }
                    Terminal.write(text)
                }
            }
        }
    }
}

extension MediaCommand {
    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Extract a link's video into the video cache with yt-dlp (a cached video is returned at once).",
            discussion: """
                Needs yt-dlp and ffmpeg. yt-dlp is the one scripts/bootstrap.sh installed (the source folder's
                .venv, or LINKSTR_VENV), else ~/.local/share/linkstr/venv/bin/yt-dlp, else the PATH; `ytdlp =
                "/path/to/yt-dlp"` at the top of config.toml names another. ffmpeg: apt-get install ffmpeg.
                The cache keeps media_cache_bytes (1 GiB by
                default) and evicts the least recently used videos. Progress goes to stderr on a terminal.
                Facebook share links are resolved to their reel or video first, and X posts are checked for a
                video (see `linkstr media resolve`); a post without one is refused.

                Example:
                  linkstr media fetch https://www.tiktok.com/@someone/video/7596114833477537054 --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "An http or https URL.")
        var url: String

        func run() async throws {
            let url = try MediaURLArgument.validate(self.url)
            try await global.withMedia { media in
                let video: CachedVideo
                do throws(MediaFailure) {
                    video = try await media.fetchVideo(url, progress: ProgressBar.download())
                } catch {
                    StatusLine.shared.clear()
                    throw LinkstrError(error, "cannot fetch the video of \(url)").failure
                }
                StatusLine.shared.clear()
                if global.json {
                    Terminal.printJSON(JSONRecords.Video(video))
                } else {
                    var text = "\(video.path)\n\(video.bytes) bytes\(video.fromCache ? " (already cached)" : "")\n"
                    for evicted in video.evicted { text += "evicted:  \(evicted.file) (\(evicted.bytes) bytes)\n" }
                    Terminal.write(text)
                }
            }
        }
    }
}

extension MediaCommand {
    struct ClearCache: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear-cache",
            abstract: "Delete cached videos, thumbnails and remembered metadata failures (posts are kept).",
            discussion: """
                Example:
                  linkstr media clear-cache --json
                """)

        @OptionGroup var global: GlobalOptions

        func run() throws {
            // Clearing the cache needs no plugin: the host alone, its plugins not loaded.
            let media = MediaRuntime(host: try global.openHost())
            let cleared: MediaCacheClearing
            do {
                cleared = try media.clearCache()
            } catch {
                throw CLIFailure(.failed, error.description)
            }
            if global.json {
                Terminal.printJSON(JSONRecords.CacheClearing(cleared))
            } else {
                Terminal.write("removed \(cleared.videos) video(s) (\(cleared.videoBytes) bytes) and \(cleared.previewFiles) preview file(s)\n")
            }
        }
    }
}

/// The URL argument of the media commands: validated and normalised like a post's URL; anything else
/// is bad input (exit 2) with the reason.
enum MediaURLArgument {
    static func validate(_ text: String) throws(CLIFailure) -> String {
        do {
            return try MediaRuntime.link(text)
        } catch {
            throw error.failure
        }
    }
}
