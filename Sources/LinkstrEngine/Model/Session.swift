import NostrCore

/// A session as one account sees it: its name, creator, last activity and archive flag.
/// Membership lives in `MembershipHistory`.
public struct Session: Equatable, Sendable {
    public var id: SessionID
    public var name: String
    /// Which event set `name` (names follow last-writer-wins, so any delivery order ends the same).
    public var nameStamp: Stamp?
    public var creator: PublicKey
    /// The newest created_at of anything accepted in the session.
    public var updatedAt: Int64
    /// Local only; never on the wire.
    public var archived: Bool

    public init(id: SessionID, name: String, nameStamp: Stamp?, creator: PublicKey, updatedAt: Int64, archived: Bool = false) {
        self.id = id
        self.name = name
        self.nameStamp = nameStamp
        self.creator = creator
        self.updatedAt = updatedAt
        self.archived = archived
    }
}
