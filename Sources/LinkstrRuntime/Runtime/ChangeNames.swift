import LinkstrEngine
import NostrCore

/// The names a change is shown with (`linkstr watch` for people): its session's, and each person's
/// (alias, profile name or npub).
public struct ChangeNames: Sendable {
    /// Nil when the session is not stored (yet).
    public var session: String?
    public var people: [PublicKey: String]
    /// The account, shown as "You".
    public var me: PublicKey
}
