import LinkstrPluginKit
import PluginABI
import StoragePluginKit

/// The PostgreSQL storage plugin, for servers: `org.linkstr.storage.postgresql`, through libpq.
///
/// Settings (`[plugins."org.linkstr.storage.postgresql"]`): `url`, a libpq connection string
/// (`postgresql://user@host:5432/linkstr` or `host=… port=… dbname=…`); a password is better kept in
/// `~/.pgpass` or `PGPASSWORD` than in config.toml.
private let descriptor = PluginDescriptor.make(
    id: "org.linkstr.storage.postgresql", name: "PostgreSQL storage", version: StoragePlugin.version,
    provides: [LKH_CAP_STORAGE_V1],
    create: { host, outInstance, error in StoragePlugin.create(host, outInstance, error) { PostgreSQLBackend(host: $0) } },
    destroy: { StoragePlugin.destroy($0) },
    getCapability: { StoragePlugin.capability($0, $1) })

@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    hostABIMajor == LKH_ABI_MAJOR ? descriptor.pointer : nil
}
