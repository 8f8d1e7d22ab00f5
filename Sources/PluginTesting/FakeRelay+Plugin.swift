import LinkstrPluginKit
import NostrCore
import PluginABI

/// The fake relay as a plugin: its descriptor (`org.linkstr.transport.fake-relay`, providing
/// `org.linkstr.transport/1`) and the setting that tells an instance which ``FakeRelay`` it serves.
extension FakeRelay {
    public static let pluginID = "org.linkstr.transport.fake-relay"

    /// The descriptor to register in-process: `host.loadPlugins(discovery:inProcess: [FakeRelay.descriptor])`,
    /// or `FakeHost.load(descriptor:)` with ``pluginSettings`` as its configuration.
    public static var descriptor: UnsafePointer<lkh_plugin_desc> { fakeRelayDescriptor.pointer }

    /// The plugin's configuration section naming this relay
    /// (`[plugins."org.linkstr.transport.fake-relay"] store = "…"`): a transport instance created
    /// without it fails.
    public var pluginSettings: [String: String] { [Self.storeSetting: token] }

    static let storeSetting = "store"
}

private let fakeRelayDescriptor = PluginDescriptor.make(
    id: FakeRelay.pluginID, name: "Fake relay (in memory, for tests)", version: "1.0.0", provides: [LKH_CAP_TRANSPORT_V1],
    create: { host, out, errorSlot in
        guard let host, let out else {
            LKHErrorSlot.write(errorSlot, .invalid, "create needs a host table and an output slot")
            return LKH_E_INVALID
        }
        guard let token = PluginHost(host).config(FakeRelay.storeSetting) else {
            LKHErrorSlot.write(
                errorSlot, .invalid,
                "no fake relay is named; set [plugins.\"\(FakeRelay.pluginID)\"] \(FakeRelay.storeSetting) (FakeRelay.configure does)")
            return LKH_E_INVALID
        }
        guard let relay = FakeRelayDirectory.relay(token) else {
            LKHErrorSlot.write(errorSlot, .notFound, "the fake relay '\(token)' no longer exists; keep the FakeRelay alive while hosts use it")
            return LKH_E_NOT_FOUND
        }
        let connection = FakeRelayConnection(relay: relay)
        relay.register(connection)
        out.pointee = InstanceBox.retain(connection)
        return LKH_OK
    },
    destroy: { pointer in
        guard let pointer else { return }
        InstanceBox.borrow(pointer, as: FakeRelayConnection.self).shutDown()
        InstanceBox.release(pointer, as: FakeRelayConnection.self)
    },
    getCapability: { _, capabilityID in
        guard let capabilityID, String(cString: capabilityID) == LKH_CAP_TRANSPORT_V1 else { return nil }
        return UnsafeRawPointer(TransportVTable.table)
    })
