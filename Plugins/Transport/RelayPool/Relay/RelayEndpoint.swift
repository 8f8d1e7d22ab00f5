import PluginABI

/// A relay the host configured: a checked `ws://` or `wss://` URL and its flags.
struct RelayEndpoint: Sendable, Equatable {
    static let read = LKH_RELAY_READ
    static let write = LKH_RELAY_WRITE

    let url: String
    let flags: UInt32

    /// Checks the URL: scheme `ws` or `wss`, a host, no spaces or control characters.
    init(url: String, flags: UInt32) throws(TransportInputError) {
        let lowered = url.lowercased()
        let rest: Substring
        if lowered.hasPrefix("ws://") {
            rest = url.dropFirst(5)
        } else if lowered.hasPrefix("wss://") {
            rest = url.dropFirst(6)
        } else {
            throw TransportInputError(reason: "relay URL '\(url.prefix(200))' must start with ws:// or wss://")
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, host.first != ":" else {
            throw TransportInputError(reason: "relay URL '\(url.prefix(200))' has no host")
        }
        guard url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            throw TransportInputError(reason: "relay URL '\(url.prefix(200))' contains spaces or control characters")
        }
        self.url = url
        self.flags = flags & (Self.read | Self.write)
    }

    var isEnabled: Bool { flags != 0 }
}
