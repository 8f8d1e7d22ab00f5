/// A rumor still waiting in staging when a sync ended, and what it waited for.
public struct UnresolvedRumor: Sendable {
    public var rumor: InboundRumor
    public var reason: String
}
