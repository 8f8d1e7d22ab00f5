/// One relay of the relay list: global, not per account, as the iPhone app keeps it.
public struct RelayEntry: Equatable, Sendable {
    public var url: String
    public var enabled: Bool
    public var source: RelaySource
    /// The last status an operation that talked to the relays saw (`connected`, `read-only`,
    /// `failed`, …), or nil.
    public var status: String?
    /// Why it was not connected, or what it refused, when it last ran.
    public var error: String?
    /// When that status was seen (Unix seconds); nil when never, or not known.
    public var checkedAt: Int64?
    /// When the relay last accepted an event linkstr published (Unix seconds); nil when never seen.
    public var lastOKAt: Int64?

    public init(
        url: String, enabled: Bool = true, source: RelaySource = .added, status: String? = nil, error: String? = nil, checkedAt: Int64? = nil,
        lastOKAt: Int64? = nil
    ) {
        self.url = url
        self.enabled = enabled
        self.source = source
        self.status = status
        self.error = error
        self.checkedAt = checkedAt
        self.lastOKAt = lastOKAt
    }
}
