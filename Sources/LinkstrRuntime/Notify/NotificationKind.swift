import PluginABI

/// What a notification is about.
public enum NotificationKind: String, Sendable {
    /// A new root post from someone else.
    case post
    /// Someone else's reaction became active.
    case reaction
    /// `linkstr notify test`.
    case test

    var abiValue: Int32 {
        switch self {
        case .post: LKH_NOTIFY_POST
        case .reaction: LKH_NOTIFY_REACTION
        case .test: LKH_NOTIFY_TEST
        }
    }
}
