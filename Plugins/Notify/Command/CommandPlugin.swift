import LinkstrPluginKit
import NotifierKit
import PluginABI

/// The command notifier: runs a configured program with the notification as JSON on its stdin.
private let descriptor = PluginDescriptor.make(
    id: "org.linkstr.notify.command", name: "Notification command", version: "0.1.0", provides: [LKH_CAP_NOTIFIER_V1],
    create: { host, instance, error in
        NotifierInstance.create(host: host, instance: instance, error: error) { host throws(PluginError) in
            try CommandNotifier(host: host)
        }
    },
    destroy: { NotifierInstance.destroy($0) },
    getCapability: { _, capabilityID in
        capabilityID.map { String(cString: $0) } == LKH_CAP_NOTIFIER_V1 ? NotifierVTable.plain : nil
    })

@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ major: UInt32, _ minor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    major == LKH_ABI_MAJOR ? descriptor.pointer : nil
}
