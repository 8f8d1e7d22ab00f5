import ArgumentParser
import Foundation
import LinkstrHost
import LinkstrRuntime

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
        subcommands: [
            MediaClassifyCommand.self, MediaMetadataCommand.self, MediaResolveCommand.self, MediaFetchCommand.self, MediaClearCacheCommand.self,
        ])
}

struct MediaClassifyCommand: ParsableCommand {
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

    func run() throws {
        let url = try MediaURLArgument.validate(self.url)
        let media = try global.openMedia()
        defer { media.host.stop() }
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
            Terminal.printJSON(JSONRecords.mediaClassification(result))
        } else {
            var text = "provider:  \(result.provider) (\(result.pluginID))\nmode:      \(result.mode.rawValue)\ncanonical: \(TerminalText.line(result.canonicalURL))\n"
            if let embed = result.embedURL { text += "embed:     \(TerminalText.line(embed))\n" }
            Terminal.write(text)
        }
    }
}
