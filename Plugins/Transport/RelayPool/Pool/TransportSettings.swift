import Glibc
import LinkstrPluginKit

/// The plugin's settings, read once from its configuration section
/// (`[plugins."org.linkstr.transport.relay-pool"]`). Every setting has a default.
struct TransportSettings: Sendable {
    /// A PEM file of extra CA certificates trusted for `wss://` relays (besides the system's).
    var caFile: String?
    /// How long a connection attempt (TCP, TLS and the WebSocket upgrade) may take.
    var connectTimeout: Duration = .seconds(10)
    /// The first reconnect delay; it doubles per failed attempt up to ``reconnectMaximum``, each
    /// delay scaled by a random factor in 0.5…1.
    var reconnectMinimum: Duration = .seconds(1)
    var reconnectMaximum: Duration = .seconds(60)
    /// WebSocket pings keep idle connections open and find dead ones; nil = no pings.
    var pingInterval: Duration? = .seconds(30)
    /// The largest relay message accepted and the largest event published, in bytes. Larger
    /// incoming messages are dropped and counted; the connection stays open.
    var maximumMessageBytes = 1 << 20

    /// A frame larger than this closes the connection (WebSocket "message too big"): four times the
    /// message limit, so that a merely oversized message can be read, refused and forgotten.
    var frameLimit: Int { maximumMessageBytes * 4 }

    /// Reads the settings through `config_get`.
    ///
    /// - Throws: `PluginError(.invalid, …)` naming the setting and the accepted range.
    init(host: PluginHost) throws(PluginError) {
        if let path = host.config("ca_file") {
            guard access(path, R_OK) == 0 else {
                throw PluginError(.invalid, "ca_file \(path) cannot be read: \(String(cString: strerror(errno)))")
            }
            caFile = path
        }
        connectTimeout = .milliseconds(try Self.integer(host, "connect_timeout_ms", 100...600_000, default: 10_000))
        reconnectMinimum = .milliseconds(try Self.integer(host, "reconnect_min_ms", 10...3_600_000, default: 1_000))
        let maximum = try Self.integer(host, "reconnect_max_ms", 10...3_600_000, default: 60_000)
        reconnectMaximum = .milliseconds(maximum)
        guard reconnectMaximum >= reconnectMinimum else {
            throw PluginError(.invalid, "reconnect_max_ms (\(maximum)) must not be smaller than reconnect_min_ms")
        }
        let ping = try Self.integer(host, "ping_interval_s", 0...3_600, default: 30)
        pingInterval = ping == 0 ? nil : .seconds(ping)
        maximumMessageBytes = try Self.integer(host, "max_message_bytes", 4_096...(64 << 20), default: 1 << 20)
    }

    private static func integer(_ host: PluginHost, _ key: String, _ range: ClosedRange<Int>, default value: Int) throws(PluginError) -> Int {
        guard let text = host.config(key) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw PluginError(.invalid, "\(key) must be an integer from \(range.lowerBound) to \(range.upperBound), got \"\(text)\"")
        }
        return number
    }
}
