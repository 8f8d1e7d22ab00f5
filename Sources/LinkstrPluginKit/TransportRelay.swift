import PluginABI

/// One `lkh_relay_config` of `set_relays` as a transport receives it: the URL as the host wrote it
/// (the transport checks it) and the flags `LKH_RELAY_READ | LKH_RELAY_WRITE` (others dropped).
public struct TransportRelay: Sendable, Equatable {
    public var url: String
    public var flags: UInt32

    public init(url: String, flags: UInt32) {
        self.url = url
        self.flags = flags & (LKH_RELAY_READ | LKH_RELAY_WRITE)
    }
}
