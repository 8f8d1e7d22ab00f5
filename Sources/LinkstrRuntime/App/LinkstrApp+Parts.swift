import LinkstrHost
import NostrCore

/// How each part of a ``LinkstrApp`` opens, from the ones it needs (under the app's lock).
extension LinkstrApp.Parts {
    mutating func host(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> LinkstrHost {
        if let host { return host }
        var opened: LinkstrHost
        do {
            opened = try LinkstrHost.open(
                home: configuration.home, configFile: configuration.configFile, environment: configuration.environment, appTables: RuntimeSettings.tables)
            settings = try RuntimeSettings(opened.configuration)
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
        if let storage = configuration.storage {
            var chosen = opened.configuration
            chosen.storage = LinkstrHost.builtInStorage[storage] ?? storage
            chosen.providers[CapabilityID.storage] = nil
            opened = LinkstrHost(paths: opened.paths, configuration: chosen, log: opened.log)
        }
        host = opened
        return opened
    }

    /// The runtime's tables of the configuration, read when the host opens.
    mutating func settings(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> RuntimeSettings {
        _ = try host(configuration)
        return settings ?? RuntimeSettings()
    }

    /// The plugins on the search path of the host and those compiled in, loaded once, without
    /// checking the configuration's choices against them.
    mutating func registry(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> PluginRegistry {
        if let registry { return registry }
        let host = try host(configuration)
        let loaded = host.loadPlugins(
            discovery: PluginDiscovery(configuration: host.configuration, paths: host.paths, libraryDirectory: configuration.libraryDirectory),
            inProcess: configuration.inProcessPlugins.map(\.descriptor))
        registry = loaded
        return loaded
    }

    /// The host with its plugins loaded and the plugin ids that `--storage` and the configuration
    /// name checked against them.
    mutating func checkedPlugins(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> LinkstrHost {
        let registry = try registry(configuration)
        let host = try host(configuration)
        if pluginsChecked { return host }
        let installedStorage = registry.providers(of: CapabilityID.storage).map(\.id)
        if let storage = configuration.storage, let chosen = host.configuration.storage, !installedStorage.contains(chosen) {
            let names = LinkstrHost.builtInStorage.keys.sorted().joined(separator: ", ")
            throw LinkstrError(
                .badInput,
                "--storage \(storage): no such storage backend; use \(names) or the id of an installed plugin that provides "
                    + "\(CapabilityID.storage)" + (installedStorage.isEmpty ? "" : " (installed: \(installedStorage.joined(separator: ", ")))"))
        }
        do {
            try registry.checkPlugins(namedIn: host.configuration)
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
        pluginsChecked = true
        return host
    }

    mutating func backend(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> StorageBackend {
        if let backend { return backend }
        let host = try checkedPlugins(configuration)
        do {
            let opened = try host.openStorage()
            backend = opened
            return opened
        } catch {
            let hint = configuration.storage == "memory" ? "" : " Run with --storage memory to use linkstr for this launch without saved data."
            throw LinkstrError(.storageUnavailable, "cannot open storage: \(error).\(hint)")
        }
    }

    mutating func relaySettings(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> RelaySettings {
        if let relaySettings { return relaySettings }
        let settings = RelaySettings(backend: try backend(configuration), configured: try host(configuration).configuration.relays)
        relaySettings = settings
        return settings
    }

    mutating func accounts(_ configuration: RuntimeConfiguration) throws(LinkstrError) -> AccountManager {
        if let accounts { return accounts }
        let opened = LinkstrApp.accounts(of: try host(configuration), configuration)
        accounts = opened
        return opened
    }
}

extension LinkstrApp {
    /// The profiles of `host`'s home, acting on the one `configuration` names (else the active one).
    static func accounts(of host: LinkstrHost, _ configuration: RuntimeConfiguration) -> AccountManager {
        AccountManager(dataDirectory: host.paths.dataDirectory, environment: configuration.environment, profile: configuration.profile)
    }
}
