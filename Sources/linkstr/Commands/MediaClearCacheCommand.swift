import ArgumentParser
import LinkstrHost

struct MediaClearCacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear-cache",
        abstract: "Delete cached videos, thumbnails and remembered metadata failures (posts are kept).",
        discussion: """
            Example:
              linkstr media clear-cache --json
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let host = try global.openHost()
        let cleared: MediaCacheClearing
        do {
            cleared = try host.clearMediaCache()
        } catch {
            throw CLIFailure(.failed, error.description)
        }
        if global.json {
            Terminal.printJSON(["videos": cleared.videos, "video_bytes": cleared.videoBytes, "preview_files": cleared.previewFiles])
        } else {
            Terminal.write("removed \(cleared.videos) video(s) (\(cleared.videoBytes) bytes) and \(cleared.previewFiles) preview file(s)\n")
        }
    }
}
