/// What a private sync of saved links through the relays did.
public struct PrivateSyncReport: Sendable, Equatable {
    /// Links the relays had (one event each).
    public var received = 0
    /// Links changed here because the relays had a later change.
    public var applied = 0
    /// Links published because this machine had a later change (or the relays had none).
    public var published = 0

    public init() {}
}
