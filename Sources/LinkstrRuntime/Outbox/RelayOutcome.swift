/// What an operation that talked to the relays saw of one relay, kept per address for `relay list`.
public struct RelayOutcome: Equatable, Sendable {
    public var url: String
    /// `connected`, `read-only`, `failed`, …
    public var status: String
    /// Why it failed, or what it refused.
    public var error: String?
    /// Unix seconds; nil when not known (a status kept from a version that recorded no time).
    public var checkedAt: Int64?
    /// When the relay last accepted an event linkstr published (Unix seconds); nil when never seen.
    public var lastOKAt: Int64?

    public init(url: String, status: String, error: String? = nil, checkedAt: Int64?, lastOKAt: Int64? = nil) {
        self.url = url
        self.status = status
        self.error = error
        self.checkedAt = checkedAt
        self.lastOKAt = lastOKAt
    }
}
