import ArgumentParser
import Foundation
import LinkstrHost

struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Recognise links: provider, playback mode, canonical and embed URLs.",
        subcommands: [MediaClassifyCommand.self])
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
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else {
            throw CLIFailure(.usage, "'\(url)' is not an http or https URL")
        }
        let host = try global.openHost()
        host.loadPlugins()
        let result: MediaClassification?
        do {
            result = try host.classify(url)
        } catch {
            throw CLIFailure(.failed, "media classification failed: \(error)")
        }
        guard let result else {
            throw CLIFailure(.failed, "no media provider claims \(url); `linkstr plugins` lists the installed providers")
        }
        if global.json {
            var object: [String: Any] = [
                "provider": result.provider, "mode": result.mode.rawValue, "canonical_url": result.canonicalURL,
                "plugin": result.pluginID,
            ]
            object["embed_url"] = result.embedURL
            Terminal.printJSON(object)
        } else {
            var text = "provider:  \(result.provider) (\(result.pluginID))\nmode:      \(result.mode.rawValue)\ncanonical: \(result.canonicalURL)\n"
            if let embed = result.embedURL { text += "embed:     \(embed)\n" }
            Terminal.write(text)
        }
    }
}
