import LinkstrHost

extension GlobalOptions {
    /// Loads the plugins of an opened host and checks the plugin ids that `--storage` and the
    /// configuration name: an id no installed plugin has (for that capability) is bad input (exit 2).
    func loadPlugins(_ host: LinkstrHost) throws(CLIFailure) {
        let registry = host.loadPlugins()
        let installedStorage = registry.providers(of: CapabilityID.storage).map(\.id)
        if let storage, let chosen = host.configuration.storage, !installedStorage.contains(chosen) {
            let names = LinkstrHost.builtInStorage.keys.sorted().joined(separator: ", ")
            throw CLIFailure(
                .usage,
                "--storage \(storage): no such storage backend; use \(names) or the id of an installed plugin that provides "
                    + "\(CapabilityID.storage)" + (installedStorage.isEmpty ? "" : " (installed: \(installedStorage.joined(separator: ", ")))"))
        }
        do {
            try registry.checkPlugins(namedIn: host.configuration)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
    }
}
