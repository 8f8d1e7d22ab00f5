/// A rumor still waiting in staging when a sync ended, and what it waited for.
public struct UnresolvedRumor: Sendable {
    /// What a staged rumor waits for.
    public enum Awaited: Hashable, Sendable {
        /// A session this account does not know (yet).
        case session
        /// The post a reaction targets.
        case post
        /// A member list that makes the sender (or this account) a member at the rumor's time.
        case membership
        /// Its time: it is dated ahead of this clock.
        case time
    }

    public var rumor: InboundRumor
    public var reason: String
    public var awaited: Awaited
    /// The payload's kind (nil only for a rumor kept from an older version that no longer decodes).
    public var kind: PayloadKind?
    /// When it was first staged: its staging lifetime goes on from there when it is staged again.
    public var stagedAt: Int64
}
