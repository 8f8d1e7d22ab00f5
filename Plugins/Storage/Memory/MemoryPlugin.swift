import LinkstrPluginKit
import PluginABI
import StoragePluginKit

/// The in-memory storage plugin: `org.linkstr.storage.memory`, for tests and for `--storage memory`
/// (one launch without persistence, e.g. when the database cannot be opened).
private let descriptor = PluginDescriptor.make(
    id: "org.linkstr.storage.memory", name: "In-memory storage", version: StoragePlugin.version,
    provides: [LKH_CAP_STORAGE_V1],
    create: { host, outInstance, error in StoragePlugin.create(host, outInstance, error) { _ in MemoryBackend() } },
    destroy: { StoragePlugin.destroy($0) },
    getCapability: { StoragePlugin.capability($0, $1) })

@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    hostABIMajor == LKH_ABI_MAJOR ? descriptor.pointer : nil
}
