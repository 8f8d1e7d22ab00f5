import NostrCore

/// A rumor to send: the host gift-wraps it once per recipient (the sender included), publishes every
/// wrap and, only when each has a relay's OK, calls `LinkstrEngine.confirm`.
public struct OutboundMessage: Equatable, Sendable {
    public var payload: LinkstrPayload
    /// The unsigned kind-44001 rumor, its id computed (for a post, the post id).
    public var rumor: Event
    /// Deduplicated, the sender included.
    public var recipients: [PublicKey]

    public var id: RumorID { RumorID(rumor.id) }
}
