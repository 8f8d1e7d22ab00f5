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
        public let notifyFrom: String
        public let signerPlugins: [String]
        public let ytdlp: String?
        public let mediaCacheBytes: Int64
        public let saved: Saved
        public let signer: Signer
        public let browser: Browser
        public let profiles: Profiles
        public let app: App

        /// `[saved]`, its token, secret and the webhook's path masked unless asked.
        public struct Saved: Encodable, Sendable {
            public let webhook: String?
            public let token: String?
            public let secret: String?
            public let extraFields: Bool

            enum CodingKeys: String, CodingKey {
                case webhook, token, secret
                case extraFields = "extra_fields"
            }
        }

        /// `[signer]`; `allow` absent when a new client is asked on the terminal.
        public struct Signer: Encodable, Sendable {
            public let serve: Bool
            public let allow: [String]?
            public let secret: String?
            public let relays: [String]
        }

        /// `[browser]`: the rules for every profile and each profile's own.
        public struct Browser: Encodable, Sendable {
            public let allow: [String]
            public let deny: [String]
            public let profiles: [String: Browser]?

            init(_ settings: BrowserSettings) {
                (allow, deny) = (settings.allow.map(\.text), settings.deny.map(\.text))
                profiles = settings.profiles.isEmpty ? nil : settings.profiles.mapValues(Browser.init)
            }
        }

        public struct Profiles: Encodable, Sendable {
            public let autoLockMinutes: Int
            public let lockedInboxWraps: Int
            public let lockedInboxBytes: Int

            enum CodingKeys: String, CodingKey {
                case autoLockMinutes = "auto_lock_minutes"
                case lockedInboxWraps = "locked_inbox_wraps"
                case lockedInboxBytes = "locked_inbox_bytes"
            }
        }

        /// `[app]`; port 0 is a free port.
        public struct App: Encodable, Sendable {
            public let serve: Bool
            public let port: Int
        }

        /// A folder or file plugins are loaded from, and what put it on the path.
        public struct SearchPathEntry: Encodable, Sendable {
            public let path: String
            public let origin: String
        }

        public init(_ host: LinkstrHost, settings: RuntimeSettings, showSecrets: Bool) {
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
            let secret = { (value: String?, setting: String) in value.map { showSecrets ? $0 : SecretMasking.masked($0, setting: setting) } }
            (notifyFrom, signerPlugins) = (configuration.notifyFrom.rawValue, configuration.signerPlugins)
            (ytdlp, mediaCacheBytes) = (configuration.ytdlp, configuration.mediaCacheBytes)
            let savedLinks = settings.savedLinks
            saved = Saved(
                webhook: secret(savedLinks.webhook, "webhook"), token: secret(savedLinks.token, "token"), secret: secret(savedLinks.secret, "secret"),
                extraFields: savedLinks.extraFields)
            let bunker = settings.bunker
            signer = Signer(serve: bunker.serve, allow: bunker.allow?.map(\.description), secret: secret(bunker.secret, "secret"), relays: bunker.relays)
            browser = Browser(settings.browser)
            let locking = settings.profiles
            profiles = Profiles(autoLockMinutes: locking.autoLockMinutes, lockedInboxWraps: locking.lockedInboxWraps, lockedInboxBytes: locking.lockedInboxBytes)
            app = App(serve: settings.app.serve, port: settings.app.port)
        }

        enum CodingKeys: String, CodingKey {
            case home, storage, transport, notifiers, relays, providers, plugins, ytdlp, saved, signer, browser, profiles, app
            case notifyFrom = "notify_from"
            case signerPlugins = "signer_plugins"
            case mediaCacheBytes = "media_cache_bytes"
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
