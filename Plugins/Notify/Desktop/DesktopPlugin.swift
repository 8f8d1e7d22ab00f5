import LinkstrPluginKit
import NotifierKit
import PluginABI

/// The desktop notifier: `org.freedesktop.Notifications` over the session D-Bus, with an "Open" action.
private let descriptor = PluginDescriptor.make(
    id: "org.linkstr.notify.desktop", name: "Desktop notifications (D-Bus)", version: "0.1.0",
    provides: [LKH_CAP_NOTIFIER_V1],
    create: { host, instance, error in
        NotifierInstance.create(host: host, instance: instance, error: error) { host throws(PluginError) in
            try DesktopNotifier(host: host)
        }
    },
    destroy: { NotifierInstance.destroy($0) },
    getCapability: { _, capabilityID in
        capabilityID.map { String(cString: $0) } == LKH_CAP_NOTIFIER_V1 ? NotifierVTable.withActions : nil
    })

@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ major: UInt32, _ minor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    major == LKH_ABI_MAJOR ? descriptor.pointer : nil
}
