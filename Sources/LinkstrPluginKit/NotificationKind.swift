import PluginABI

/// What a notification is about (`LKH_NOTIFY_*`). An open set: a kind a newer host sends is kept as
/// `.other` and named `kind-<n>` instead of being refused.
public enum NotificationKind: Equatable, Sendable {
    case post
    case reaction
    case test
    case saved
    /// A question the user answers with the "allow" or "deny" action.
    case permission
    /// linkstr is locked and new items wait (the body says how many).
    case locked
    case other(Int32)

    public init(abiValue: Int32) {
        switch abiValue {
        case LKH_NOTIFY_POST: self = .post
        case LKH_NOTIFY_REACTION: self = .reaction
        case LKH_NOTIFY_TEST: self = .test
        case LKH_NOTIFY_SAVED: self = .saved
        case LKH_NOTIFY_PERMISSION: self = .permission
        case LKH_NOTIFY_LOCKED: self = .locked
        default: self = .other(abiValue)
        }
    }

    /// The `LKH_NOTIFY_*` code.
    public var abiValue: Int32 {
        switch self {
        case .post: LKH_NOTIFY_POST
        case .reaction: LKH_NOTIFY_REACTION
        case .test: LKH_NOTIFY_TEST
        case .saved: LKH_NOTIFY_SAVED
        case .permission: LKH_NOTIFY_PERMISSION
        case .locked: LKH_NOTIFY_LOCKED
        case .other(let value): value
        }
    }

    /// The name used in JSON payloads: `post`, `reaction`, `test`, `saved`, `permission`, `locked` or `kind-<n>`.
    public var name: String {
        switch self {
        case .post: "post"
        case .reaction: "reaction"
        case .test: "test"
        case .saved: "saved"
        case .permission: "permission"
        case .locked: "locked"
        case .other(let value): "kind-\(value)"
        }
    }
}
