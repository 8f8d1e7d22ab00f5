import LinkstrPluginKit
import PluginABI

/// The relay pool's descriptor: `org.linkstr.transport.relay-pool`, providing `org.linkstr.transport/1`.
/// The signer service is optional (only NIP-42 AUTH needs it), so it is not in `requires`; it signs
/// AUTH events (kind 22242) only.
private let descriptor = PluginDescriptor.make(
    id: "org.linkstr.transport.relay-pool", name: "Relay pool (WebSocket)", version: "0.1.0",
    provides: [LKH_CAP_TRANSPORT_V1], signerKinds: [22242],
    create: { host, out, errorSlot in
        guard let host, let out else {
            LKHErrorSlot.write(errorSlot, .invalid, "create needs a host table and an output slot")
            return LKH_E_INVALID
        }
        do throws(PluginError) {
            let instance = try TransportInstance(host: PluginHost(host))
            out.pointee = InstanceBox.retain(instance)
            return LKH_OK
        } catch {
            LKHErrorSlot.write(errorSlot, error.status, "relay pool settings: \(error.message)")
            return error.status.rawValue
        }
    },
    destroy: { pointer in
        guard let pointer else { return }
        InstanceBox.borrow(pointer, as: TransportInstance.self).shutDown()
        InstanceBox.release(pointer, as: TransportInstance.self)
    },
    getCapability: { _, capabilityID in
        guard let capabilityID, String(cString: capabilityID) == LKH_CAP_TRANSPORT_V1 else { return nil }
        return UnsafeRawPointer(TransportVTable.table)
    })

@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ major: UInt32, _ minor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    major == LKH_ABI_MAJOR ? descriptor.pointer : nil
}
