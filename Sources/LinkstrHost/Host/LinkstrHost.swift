import CHostSupport
import LinkstrPluginKit
import PluginABI
import Synchronization

/// The plugin host: configuration, plugin discovery and loading, the capability registry, provider
/// selection and the plugin instances it created.
///
/// Thread rule: `loadPlugins()`, `start()` and `stop()` are control calls made from one thread; the
/// accessors that create or return instances are thread-safe.
public final class LinkstrHost: Sendable {
    public let paths: LinkstrPaths
    public let configuration: Configuration
    public let log: HostLog
    /// The account's signer, offered as `LKH_SERVICE_SIGNER_V1` to the plugins that declare the event
    /// kinds they sign and that `signer_plugins` allows (NIP-42 AUTH in the relay pool). No account
    /// until `signerService.setSigner(_:)`.
    public let signerService = SignerService(signer: nil)
    private let state = Mutex(State())

    private struct State {
        var registry = PluginRegistry()
        var instances: [String: PluginInstance] = [:]
        /// The media providers in asking order, built on first use after loading.
        var mediaProviders: [MediaProvider]?
        var eventHandler: (@Sendable (_ pluginID: String, _ eventID: String, _ payload: [UInt8]) -> Void)?
    }

    public init(paths: LinkstrPaths, configuration: Configuration, log: HostLog) {
        self.paths = paths
        self.configuration = configuration
        self.log = log
    }

    /// Resolves the paths, reads the configuration and sets up the log (`LINKSTR_LOG` wins over
    /// `log_level`; an unknown level in either is an error).
    ///
    /// - Parameters:
    ///   - home: `--home`, or nil to use `LINKSTR_HOME` or the XDG folders.
    ///   - configFile: `--config`, or nil for the default location. Unlike the default file, a
    ///     file named here must exist (a mistyped name would otherwise mean the defaults).
    ///   - appTables: the top-level tables of the file the program built on the host reads itself.
    public static func open(
        home: String?, configFile: String?, environment: [String: String], appTables: [String] = []
    ) throws(ConfigurationError) -> LinkstrHost {
        let paths = LinkstrPaths.resolve(home: home, configFile: configFile, environment: environment)
        if configFile != nil, !FileSystem.exists(paths.configFile) {
            throw ConfigurationError(path: paths.configFile, reason: "no such file (given with --config)")
        }
        let configuration = try Configuration.load(path: paths.configFile, appTables: appTables)
        var level = HostLog.level(named: configuration.logLevel) ?? .warn
        if let name = environment["LINKSTR_LOG"], !name.isEmpty {
            guard let chosen = HostLog.level(named: name) else {
                throw ConfigurationError(
                    path: "LINKSTR_LOG", reason: "'\(name)' is not a log level; use one of \(HostLog.levelNames.joined(separator: ", ")), or unset it")
            }
            level = chosen
        }
        return LinkstrHost(paths: paths, configuration: configuration, log: HostLog(threshold: level))
    }

    public var registry: PluginRegistry { state.withLock { $0.registry } }

    /// Receives every event plugins emit through `emit_event`.
    public func setEventHandler(_ handler: (@Sendable (_ pluginID: String, _ eventID: String, _ payload: [UInt8]) -> Void)?) {
        state.withLock { $0.eventHandler = handler }
    }

    /// Finds and loads every plugin, then adds the in-process ones; logs one line per refused plugin.
    ///
    /// - Parameter inProcess: plugin descriptors already in this process, registered without a file
    ///   (e.g. PluginTesting's `FakeRelay.descriptor`).
    @discardableResult
    public func loadPlugins(discovery: PluginDiscovery? = nil, inProcess: [UnsafePointer<lkh_plugin_desc>] = []) -> PluginRegistry {
        let files = (discovery ?? PluginDiscovery(configuration: configuration, paths: paths)).candidateFiles()
        let registry = PluginRegistry(files: files, inProcess: inProcess)
        for refusal in registry.refused {
            log.log(.warn, refusal.description)
        }
        for replacement in registry.replaced {
            log.log(.warn, replacement.description)
        }
        state.withLock {
            $0.registry = registry
            $0.mediaProviders = nil
        }
        return registry
    }

    /// The instance of `plugin`, created on first use.
    public func instance(of plugin: LoadedPlugin) throws(PluginError) -> PluginInstance {
        if let existing = state.withLock({ $0.instances[plugin.id] }) { return existing }
        try checkSignerRequirement(plugin)
        let created = try PluginInstance(descriptor: plugin.descriptor, provider: services(for: plugin.id))
        return state.withLock { state in
            if let raced = state.instances[plugin.id] { return raced }
            state.instances[plugin.id] = created
            return created
        }
    }

    /// The host services a plugin instance receives: its config section, `host.*` values, the log,
    /// clocks, the executor, the event bus and, if granted (``signerKinds(for:)``), the signer service
    /// — the account's, or `signer` when given.
    public func services(for pluginID: String, signer: SignerService? = nil) -> any HostServiceProvider {
        var services: [String: UnsafeRawPointer] = [:]
        if let kinds = signerKinds(for: pluginID) { services[LKH_SERVICE_SIGNER_V1] = (signer ?? signerService).table(for: pluginID, kinds: kinds) }
        return HostServices(
            pluginID: pluginID,
            settings: configuration.pluginSettings[pluginID] ?? [:],
            hostSettings: hostSettings,
            log: log,
            services: services,
            onEvent: { [weak self] pluginID, eventID, payload in
                self?.state.withLock { $0.eventHandler }?(pluginID, eventID, payload)
            })
    }

    /// The event kinds `pluginID` may have signed: those its descriptor declares, when `signer_plugins`
    /// lists it; nil (no signer service) otherwise.
    public func signerKinds(for pluginID: String) -> Set<Int>? {
        guard configuration.signerPlugins.contains(pluginID),
            let plugin = registry.plugins.first(where: { $0.id == pluginID }), !plugin.signerKinds.isEmpty
        else { return nil }
        return plugin.signerKinds
    }

    /// Refuses to create a plugin that cannot work without the signer service when it is not granted.
    private func checkSignerRequirement(_ plugin: LoadedPlugin) throws(PluginError) {
        guard plugin.requires.contains(LKH_SERVICE_SIGNER_V1), signerKinds(for: plugin.id) == nil else { return }
        let kinds = plugin.signerKinds.sorted().map(String.init).joined(separator: ", ")
        throw PluginError(
            .permission,
            "plugin '\(plugin.id)' requires the signer service (to sign event kinds \(kinds)), which config.toml does not grant it; "
                + "add \"\(plugin.id)\" to signer_plugins = [...] if you trust it to sign those")
    }

    /// The selected provider of a capability, instantiated, with its vtable checked.
    public func provider<VTable>(of capabilityID: String, as type: VTable.Type) throws(HostError) -> Capability<VTable> {
        let plugin = try selectedProvider(of: capabilityID)
        do {
            return try instance(of: plugin).capability(capabilityID, as: type)
        } catch {
            throw .plugin(error)
        }
    }

    /// A new instance of the selected provider that belongs to the caller alone: the host does not
    /// keep it, and it is destroyed when the caller drops it (an instance whose one-time setup, such
    /// as a transport's sink, must not be shared).
    /// - Parameter signer: the signer service it gets instead of the account's (a bunker's relays
    ///   are authenticated with the bunker's key); it must outlive the instance.
    public func ownedProvider<VTable>(of capabilityID: String, as type: VTable.Type, signer: SignerService? = nil) throws(HostError) -> Capability<VTable> {
        let plugin = try selectedProvider(of: capabilityID)
        do {
            try checkSignerRequirement(plugin)
            return try PluginInstance(descriptor: plugin.descriptor, provider: services(for: plugin.id, signer: signer)).capability(capabilityID, as: type)
        } catch {
            throw .plugin(error)
        }
    }

    private func selectedProvider(of capabilityID: String) throws(HostError) -> LoadedPlugin {
        do {
            return try registry.selectProvider(of: capabilityID, configured: configuration.chosenProvider(for: capabilityID))
        } catch {
            throw .selection(error)
        }
    }

    /// Creates the configured single-provider capabilities that have an installed provider (storage,
    /// transport) and every media provider; a provider named in config but missing is an error.
    public func start() throws(HostError) {
        for capabilityID in [CapabilityID.storage, CapabilityID.transport] {
            let configured = configuration.chosenProvider(for: capabilityID)
            guard configured != nil || !registry.providers(of: capabilityID).isEmpty else { continue }
            switch capabilityID {
            case CapabilityID.storage: _ = try provider(of: capabilityID, as: lkh_storage_v1.self)
            default: _ = try provider(of: capabilityID, as: lkh_transport_v1.self)
            }
        }
        _ = mediaProviders()
    }

    /// Destroys every instance this host created.
    public func stop() {
        let instances = state.withLock { state in
            defer {
                state.instances.removeAll()
                state.mediaProviders = nil
            }
            return Array(state.instances.values)
        }
        instances.forEach { $0.destroy() }
    }

    /// The cached media-provider order, or the result of `build` stored for next time.
    func cachedMediaProviders(_ build: () -> [MediaProvider]) -> [MediaProvider] {
        if let cached = state.withLock({ $0.mediaProviders }) { return cached }
        let built = build()
        state.withLock { $0.mediaProviders = built }
        return built
    }

    /// The tools' virtual environment the set-up made, if any.
    public var setupVirtualEnvironment: SetupVirtualEnvironment? {
        let variable = linkstr_secure_getenv("LINKSTR_VENV").map { String(cString: $0) }
        return SetupVirtualEnvironment.find(environment: variable.map { ["LINKSTR_VENV": $0] } ?? [:], dataDirectory: paths.dataDirectory)
    }

    /// Host-wide values plugins read as `host.<key>` through `config_get`.
    private var hostSettings: [String: String] {
        var settings = [
            "data_dir": paths.dataDirectory, "cache_dir": paths.cacheDirectory,
            "state_dir": paths.stateDirectory, "config_file": paths.configFile,
        ]
        settings["home"] = paths.home
        settings["media_cache_bytes"] = String(configuration.mediaCacheBytes)
        settings["ytdlp"] = configuration.ytdlp ?? setupVirtualEnvironment?.program("yt-dlp")
        settings["media_cache_key"] = try? MediaCacheKey.load(paths).hex
        return settings
    }
}
