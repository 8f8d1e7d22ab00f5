import LinkstrEngine
import NostrCore

/// One row of `linkstr sessions`.
public struct SessionSummary: Sendable, Equatable {
    public var id: SessionID
    /// The name shown: this account's own label when it gave one (`labelled`), else `sharedName`.
    public var name: String
    /// The name the creator gave (what every member sees unless they labelled it).
    public var sharedName: String
    /// Whether `name` is a label kept on this machine only (a member's rename).
    public var labelled: Bool { name != sharedName }
    public var creator: PublicKey
    /// The current members.
    public var members: [PublicKey]
    /// Whether this account was removed from it (it stays as read-only history).
    public var removed: Bool
    /// Whether any post in it is unread.
    public var unread: Bool
    public var archived: Bool
    public var updatedAt: Int64
}
