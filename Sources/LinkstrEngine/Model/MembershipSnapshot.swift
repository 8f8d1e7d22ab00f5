import NostrCore

/// One `session_create` or `session_members` event: the whole member set at its stamp.
public struct MembershipSnapshot: Equatable, Sendable {
    public var stamp: Stamp
    public var members: [PublicKey]

    public init(stamp: Stamp, members: [PublicKey]) {
        self.stamp = stamp
        self.members = members
    }
}
