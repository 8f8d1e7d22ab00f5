import LinkstrEngine
import NostrCore

/// One row of `linkstr sessions`.
public struct SessionSummary: Sendable, Equatable {
    public var id: SessionID
    public var name: String
    public var creator: PublicKey
    /// The current members.
    public var members: [PublicKey]
    /// Whether any post in it is unread.
    public var unread: Bool
    public var archived: Bool
    public var updatedAt: Int64
}
