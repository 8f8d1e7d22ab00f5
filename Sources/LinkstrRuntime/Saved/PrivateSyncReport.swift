/// What a private sync of saved links through the relays did.
public struct PrivateSyncReport: Sendable, Equatable {
    /// Links the relays had (one event each).
    public var received: Int
    /// Links changed here because the relays had a later change.
    public var applied: Int
    /// Links published because this machine had a later change (or the relays had none).
    public var published: Int
    /// Links to publish that the relays kept refusing as too many too fast: they go next time.
    public var pending: Int
    /// The relays' last `rate-limited:` answer, when there was one.
    public var rateLimit: String?

    public init(received: Int = 0, applied: Int = 0, published: Int = 0, pending: Int = 0, rateLimit: String? = nil) {
        self.received = received
        self.applied = applied
        self.published = published
        self.pending = pending
        self.rateLimit = rateLimit
    }
}
