import PluginABI

/// One relay of the pool as the host configures it.
public struct RelayConfiguration: Sendable, Equatable {
    public var url: String
    /// Subscriptions are opened on this relay.
    public var read: Bool
    /// Events are published to this relay.
    public var write: Bool

    public init(url: String, read: Bool = true, write: Bool = true) {
        self.url = url
        self.read = read
        self.write = write
    }

    var flags: UInt32 { (read ? LKH_RELAY_READ : 0) | (write ? LKH_RELAY_WRITE : 0) }
}
