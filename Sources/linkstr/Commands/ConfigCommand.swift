import ArgumentParser
import LinkstrHost
import LinkstrRuntime

/// `linkstr config`: the effective configuration — files, folders, the plugin search path and every
/// setting with its default filled in. Secrets are masked (`SecretMasking`) unless `--show-secrets`.
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
        let object = Self.effective(host, showSecrets: showSecrets)
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
        text += "storage:       \(configuration.storage ?? "(default: \(Self.defaultStorage))")\n"
        text += "transport:     \(configuration.transport ?? "(default)")\n"
        text += "media order:   \(configuration.mediaProviders.isEmpty ? "(by priority)" : configuration.mediaProviders.joined(separator: ", "))\n"
        text += "notifiers:     \(configuration.notifiers.map { $0.isEmpty ? "(none)" : $0.joined(separator: ", ") } ?? "(default: desktop notifications when available)")\n"
        text += "yt-dlp:        \(configuration.ytdlp ?? host.setupVirtualEnvironment?.program("yt-dlp").map { "\($0) (the set-up's)" } ?? "(<data>/venv or PATH)")\n"
        text += "relays:        \(configuration.relays.isEmpty ? "(defaults)" : configuration.relays.joined(separator: ", "))\n"
        text += "plugin search path:\n"
        for source in PluginDiscovery(configuration: configuration, paths: host.paths).sources {
            text += "  \(source.path)  [\(source.origin)]\n"
        }
        for (pluginID, settings) in Self.maskedSettings(configuration, showSecrets: showSecrets).sorted(by: { $0.key < $1.key }) {
            text += "[plugins.\"\(pluginID)\"]\n"
            for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                text += "  \(key) = \(value)\n"
            }
        }
        Terminal.write(text)
    }

    static let defaultStorage = "org.linkstr.storage.sqlite"

    static func effective(_ host: LinkstrHost, showSecrets: Bool) -> [String: Any] {
        let configuration = host.configuration
        var object: [String: Any] = [
            "config_file": host.paths.configFile,
            "config_file_exists": configuration.sourceFileExists,
            "data_dir": host.paths.dataDirectory,
            "cache_dir": host.paths.cacheDirectory,
            "state_dir": host.paths.stateDirectory,
            "log_level": "\(host.log.threshold)",
            "storage": configuration.storage ?? defaultStorage,
            "media_providers": configuration.mediaProviders,
            "notifiers": configuration.notifiers ?? [NotificationDispatcher.desktopNotifier],
            "relays": configuration.relays,
            "providers": configuration.providers,
            "plugin_paths": configuration.pluginPaths,
            "plugin_search_path": PluginDiscovery(configuration: configuration, paths: host.paths).sources.map {
                ["path": $0.path, "origin": $0.origin]
            },
            "plugins": maskedSettings(configuration, showSecrets: showSecrets),
        ]
        object["home"] = host.paths.home
        object["transport"] = configuration.transport
        return object
    }

    /// Plugin settings with their secrets masked (by name and by value), unless `showSecrets`.
    static func maskedSettings(_ configuration: Configuration, showSecrets: Bool) -> [String: [String: String]] {
        guard !showSecrets else { return configuration.pluginSettings }
        return configuration.pluginSettings.mapValues { settings in
            Dictionary(uniqueKeysWithValues: settings.map { key, value in (key, SecretMasking.masked(value, setting: key)) })
        }
    }
}
