import ArgumentParser
import LinkstrRuntime

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
        // Clearing the cache needs no plugin: the host alone, its plugins not loaded.
        let media = MediaRuntime(host: try global.openHost())
        let cleared: MediaCacheClearing
        do {
            cleared = try media.clearCache()
        } catch {
            throw CLIFailure(.failed, error.description)
        }
        if global.json {
            Terminal.printJSON(JSONRecords.mediaCacheClearing(cleared))
        } else {
            Terminal.write("removed \(cleared.videos) video(s) (\(cleared.videoBytes) bytes) and \(cleared.previewFiles) preview file(s)\n")
        }
    }
}
