import LinkstrHost

/// Opening the host and its storage backend, for commands that need storage but no account (the
/// relay list). Exit 4 when storage cannot be opened, with the way out.
enum StorageContext {
    static func open(_ global: GlobalOptions) throws(CLIFailure) -> (LinkstrHost, StorageBackend) {
        let host = try global.openHost()
        return (host, try openStorage(host, global))
    }

    /// Loads the plugins (checking the ids the configuration names) and opens the storage backend of
    /// an opened host.
    static func openStorage(_ host: LinkstrHost, _ global: GlobalOptions) throws(CLIFailure) -> StorageBackend {
        try global.loadPlugins(host)
        do {
            return try host.openStorage()
        } catch {
            let hint = global.storage == "memory" ? "" : " Run with --storage memory to use linkstr for this launch without saved data."
            throw CLIFailure(.storage, "cannot open storage: \(error).\(hint)")
        }
    }
}
