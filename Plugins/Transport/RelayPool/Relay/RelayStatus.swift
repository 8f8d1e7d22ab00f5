import PluginABI

/// The status of one relay, as the ABI numbers it (`LKH_RELAY_*`).
enum RelayStatus: Int32, Sendable {
    case connecting = 0
    case connected = 1
    /// Connected, but the relay refuses our writes (`auth-required:` that AUTH could not satisfy, or
    /// `restricted:`).
    case readOnly = 2
    /// The connection failed or dropped; the pool retries after a backoff.
    case failed = 3
    case disabled = 4

    /// The name `describe` uses.
    var name: String {
        switch self {
        case .connecting: "connecting"
        case .connected: "connected"
        case .readOnly: "read-only"
        case .failed: "failed"
        case .disabled: "disabled"
        }
    }
}
