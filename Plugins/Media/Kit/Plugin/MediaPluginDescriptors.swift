import LinkstrPluginKit
import PluginABI

/// The static descriptors of the two built-in media plugins. Each plugin library returns one of them
/// from its `lkh_plugin_entry`.
public enum MediaPluginDescriptors {
    public static let builtin = make(.builtin) { host, out, error in create(.builtin, host, out, error) }
    public static let generic = make(.generic) { host, out, error in create(.generic, host, out, error) }

    private static func make(_ flavor: MediaPluginFlavor, create: PluginDescriptor.CreateFunction) -> PluginDescriptor {
        PluginDescriptor.make(
            id: flavor.pluginID, name: flavor.displayName, version: MediaKitVersion.string,
            provides: [LKH_CAP_MEDIA_PROVIDER_V1],
            create: create,
            destroy: { instance in
                guard let instance else { return }
                InstanceBox.borrow(instance, as: MediaPlugin.self).destroy()
                InstanceBox.release(instance, as: MediaPlugin.self)
            },
            getCapability: { instance, capabilityID in
                guard let instance, let capabilityID, String(cString: capabilityID) == LKH_CAP_MEDIA_PROVIDER_V1 else { return nil }
                return UnsafeRawPointer(InstanceBox.borrow(instance, as: MediaPlugin.self).vtable)
            })
    }

    private static func create(
        _ flavor: MediaPluginFlavor, _ host: UnsafePointer<lkh_host>?, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        _ error: UnsafeMutablePointer<lkh_error>?
    ) -> lkh_status {
        guard let host, let out else {
            LKHErrorSlot.write(error, .invalid, "create needs a host table and an out pointer")
            return LKH_E_INVALID
        }
        out.pointee = InstanceBox.retain(MediaPlugin(flavor: flavor, host: PluginHost(host)))
        return LKH_OK
    }
}
