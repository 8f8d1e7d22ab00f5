import LinkstrHost

/// The records of what a home is made of: its effective configuration and its plugins.
extension JSONRecords {
    /// The storage backend used when the configuration names none.
    public static let defaultStorage = "org.linkstr.storage.sqlite"

    /// One loaded plugin (`linkstr plugins`).
    public static func plugin(_ plugin: LoadedPlugin) -> [String: Any] {
        var object: [String: Any] = [
            "id": plugin.id, "name": plugin.name, "version": plugin.version, "path": plugin.path,
            "provides": plugin.provides, "requires": plugin.requires, "abi": "1.\(plugin.abiMinor)",
        ]
        object["built_with"] = plugin.builtWith
        return object
    }

    /// The effective configuration of `host` (`linkstr config`): files, folders, the plugin search
    /// path and every setting with its default filled in; secrets masked unless `showSecrets`.
    public static func configuration(_ host: LinkstrHost, showSecrets: Bool) -> [String: Any] {
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
            "plugins": pluginSettings(configuration, showSecrets: showSecrets),
        ]
        object["home"] = host.paths.home
        object["transport"] = configuration.transport
        return object
    }

    /// Plugin settings with their secrets masked (by name and by value), unless `showSecrets`.
    public static func pluginSettings(_ configuration: Configuration, showSecrets: Bool) -> [String: [String: String]] {
        guard !showSecrets else { return configuration.pluginSettings }
        return configuration.pluginSettings.mapValues { settings in
            Dictionary(uniqueKeysWithValues: settings.map { key, value in (key, SecretMasking.masked(value, setting: key)) })
        }
    }
}
