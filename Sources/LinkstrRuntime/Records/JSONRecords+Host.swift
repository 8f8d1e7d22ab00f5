import LinkstrHost

/// The records of what a home is made of: its effective configuration and its plugins.
extension JSONRecords {
    /// The storage backend used when the configuration names none.
    public static let defaultStorage = "org.linkstr.storage.sqlite"

    /// One loaded plugin (`linkstr plugins`).
    public struct PluginRow: Encodable, Sendable {
        public let id: String
        public let name: String
        public let version: String
        public let path: String
        public let provides: [String]
        public let requires: [String]
        /// The ABI version it was built for, `1.<minor>`.
        public let abi: String
        public let builtWith: String?

        public init(_ plugin: LoadedPlugin) {
            (id, name, version, path) = (plugin.id, plugin.name, plugin.version, plugin.path)
            (provides, requires, abi, builtWith) = (plugin.provides, plugin.requires, "1.\(plugin.abiMinor)", plugin.builtWith)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, version, path, provides, requires, abi
            case builtWith = "built_with"
        }
    }

    /// The effective configuration of a home (`linkstr config`): files, folders, the plugin search
    /// path and every setting with its default filled in; secrets masked unless asked for.
    public struct EffectiveConfiguration: Encodable, Sendable {
        public let home: String?
        public let configFile: String
        public let configFileExists: Bool
        public let dataDir: String
        public let cacheDir: String
        public let stateDir: String
        public let logLevel: String
        public let storage: String
        public let transport: String?
        public let mediaProviders: [String]
        public let notifiers: [String]
        public let relays: [String]
        public let providers: [String: String]
        public let pluginPaths: [String]
        public let pluginSearchPath: [SearchPathEntry]
        /// Each plugin's settings by plugin id.
        public let plugins: [String: [String: String]]

        /// A folder or file plugins are loaded from, and what put it on the path.
        public struct SearchPathEntry: Encodable, Sendable {
            public let path: String
            public let origin: String
        }

        public init(_ host: LinkstrHost, showSecrets: Bool) {
            let configuration = host.configuration
            (home, configFile, configFileExists) = (host.paths.home, host.paths.configFile, configuration.sourceFileExists)
            (dataDir, cacheDir, stateDir) = (host.paths.dataDirectory, host.paths.cacheDirectory, host.paths.stateDirectory)
            (logLevel, storage, transport) = ("\(host.log.threshold)", configuration.storage ?? JSONRecords.defaultStorage, configuration.transport)
            mediaProviders = configuration.mediaProviders
            notifiers = configuration.notifiers ?? [NotificationDispatcher.desktopNotifier]
            (relays, providers, pluginPaths) = (configuration.relays, configuration.providers, configuration.pluginPaths)
            pluginSearchPath = PluginDiscovery(configuration: configuration, paths: host.paths).sources.map {
                SearchPathEntry(path: $0.path, origin: $0.origin)
            }
            plugins = JSONRecords.pluginSettings(configuration, showSecrets: showSecrets)
        }

        enum CodingKeys: String, CodingKey {
            case home, storage, transport, notifiers, relays, providers, plugins
            case configFile = "config_file"
            case configFileExists = "config_file_exists"
            case dataDir = "data_dir"
            case cacheDir = "cache_dir"
            case stateDir = "state_dir"
            case logLevel = "log_level"
            case mediaProviders = "media_providers"
            case pluginPaths = "plugin_paths"
            case pluginSearchPath = "plugin_search_path"
        }
    }

    /// Plugin settings with their secrets masked (by name and by value), unless `showSecrets`.
    public static func pluginSettings(_ configuration: Configuration, showSecrets: Bool) -> [String: [String: String]] {
        guard !showSecrets else { return configuration.pluginSettings }
        return configuration.pluginSettings.mapValues { settings in
            Dictionary(uniqueKeysWithValues: settings.map { key, value in (key, SecretMasking.masked(value, setting: key)) })
        }
    }
}
