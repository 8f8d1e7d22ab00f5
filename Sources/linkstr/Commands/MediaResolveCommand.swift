import ArgumentParser
import Foundation
import LinkstrRuntime

/// `linkstr media resolve URL`: how to play a link right now (runtime resolution before playback).
struct MediaResolveCommand: AsyncParsableCommand {
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
        let media = try global.openMedia()
        defer { media.host.stop() }
        let result: MediaResolutionResult
        do {
            result = try await media.resolve(url, timeout: timeout.map { .milliseconds(Int64(max(0.1, $0) * 1000)) })
        } catch {
            throw RuntimeError(error, "cannot resolve \(url)").failure
        }
        if global.json {
            Terminal.printJSON(JSONRecords.mediaResolution(result))
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
