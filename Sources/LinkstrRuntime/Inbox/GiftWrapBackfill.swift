import NostrCore

/// The history backfill of gift wraps `#p`-tagged to an account, paged with
/// `until` because relays return at most `limit` events — or their own, smaller cap — per REQ.
///
/// Paging. Each page is one REQ (`linkstr-backfill-recipient-<page>-<until|latest>`) on every
/// readable relay; it ends when every relay that was connected when it started has sent EOSE or
/// CLOSED, or has disconnected, or after `pageTimeout`. A relay's page counts as *possibly
/// truncated* when it returned at least `pageSize` events, or at least as many as its largest
/// earlier page (a relay that caps `limit` below `pageSize` looks like that); an empty page never
/// is. The next page asks for `until` = 1 + the largest "oldest `created_at`" among the truncated
/// relays: every relay's events above that second are complete, and the boundary second is asked
/// for again — needed because NIP-01 makes `until` inclusive but nostr-relay treats it as exclusive
/// (the deduplicator drops the repeats). If that does not go below the previous `until` (more
/// events in one second than a page holds), `until − 1` is used. Paging stops when no relay's page
/// was possibly truncated. A relay whose history fits one page therefore costs one
/// extra, empty REQ — the price of not trusting every relay to honour `limit: 500`.
///
/// Late relays. The transport sends open subscriptions to relays that connect later, so a relay
/// that connects during the backfill joins the current page; once the chain is done, every relay
/// that was not connected when it started gets a chain of its own from the newest event (pages go
/// to every relay — the ABI has no per-relay REQ — but only the late relays' answers steer the
/// paging, and the deduplicator drops what the others send again).
public struct GiftWrapBackfill: Sendable {
    public var account: PublicKey
    /// `limit` of each REQ (the iPhone app uses 500).
    public var pageSize: Int
    /// Only wraps with `created_at >= since` (e.g. the last sync minus two days); nil = everything.
    public var since: Int64?
    /// The longest a page may wait for its relays.
    public var pageTimeout: Duration
    /// The longest to wait for the first relay to connect.
    public var connectTimeout: Duration

    public init(
        account: PublicKey, pageSize: Int = 500, since: Int64? = nil, pageTimeout: Duration = .seconds(15),
        connectTimeout: Duration = .seconds(15)
    ) {
        self.account = account
        self.pageSize = pageSize
        self.since = since
        self.pageTimeout = pageTimeout
        self.connectTimeout = connectTimeout
    }

    func filter(until: Int64?) -> Filter {
        Filter(kinds: [GiftWrap.wrapKind], pubkeyReferences: [account], since: since, until: until, limit: pageSize)
    }
}
