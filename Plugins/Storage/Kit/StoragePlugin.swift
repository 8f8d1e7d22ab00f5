import LinkstrPluginKit
import PluginABI

/// The descriptor functions every storage plugin shares; a plugin adds only its backend:
///
/// ```swift
/// private let descriptor = PluginDescriptor.make(
///     id: "org.example.storage.demo", name: "Demo storage", version: StoragePlugin.version,
///     provides: [LKH_CAP_STORAGE_V1],
///     create: { host, out, error in StoragePlugin.create(host, out, error) { DemoBackend(host: $0) } },
///     destroy: { StoragePlugin.destroy($0) },
///     getCapability: { StoragePlugin.capability($0, $1) })
/// ```
///
/// Thread rule: `create` and `destroy` are [host-thread] calls (linkstr_plugin.h); `capability` is
/// thread-safe.
public enum StoragePlugin {
    /// The version of the storage plugins built with this package.
    public static let version = "0.1.0"

    /// Makes the backend (which must not touch files or servers yet: `open` does) and hands the
    /// instance to the host.
    public static func create(
        _ host: UnsafePointer<lkh_host>?, _ outInstance: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        _ error: UnsafeMutablePointer<lkh_error>?, backend makeBackend: (PluginHost) throws(PluginError) -> any StorageBackend
    ) -> lkh_status {
        StorageVTable.run(error) { () throws(PluginError) in
            guard let host, let outInstance else { throw PluginError(.invalid, "create: host or out_instance is NULL") }
            let instance = StorageInstance(backend: try makeBackend(PluginHost(host)))
            outInstance.pointee = InstanceBox.retain(instance)
        }
    }

    /// Closes the backend and drops the instance.
    public static func destroy(_ instance: UnsafeMutableRawPointer?) {
        guard let instance else { return }
        InstanceBox.borrow(instance, as: StorageInstance.self).backend.close()
        InstanceBox.release(instance, as: StorageInstance.self)
    }

    /// The storage vtable for `org.linkstr.storage/1`, nil for any other capability.
    public static func capability(_ instance: UnsafeMutableRawPointer?, _ capabilityID: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
        guard instance != nil, let capabilityID, String(cString: capabilityID) == LKH_CAP_STORAGE_V1 else { return nil }
        return StorageVTable.pointer
    }
}
