/// A NIP-01 subscription filter. Unset fields are left out of the JSON; set lists are sent
/// as given (NIP-01 expects at least one value in each list).
///
/// A value type; safe to share between threads.
public struct Filter: Hashable, Sendable {
    public var ids: [EventID]?
    public var authors: [PublicKey]?
    public var kinds: [Int]?
    /// `#e`: events that reference one of these event ids in an `e` tag.
    public var eventReferences: [EventID]?
    /// `#p`: events that reference one of these public keys in a `p` tag (gift wraps for a
    /// recipient are found with `kinds: [1059], pubkeyReferences: [recipient]`).
    public var pubkeyReferences: [PublicKey]?
    /// Events with `created_at >= since`.
    public var since: Int64?
    /// Events with `created_at <= until`.
    public var until: Int64?
    /// The most stored events to return initially.
    public var limit: Int?

    public init(ids: [EventID]? = nil, authors: [PublicKey]? = nil, kinds: [Int]? = nil, eventReferences: [EventID]? = nil,
                pubkeyReferences: [PublicKey]? = nil, since: Int64? = nil, until: Int64? = nil, limit: Int? = nil) {
        self.ids = ids
        self.authors = authors
        self.kinds = kinds
        self.eventReferences = eventReferences
        self.pubkeyReferences = pubkeyReferences
        self.since = since
        self.until = until
        self.limit = limit
    }
}
