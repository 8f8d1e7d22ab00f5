/// The settings in `config.toml`. Every value has a default, so a missing file is a valid, empty
/// configuration.
///
/// ```toml
/// storage = "org.linkstr.storage.sqlite"      # provider of org.linkstr.storage/1
/// media_providers = ["com.example.vimeo"]     # asked first, before the built-in providers
/// plugin_paths = ["/opt/linkstr-plugins"]     # extra plugin files or folders
/// signer_plugins = ["org.linkstr.transport.relay-pool"]  # may sign (the kinds they declare)
///
/// [notify]
/// from = "contacts"                            # notify only for contacts; default "members"
///
/// [providers]                                  # any capability family, by id
/// "com.example.archive/1" = "com.example.archive.s3"
///
/// [plugins."org.linkstr.storage.sqlite"]       # settings a plugin reads through config_get
/// path = "/var/lib/linkstr/linkstr.sqlite"
/// ```
public struct Configuration: Equatable, Sendable {
    /// The file this was read from, and whether it existed.
    public var sourceFile: String?
    public var sourceFileExists = false

    public var storage: String?
    public var transport: String?
    public var mediaProviders: [String] = []
    /// The notifier plugin ids of `notifiers = [...]`; nil when the file does not say (then the
    /// desktop notifier is used when a notification server answers), `[]` for none.
    public var notifiers: [String]?
    /// Whose posts and reactions notify (`[notify] from`).
    public var notifyFrom = NotificationSenders.members
    public var pluginPaths: [String] = []
    /// The plugins offered the signer service (`signer_plugins`), for the event kinds each declares.
    public var signerPlugins = Configuration.defaultSignerPlugins
    /// By default only the relay pool, which signs NIP-42 AUTH events.
    public static let defaultSignerPlugins = ["org.linkstr.transport.relay-pool"]
    public var relays: [String] = []
    public var logLevel: String?
    /// The yt-dlp program (`ytdlp`); by default the set-up's, then `<data>/venv`, then `PATH`.
    public var ytdlp: String?
    /// The video cache budget in bytes (`media_cache_bytes`); least recently used videos are evicted
    /// beyond it.
    public var mediaCacheBytes: Int64 = Configuration.defaultMediaCacheBytes
    public static let defaultMediaCacheBytes: Int64 = 1 << 30
    /// Capability id → chosen plugin id, for any capability family.
    public var providers: [String: String] = [:]
    /// Plugin id → its settings. Scalars are kept as text, arrays and tables as JSON text.
    public var pluginSettings: [String: [String: String]] = [:]
    /// The file's TOML text as read (empty when there is none): the program built on the host reads
    /// its own tables (``load(path:appTables:)``) from it, so the file is read once.
    public var text = ""

    public init() {}

    /// The setting names a config file may use at the top level, besides the tables of the program
    /// built on the host.
    public static let knownKeys: [String] = [
        "storage", "transport", "media_providers", "notifiers", "plugin_paths", "relays", "log_level",
        "providers", "plugins", "media_cache_bytes", "ytdlp", "notify", "signer_plugins",
    ]

    /// The plugin id the configuration chooses for `capabilityID`, if any.
    public func chosenProvider(for capabilityID: String) -> String? {
        if let chosen = providers[capabilityID] { return chosen }
        switch capabilityID {
        case CapabilityID.storage: return storage
        case CapabilityID.transport: return transport
        default: return nil
        }
    }
}
