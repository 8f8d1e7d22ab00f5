import LinkstrPluginKit
import PluginABI
import StoragePluginKit

/// The SQLite storage plugin, the default backend: `org.linkstr.storage.sqlite`.
///
/// Settings (`[plugins."org.linkstr.storage.sqlite"]`): `path` (default `<data dir>/linkstr.sqlite`; a
/// relative path is taken inside the data dir), `synchronous` (`normal`, the default, or `full`),
/// `busy_timeout_ms` (default 5000).
private let descriptor = PluginDescriptor.make(
    id: "org.linkstr.storage.sqlite", name: "SQLite storage", version: StoragePlugin.version,
    provides: [LKH_CAP_STORAGE_V1],
    create: { host, outInstance, error in StoragePlugin.create(host, outInstance, error) { SQLiteBackend(host: $0) } },
    destroy: { StoragePlugin.destroy($0) },
    getCapability: { StoragePlugin.capability($0, $1) })

@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    hostABIMajor == LKH_ABI_MAJOR ? descriptor.pointer : nil
}
