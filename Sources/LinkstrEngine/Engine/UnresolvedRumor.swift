/// A rumor still waiting in staging when a sync ended, and what it waited for.
public struct UnresolvedRumor: Sendable {
    public var rumor: InboundRumor
    public var reason: String
    /// When it was first staged: its staging lifetime goes on from there when it is staged again.
    public var stagedAt: Int64
}
