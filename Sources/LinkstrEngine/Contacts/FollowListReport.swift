import NostrCore

/// What applying a follow list did.
public struct FollowListReport: Equatable, Sendable {
    /// `accepted` (the contacts now mirror it), `duplicate` (the same or an older list than the
    /// watermark) or `rejected` with the reason. Never `merged` or `staged`.
    public var outcome: IngestOutcome
    public var added: [PublicKey]
    public var removed: [PublicKey]
    /// Why each skipped `p` tag was skipped (the rest of the list still applies).
    public var skipped: [String]

    public init(outcome: IngestOutcome, added: [PublicKey] = [], removed: [PublicKey] = [], skipped: [String] = []) {
        self.outcome = outcome
        self.added = added
        self.removed = removed
        self.skipped = skipped
    }
}
