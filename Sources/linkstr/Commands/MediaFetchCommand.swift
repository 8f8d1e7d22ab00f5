import ArgumentParser
import Foundation
import LinkstrRuntime

struct MediaFetchCommand: AsyncParsableCommand {
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
        let media = try global.openMedia()
        defer { media.host.stop() }
        let video: CachedVideo
        do {
            video = try await media.fetchVideo(url, progress: ProgressBar.download())
        } catch {
            StatusLine.shared.clear()
            throw RuntimeError(error, "cannot fetch the video of \(url)").failure
        }
        StatusLine.shared.clear()
        if global.json {
            Terminal.printJSON(JSONRecords.cachedVideo(video))
        } else {
            var text = "\(video.path)\n\(video.bytes) bytes\(video.fromCache ? " (already cached)" : "")\n"
            for evicted in video.evicted { text += "evicted:  \(evicted.file) (\(evicted.bytes) bytes)\n" }
            Terminal.write(text)
        }
    }
}
