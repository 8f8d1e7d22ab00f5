import ArgumentParser
import LinkstrRuntime

/// `linkstr config`: the effective configuration — files, folders, the plugin search path and every
/// setting with its default filled in (`JSONRecords.EffectiveConfiguration`).
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration.",
        discussion: """
            Example:
              linkstr --home /tmp/alice config --json
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("show-secrets"), help: "Show passwords, tokens and push URLs as they are written.")
    var showSecrets = false

    func run() throws {
        let host = try global.openHost()
        let object = JSONRecords.EffectiveConfiguration(host, showSecrets: showSecrets)
        if global.json {
            Terminal.printJSON(object)
            return
        }
        let configuration = host.configuration
        var text = "config file:   \(host.paths.configFile)\(configuration.sourceFileExists ? "" : " (absent; defaults in use)")\n"
        text += "home:          \(host.paths.home ?? "(XDG folders)")\n"
        text += "data:          \(host.paths.dataDirectory)\n"
        text += "cache:         \(host.paths.cacheDirectory)\n"
        text += "state:         \(host.paths.stateDirectory)\n"
        text += "log level:     \(host.log.threshold)\n"
        text += "storage:       \(configuration.storage ?? "(default: \(JSONRecords.defaultStorage))")\n"
        text += "transport:     \(configuration.transport ?? "(default)")\n"
        text += "media order:   \(configuration.mediaProviders.isEmpty ? "(by priority)" : configuration.mediaProviders.joined(separator: ", "))\n"
        text += "notifiers:     \(configuration.notifiers.map { $0.isEmpty ? "(none)" : $0.joined(separator: ", ") } ?? "(default: desktop notifications when available)")\n"
        text += "yt-dlp:        \(configuration.ytdlp ?? host.setupVirtualEnvironment?.program("yt-dlp").map { "\($0) (the set-up's)" } ?? "(<data>/venv or PATH)")\n"
        text += "relays:        \(configuration.relays.isEmpty ? "(defaults)" : configuration.relays.joined(separator: ", "))\n"
        text += "plugin search path:\n"
        for source in PluginDiscovery(configuration: configuration, paths: host.paths).sources {
            text += "  \(source.path)  [\(source.origin)]\n"
        }
        for (pluginID, settings) in JSONRecords.pluginSettings(configuration, showSecrets: showSecrets).sorted(by: { $0.key < $1.key }) {
            text += "[plugins.\"\(pluginID)\"]\n"
            for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                text += "  \(key) = \(value)\n"
            }
        }
        Terminal.write(text)
    }
}
