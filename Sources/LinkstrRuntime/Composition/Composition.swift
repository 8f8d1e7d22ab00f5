import LinkstrHost
import LinkstrPluginKit
import NostrCore
import PluginABI

/// The one composition root: the command line, the C API, the demo and the tests put their host,
/// storage and account runtime together here from one `RuntimeConfiguration`; nothing else wires
/// plugins together.
public enum Composition {
    /// The host: paths resolved, configuration read (with `--storage` applied), no plugin loaded.
    public static func host(_ configuration: RuntimeConfiguration) throws(CompositionError) -> LinkstrHost {
        let host: LinkstrHost
        do {
            host = try LinkstrHost.open(home: configuration.home, configFile: configuration.configFile, environment: configuration.environment)
        } catch {
            throw CompositionError(.badConfiguration, error.description)
        }
        guard let storage = configuration.storage else { return host }
        var settings = host.configuration
        settings.storage = LinkstrHost.builtInStorage[storage] ?? storage
        settings.providers[CapabilityID.storage] = nil
        return LinkstrHost(paths: host.paths, configuration: settings, log: host.log)
    }

    /// Loads the plugins of `host` and checks every plugin id that `--storage` and the configuration
    /// name: an id no installed plugin has (for that capability) is a bad configuration.
    public static func loadPlugins(_ host: LinkstrHost, _ configuration: RuntimeConfiguration) throws(CompositionError) {
        let registry = discoverPlugins(host, configuration)
        let installedStorage = registry.providers(of: CapabilityID.storage).map(\.id)
        if let storage = configuration.storage, let chosen = host.configuration.storage, !installedStorage.contains(chosen) {
            let names = LinkstrHost.builtInStorage.keys.sorted().joined(separator: ", ")
            throw CompositionError(
                .badConfiguration,
                "--storage \(storage): no such storage backend; use \(names) or the id of an installed plugin that provides "
                    + "\(CapabilityID.storage)" + (installedStorage.isEmpty ? "" : " (installed: \(installedStorage.joined(separator: ", ")))"))
        }
        do {
            try registry.checkPlugins(namedIn: host.configuration)
        } catch {
            throw CompositionError(.badConfiguration, error.description)
        }
    }

    /// The host with its plugins and its opened storage backend (for what needs storage but no
    /// account, such as the relay list).
    public static func storage(_ configuration: RuntimeConfiguration) throws(CompositionError) -> (host: LinkstrHost, backend: StorageBackend) {
        let host = try self.host(configuration)
        return (host, try openStorage(host, configuration))
    }

    /// The relay list of this home (config.toml's relays, or the defaults, with the changes kept in
    /// storage), for what works on it without an account: `relay add/remove/enable/disable/reset/list`.
    public static func relaySettings(_ configuration: RuntimeConfiguration) throws(CompositionError) -> (host: LinkstrHost, settings: RelaySettings) {
        let (host, backend) = try storage(configuration)
        return (host, RelaySettings(backend: backend, configured: host.configuration.relays))
    }

    /// The media use cases of this home: the host with its plugins loaded (no storage, no account), for
    /// `linkstr media` and `linkstr open`. The caller stops `host` when done.
    public static func media(_ configuration: RuntimeConfiguration) throws(CompositionError) -> MediaRuntime {
        let host = try self.host(configuration)
        try loadPlugins(host, configuration)
        return MediaRuntime(host: host)
    }

    /// The plugins found for this home, without checking that the configuration's choices are among
    /// them (`linkstr plugins` lists what there is, also to fix such a choice).
    public static func plugins(_ configuration: RuntimeConfiguration) throws(CompositionError) -> (host: LinkstrHost, registry: PluginRegistry) {
        let host = try self.host(configuration)
        return (host, discoverPlugins(host, configuration))
    }

    /// The profiles of `host`'s home, acting on the one the configuration names (else the active one).
    public static func accounts(_ host: LinkstrHost, _ configuration: RuntimeConfiguration) -> AccountManager {
        AccountManager(dataDirectory: host.paths.dataDirectory, environment: configuration.environment, profile: configuration.profile)
    }

    /// The steps of opening an account, for a front end that shows them (the app's boot screen).
    public enum Step: String, Sendable {
        case loadingAccount = "loading account"
        case preparingLocalData = "preparing local data"
    }

    /// Everything an account needs: host, plugins, storage, the unlocked key and the runtime.
    /// - Parameter step: told when each step starts.
    public static func account(_ configuration: RuntimeConfiguration, step: (Step) -> Void = { _ in }) throws(CompositionError) -> OpenedAccount {
        let host = try self.host(configuration)
        step(.loadingAccount)
        let accounts = self.accounts(host, configuration)
        // The key is read first (as the app boots), but a storage failure still wins.
        let keys = Result { () throws(AccountError) in try accounts.unlock() }
        if case .success = keys { step(.preparingLocalData) }
        let backend = try openStorage(host, configuration)
        let unlocked: UnlockedAccount
        do {
            unlocked = try keys.get()
        } catch {
            throw CompositionError(error)
        }
        let signer: any Signer
        let dataSecret: SecretKey
        switch unlocked {
        case .local(let secretKey):
            signer = LocalSigner(secretKey: secretKey)
            dataSecret = secretKey
        case let .remote(user, link, sessionKey, secret, timeout):
            let client = try remoteSignerClient(host, link: link, sessionKey: sessionKey, timeout: timeout, onAuthURL: configuration.onAuthURL)
            signer = RemoteSigner(publicKey: user, client: client)
            dataSecret = secret
        }
        let runtime: AccountRuntime
        do {
            runtime = try AccountRuntime(host: host, backend: backend, signer: signer, dataSecret: dataSecret)
        } catch {
            throw CompositionError(.failed, error.description)
        }
        return OpenedAccount(host: host, backend: backend, accounts: accounts, runtime: runtime)
    }

    /// A NIP-46 client for the signer of `link`, over a pool of its own (``remoteSignerPool(_:)``).
    public static func remoteSignerClient(
        _ host: LinkstrHost, link: BunkerLink, sessionKey: SecretKey, timeout: Duration = RemoteSignerClient.defaultTimeout,
        onAuthURL: @escaping @Sendable (String) -> Void
    ) throws(CompositionError) -> RemoteSignerClient {
        let pool = try remoteSignerPool(host)
        do throws(RemoteSignerError) {
            return try RemoteSignerClient(pool: pool, link: link, sessionKey: sessionKey, timeout: timeout, onAuthURL: onAuthURL)
        } catch {
            throw CompositionError(.failed, error.description)
        }
    }

    /// A relay pool for talking to a remote signer, over a transport instance of its own (the
    /// signer's relays are not the account's). The host's plugins must be loaded.
    public static func remoteSignerPool(_ host: LinkstrHost) throws(CompositionError) -> RelayPool {
        do {
            return try RelayPool(transport: try host.ownedProvider(of: CapabilityID.transport, as: lkh_transport_v1.self))
        } catch {
            throw CompositionError(.failed, "no transport for the remote signer: \(error)")
        }
    }

    /// Loads the plugins on the search path of `host` and those compiled in, without checking the
    /// configuration's choices against them (see `loadPlugins(_:_:)`).
    public static func discoverPlugins(_ host: LinkstrHost, _ configuration: RuntimeConfiguration) -> PluginRegistry {
        host.loadPlugins(
            discovery: PluginDiscovery(configuration: host.configuration, paths: host.paths, libraryDirectory: configuration.libraryDirectory),
            inProcess: configuration.inProcessPlugins.map(\.descriptor))
    }

    private static func openStorage(_ host: LinkstrHost, _ configuration: RuntimeConfiguration) throws(CompositionError) -> StorageBackend {
        try loadPlugins(host, configuration)
        do {
            return try host.openStorage()
        } catch {
            let hint = configuration.storage == "memory" ? "" : " Run with --storage memory to use linkstr for this launch without saved data."
            throw CompositionError(.storage, "cannot open storage: \(error).\(hint)")
        }
    }
}
