extension PluginRegistry {
    /// Checks every plugin id the configuration names against the loaded plugins: `storage`,
    /// `transport`, `media_providers`, `notifiers` and `[providers]` must name a plugin that provides
    /// that capability, and each `[plugins."<id>"]` section a loaded plugin.
    ///
    /// - Throws: the first mistake, naming the file, the setting, the id and the installed plugins
    ///   that would do.
    public func checkPlugins(namedIn configuration: Configuration) throws(ConfigurationError) {
        let path = configuration.sourceFile ?? "config.toml"
        func check(_ pluginID: String?, provides capabilityID: String, setting: String) throws(ConfigurationError) {
            guard let pluginID, !providers(of: capabilityID).contains(where: { $0.id == pluginID }) else { return }
            let candidates = providers(of: capabilityID).map(\.id)
            let problem = plugin(id: pluginID) == nil ? "no installed plugin has that id" : "that plugin does not provide \(capabilityID)"
            throw ConfigurationError(
                path: path,
                reason: "'\(setting)' names '\(pluginID)', but \(problem); "
                    + (candidates.isEmpty
                        ? "no installed plugin provides \(capabilityID)"
                        : "installed providers of \(capabilityID): \(candidates.joined(separator: ", "))"))
        }
        try check(configuration.storage, provides: CapabilityID.storage, setting: "storage")
        try check(configuration.transport, provides: CapabilityID.transport, setting: "transport")
        for pluginID in configuration.mediaProviders {
            try check(pluginID, provides: CapabilityID.mediaProvider, setting: "media_providers")
        }
        for pluginID in configuration.notifiers ?? [] {
            try check(pluginID, provides: CapabilityID.notifier, setting: "notifiers")
        }
        for (capabilityID, pluginID) in configuration.providers.sorted(by: { $0.key < $1.key }) {
            try check(pluginID, provides: capabilityID, setting: "providers.\"\(capabilityID)\"")
        }
        for pluginID in configuration.pluginSettings.keys.sorted() where plugin(id: pluginID) == nil {
            throw ConfigurationError(
                path: path,
                reason: "[plugins.\"\(pluginID)\"] configures a plugin that is not installed; installed plugins: "
                    + plugins.map(\.id).joined(separator: ", "))
        }
    }
}
