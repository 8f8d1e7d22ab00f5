import PluginABI

/// A status code of the plugin ABI (`lkh_status` in `linkstr_plugin.h`).
///
/// An open set, like GRDB's `ResultCode`: a code this build does not know (a plugin-specific code
/// ≥ 1000, or one a newer ABI minor adds) is still representable and printable.
public struct LKHStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let ok = LKHStatus(rawValue: LKH_OK)
    public static let invalid = LKHStatus(rawValue: LKH_E_INVALID)
    public static let unsupported = LKHStatus(rawValue: LKH_E_UNSUPPORTED)
    public static let notFound = LKHStatus(rawValue: LKH_E_NOT_FOUND)
    public static let io = LKHStatus(rawValue: LKH_E_IO)
    public static let timeout = LKHStatus(rawValue: LKH_E_TIMEOUT)
    public static let busy = LKHStatus(rawValue: LKH_E_BUSY)
    public static let cancelled = LKHStatus(rawValue: LKH_E_CANCELLED)
    public static let noMemory = LKHStatus(rawValue: LKH_E_NOMEM)
    public static let permission = LKHStatus(rawValue: LKH_E_PERMISSION)
    public static let `protocol` = LKHStatus(rawValue: LKH_E_PROTOCOL)
    public static let `internal` = LKHStatus(rawValue: LKH_E_INTERNAL)
    public static let unavailable = LKHStatus(rawValue: LKH_E_UNAVAILABLE)

    public var isOK: Bool { rawValue == LKH_OK }

    public var description: String {
        switch self {
        case .ok: "ok"
        case .invalid: "invalid"
        case .unsupported: "unsupported"
        case .notFound: "not found"
        case .io: "I/O error"
        case .timeout: "timeout"
        case .busy: "busy"
        case .cancelled: "cancelled"
        case .noMemory: "out of memory"
        case .permission: "permission denied"
        case .protocol: "protocol error"
        case .internal: "internal error"
        case .unavailable: "unavailable"
        default: rawValue >= LKH_E_PLUGIN_BASE ? "plugin error \(rawValue)" : "status \(rawValue)"
        }
    }
}
