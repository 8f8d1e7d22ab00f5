import LinkstrHost
import LinkstrPluginKit
import PluginABI

// Forwarding for the wirings that still hand a pool a transport capability; it goes once they ask
// the host for `ownedTransport(signer:)`.
extension RelayPool {
    public convenience init(transport capability: Capability<lkh_transport_v1>) throws(PluginError) {
        try self.init(transport: RelayTransport(capability))
    }
}
