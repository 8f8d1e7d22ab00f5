import LinkstrPluginKit
import PluginABI

/// One relay address in a fake transport instance's relay list, with its status.
struct FakeRelayEndpoint: Sendable {
    let url: String
    var flags: UInt32
    /// `LKH_RELAY_*`.
    var status: Int32
    var error: String?
    /// Events passed to the host from this address.
    var events = 0

    var isEnabled: Bool { flags != 0 }
    var isConnected: Bool { status == LKH_RELAY_CONNECTED || status == LKH_RELAY_READ_ONLY }
    var isReadable: Bool { flags & LKH_RELAY_READ != 0 && isConnected }
    var isWritable: Bool { flags & LKH_RELAY_WRITE != 0 }

    /// `{"url","status","error"?,"read","write","events"}`, as the relay pool's `describe` writes it.
    var describeEntry: DescribeEntry {
        DescribeEntry(url: url, status: RelayStatus(code: status).description, error: error, read: flags & LKH_RELAY_READ != 0, write: isWritable, events: events)
    }

    struct DescribeEntry: Encodable {
        var url: String
        var status: String
        var error: String?
        var read: Bool
        var write: Bool
        var events: Int
    }
}
