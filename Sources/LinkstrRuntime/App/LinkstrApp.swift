import LinkstrHost
import Synchronization

/// One linkstr home at work, built once from a ``RuntimeConfiguration``: the one value the command
/// line, the C API, the tests and the app get everything from. Its parts — the host, the plugins,
/// the storage backend, the relay list, the media use cases, the account — open on first use and
/// at most once, each from the ones it needs; nothing else wires plugins together. `close()` ends
/// everything it opened.
///
/// Thread rule: any thread may ask for a part; the first call opens it (the others wait for it).
/// After `close()`, nothing is asked of it.
public final class LinkstrApp: Sendable {
    public let configuration: RuntimeConfiguration
    private let parts: Mutex<Parts>

    public init(_ configuration: RuntimeConfiguration) {
        self.configuration = configuration
        parts = Mutex(Parts())
    }

    /// The host: paths resolved, configuration read (with `--storage` applied).
    public func host() throws(LinkstrError) -> LinkstrHost {
        try parts.withLock { parts throws(LinkstrError) in try parts.host(configuration) }
    }

    /// The settings of linkstr's features in the configuration (read with the host's).
    public func settings() throws(LinkstrError) -> RuntimeSettings {
        try parts.withLock { parts throws(LinkstrError) in try parts.settings(configuration) }
    }

    /// The plugins found for this home, loaded, without checking that the configuration's choices
    /// are among them (`linkstr plugins` lists what there is, also to fix such a choice).
    public func plugins() throws(LinkstrError) -> PluginRegistry {
        try parts.withLock { parts throws(LinkstrError) in try parts.registry(configuration) }
    }

    /// Loads the plugins and checks every plugin id that `--storage` and the configuration name: an
    /// id no installed plugin has (for that capability) is a bad configuration. Returns the host.
    @discardableResult
    public func loadPlugins() throws(LinkstrError) -> LinkstrHost {
        try parts.withLock { parts throws(LinkstrError) in try parts.checkedPlugins(configuration) }
    }

    /// The opened storage backend (for what needs storage but no account).
    public func storage() throws(LinkstrError) -> StorageBackend {
        try parts.withLock { parts throws(LinkstrError) in try parts.backend(configuration) }
    }

    /// The relay list of this home (config.toml's relays, or the defaults, with the changes kept in
    /// storage), for what works on it without an account.
    public func relaySettings() throws(LinkstrError) -> RelaySettings {
        try parts.withLock { parts throws(LinkstrError) in try parts.relaySettings(configuration) }
    }

    /// The media use cases of this home, over the host with its plugins loaded (no storage, no account).
    public func media() throws(LinkstrError) -> MediaRuntime {
        try parts.withLock { parts throws(LinkstrError) in
            if let media = parts.media { return media }
            let media = MediaRuntime(host: try parts.checkedPlugins(configuration))
            parts.media = media
            return media
        }
    }

    /// The profiles of this home, acting on the one the configuration names (else the active one).
    public func accounts() throws(LinkstrError) -> AccountManager {
        try parts.withLock { parts throws(LinkstrError) in try parts.accounts(configuration) }
    }

    /// The account, opened by the first call: host, plugins, storage, the unlocked key and its
    /// runtime (see ``openAccount(_:step:)``).
    /// - Parameter step: told when each step starts (only when this call opens it).
    public func account(step: (Step) -> Void = { _ in }) throws(LinkstrError) -> OpenedAccount {
        try parts.withLock { parts throws(LinkstrError) in
            if let account = parts.account { return account }
            let account = try Self.openAccount(&parts, configuration, step: step)
            parts.account = account
            return account
        }
    }

    /// The account when a call opened it already (nil: none did).
    public var openedAccount: OpenedAccount? {
        parts.withLock { $0.account }
    }

    /// The steps of opening an account, for a front end that shows them (the app's boot screen).
    public enum Step: String, Sendable {
        case loadingAccount = "loading account"
        case preparingLocalData = "preparing local data"
    }

    /// Ends everything it opened: the account's relay client (and a remote signer's), then every
    /// plugin instance, the storage backend's included.
    public func close() async {
        let (host, account) = parts.withLock { parts in (parts.host, parts.account) }
        if let account {
            await account.runtime.disconnect()
            (account.runtime.signer as? RemoteSigner)?.client.close()
        }
        host?.stop()
    }

    /// What is open so far, each at most once.
    struct Parts: Sendable {
        var host: LinkstrHost?
        var settings: RuntimeSettings?
        var registry: PluginRegistry?
        var pluginsChecked = false
        var backend: StorageBackend?
        var relaySettings: RelaySettings?
        var media: MediaRuntime?
        var accounts: AccountManager?
        var account: OpenedAccount?
    }
}
