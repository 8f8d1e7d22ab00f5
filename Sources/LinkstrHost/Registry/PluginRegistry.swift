import PluginABI

/// The loaded plugins and the capabilities they provide; chooses providers.
///
/// Built from descriptors alone, without creating instances. Thread rule: a value type; build it on
/// one thread, then share it read-only.
public struct PluginRegistry: Sendable {
    public private(set) var plugins: [LoadedPlugin] = []
    /// One entry per refused file, in discovery order.
    public private(set) var refused: [PluginLoadError] = []
    /// Plugins not loaded because one found earlier in the search path has their id.
    public private(set) var replaced: [PluginReplacement] = []

    public init() {}

    /// Loads every file (skipping a file reached twice), then adds the in-process plugins, and records
    /// the refusals. Of two plugins with one id the first found is used (a plugin in `plugin_paths`
    /// replaces a built-in one with its id); the other is recorded in `replaced`.
    ///
    /// - Parameter inProcess: descriptors already in this process (see ``add(inProcess:)``).
    public init(files: [String], inProcess: [UnsafePointer<lkh_plugin_desc>] = []) {
        var seen = Set<FileID>()
        for file in files {
            do {
                let plugin = try PluginLoader.load(path: file)
                if let fileID = plugin.fileID, !seen.insert(fileID).inserted { continue }
                if let winner = self.plugin(id: plugin.id) {
                    replaced.append(PluginReplacement(pluginID: plugin.id, used: winner.path, replaced: plugin.path))
                    continue
                }
                try add(plugin)
            } catch {
                refused.append(error)
            }
        }
        for descriptor in inProcess {
            do {
                try add(inProcess: descriptor)
            } catch {
                refused.append(error)
            }
        }
    }

    /// Adds a plugin whose descriptor is already in this process (linked into the program or a test),
    /// validated as `PluginLoader` validates a file's; its path is `in-process:<id>`.
    public mutating func add(inProcess descriptor: UnsafePointer<lkh_plugin_desc>) throws(PluginLoadError) {
        try add(PluginLoader.load(inProcess: descriptor))
    }

    /// Adds a loaded plugin; refuses a second plugin with an id already present, naming both files.
    public mutating func add(_ plugin: LoadedPlugin) throws(PluginLoadError) {
        if let existing = plugins.first(where: { $0.id == plugin.id }) {
            throw PluginLoadError(
                path: plugin.path, pluginID: plugin.id, stage: .duplicate,
                reason: "plugin id '\(plugin.id)' is already provided by \(existing.path); remove one of the two files")
        }
        plugins.append(plugin)
    }

    public func plugin(id: String) -> LoadedPlugin? {
        plugins.first { $0.id == id }
    }

    /// Every plugin that provides `capabilityID`, in discovery order.
    public func providers(of capabilityID: String) -> [LoadedPlugin] {
        plugins.filter { $0.provides.contains(capabilityID) }
    }

    /// The one provider of `capabilityID`: the configured one, else the only one installed, else the
    /// built-in default when installed.
    ///
    /// - Throws: when the configured provider is not installed, none is installed, or several are and
    ///   neither configuration nor a default decides (the message lists the candidates).
    public func selectProvider(of capabilityID: String, configured: String?) throws(ProviderSelectionError) -> LoadedPlugin {
        let candidates = providers(of: capabilityID)
        let names = candidates.map { "\($0.id) (\($0.path))" }.joined(separator: ", ")
        if let configured {
            if let chosen = candidates.first(where: { $0.id == configured }) { return chosen }
            throw ProviderSelectionError(
                capabilityID: capabilityID,
                reason: "the configured provider '\(configured)' is not installed"
                    + (candidates.isEmpty ? "; no installed plugin provides this capability" : "; installed providers: \(names)"))
        }
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty {
            throw ProviderSelectionError(capabilityID: capabilityID, reason: "no installed plugin provides this capability")
        }
        if let fallback = CapabilityID.defaultProviders[capabilityID], let chosen = candidates.first(where: { $0.id == fallback }) {
            return chosen
        }
        throw ProviderSelectionError(
            capabilityID: capabilityID,
            reason: "several plugins provide it and the configuration chooses none: \(names); set one in config.toml")
    }
}

/// No single provider could be chosen for a capability.
public struct ProviderSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var capabilityID: String
    public var reason: String

    public init(capabilityID: String, reason: String) {
        self.capabilityID = capabilityID
        self.reason = reason
    }

    public var description: String { "\(capabilityID): \(reason)" }
}
