/// What a backfill did.
public struct BackfillSummary: Sendable, Equatable {
    /// REQs sent (pages, over all chains).
    public var pages = 0
    /// Wraps delivered (verified, first time seen).
    public var events = 0
    /// Wraps seen again (another relay, a page boundary, or known to the deduplicator before).
    public var duplicates = 0
    /// Events that were not valid (bad JSON, id or signature).
    public var rejected = 0
    /// Pages that ended by timeout rather than by EOSE from every relay.
    public var timedOutPages = 0
    /// The relays a timed-out page still waited for: what they hold may not all have arrived.
    public var unfinishedRelays = Set<String>()
    /// The relays whose answers steered a chain.
    public var relays: [String] = []

    public init() {}
}
