import LinkstrPluginKit
import PluginABI

extension LinkstrHost {
    /// The built-in storage plugins, by the short names a command line may use (`--storage memory`).
    public static let builtInStorage: [String: String] = [
        "sqlite": "org.linkstr.storage.sqlite",
        "memory": "org.linkstr.storage.memory",
        "postgresql": "org.linkstr.storage.postgresql",
    ]

    /// The storage backend `storage = "…"` selects (SQLite when the configuration names none and it is
    /// installed), created and opened. Call once per launch, from the control thread.
    ///
    /// - Throws: `.selection` when no backend can be chosen, `.plugin` when it cannot be opened (the
    ///   message names the path or server and the cause; the CLI exits 4).
    public func openStorage() throws(HostError) -> StorageBackend {
        let backend = StorageBackend(try provider(of: CapabilityID.storage, as: lkh_storage_v1.self))
        do {
            try backend.open()
        } catch {
            throw .plugin(error)
        }
        return backend
    }
}
