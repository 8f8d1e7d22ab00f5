import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting
import StorageConformance
import TestSupport

/// One opened storage plugin instance for a test, loaded from its built `.so` through the real loader.
struct TestStore {
    let kind: BackendKind
    let host: FakeHost
    let instance: PluginInstance
    let backend: StorageBackend
    /// The SQLite file, or the PostgreSQL URL.
    let location: String

    /// Opens `kind`: SQLite on a new file unless `location` names one, PostgreSQL on the shared test
    /// server unless `location` is another URL, the memory stores fresh.
    static func open(_ kind: BackendKind, location: String? = nil) throws -> TestStore {
        let store = try make(kind, location: location)
        try store.backend.open()
        return store
    }

    /// Creates the instance without opening it.
    static func make(_ kind: BackendKind, location: String? = nil) throws -> TestStore {
        var config: [String: String] = [:]
        let resolved: String
        switch kind {
        case .memory, .cMemory:
            resolved = "memory"
        case .sqlite:
            resolved = location ?? Scratch.directory("sqlite") + "/linkstr.sqlite"
            config["path"] = resolved
        case .postgresql:
            resolved = try location ?? PostgreSQLServer.sharedURL()
            config["url"] = resolved
        }
        let host = FakeHost(pluginID: kind.pluginID, config: config)
        let path = try kind == .cMemory ? CStoragePlugin.path : BuildProducts.plugin(kind.rawValue)
        let instance = try host.load(path: path)
        let backend = StorageBackend(try instance.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self))
        return TestStore(kind: kind, host: host, instance: instance, backend: backend, location: resolved)
    }

    /// Opens more instances of the same kind on the same location (memory stores: new, empty ones).
    var opener: StorageOpener {
        StorageOpener { [kind, location] () throws(PluginError) in
            do {
                let store = try TestStore.open(kind, location: location)
                let instance = store.instance
                return StorageOpener.Opened(backend: store.backend, close: { instance.destroy() })
            } catch let error as PluginError {
                throw error
            } catch {
                throw PluginError(.io, "cannot open another \(kind.rawValue) store at \(location): \(error)")
            }
        }
    }

    /// Writer processes on the same location: `linkstr-storage-conformance PLUGIN --set … --write-batches …`.
    var writer: StorageWriterProcess {
        get throws {
            let plugin = try kind == .cMemory ? CStoragePlugin.path : BuildProducts.plugin(kind.rawValue)
            let setting = kind == .postgresql ? "url=\(location)" : "path=\(location)"
            return StorageWriterProcess(executable: BuildProducts.directory + "/linkstr-storage-conformance", arguments: [plugin, "--set", setting])
        }
    }

    /// Destroys the instance (closing files and connections).
    func close() {
        instance.destroy()
    }
}
