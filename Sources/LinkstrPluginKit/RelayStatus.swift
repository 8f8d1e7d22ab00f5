import PluginABI

/// A relay's status as a transport reports it (`LKH_RELAY_*`), on both sides of the ABI.
public enum RelayStatus: Sendable, Equatable, CustomStringConvertible {
    case connecting
    case connected
    /// Connected, but the relay refuses our writes (`auth-required:` that AUTH could not satisfy, or
    /// `restricted:`).
    case readOnly
    /// The connection failed or dropped; the transport retries after a backoff.
    case failed
    case disabled
    /// A status code this host does not know (a newer transport).
    case other(Int32)

    public init(code: Int32) {
        switch code {
        case LKH_RELAY_CONNECTING: self = .connecting
        case LKH_RELAY_CONNECTED: self = .connected
        case LKH_RELAY_READ_ONLY: self = .readOnly
        case LKH_RELAY_FAILED: self = .failed
        case LKH_RELAY_DISABLED: self = .disabled
        default: self = .other(code)
        }
    }

    /// The `LKH_RELAY_*` code.
    public var code: Int32 {
        switch self {
        case .connecting: LKH_RELAY_CONNECTING
        case .connected: LKH_RELAY_CONNECTED
        case .readOnly: LKH_RELAY_READ_ONLY
        case .failed: LKH_RELAY_FAILED
        case .disabled: LKH_RELAY_DISABLED
        case .other(let code): code
        }
    }

    /// The status a transport's `describe` names (`.other(-1)` for a name this side does not know).
    public init(name: String) {
        switch name {
        case "connecting": self = .connecting
        case "connected": self = .connected
        case "read-only": self = .readOnly
        case "failed": self = .failed
        case "disabled": self = .disabled
        default: self = .other(-1)
        }
    }

    /// Connected, whether or not the relay accepts writes: subscriptions are served.
    public var isConnected: Bool { self == .connected || self == .readOnly }

    /// The name the transport's `describe` uses ("connecting", "read-only", …).
    public var description: String {
        switch self {
        case .connecting: "connecting"
        case .connected: "connected"
        case .readOnly: "read-only"
        case .failed: "failed"
        case .disabled: "disabled"
        case .other(let code): "status \(code)"
        }
    }
}
