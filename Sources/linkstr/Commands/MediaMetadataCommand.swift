import ArgumentParser
import Foundation
import LinkstrRuntime

struct MediaMetadataCommand: AsyncParsableCommand {
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
        let media = try global.openMedia()
        defer { media.host.stop() }
        let result: MediaMetadataResult
        do {
            result = try await media.fetchMetadata(url, timeout: .milliseconds(Int64(max(0.1, timeout) * 1000)))
        } catch {
            throw RuntimeError(error, "no metadata for \(url)").failure
        }
        if global.json {
            Terminal.printJSON(JSONRecords.mediaMetadata(result))
        } else {
            var text = "title:     \(result.title.map(TerminalText.line) ?? "(none)")\n"
            if let thumbnail = result.thumbnail { text += "thumbnail: \(TerminalText.line(thumbnail))\n" }
            if let path = result.thumbnailPath { text += "saved:     \(path)\n" }
            Terminal.write(text)
        }
    }
}
