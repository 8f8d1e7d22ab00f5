import NostrCore

/// What `linkstr feed` shows of a session: its summary, its posts oldest first, the membership
/// changes among them, and how each person they name is shown.
public struct SessionFeed: Sendable {
    public var session: SessionSummary
    public var items: [FeedItem]
    /// How many shown posts of the whole session are unread (also those a limit leaves out).
    public var unread: Int
    /// The membership changes in the span of `items` (all of them when the feed is not limited),
    /// oldest first.
    public var membershipChanges: [MembershipChange]
    /// How each sender and each person of `membershipChanges` is shown (alias, profile name or npub).
    public var names: [PublicKey: String]
    /// Where the next older page starts, when a limit left older posts out.
    public var older: FeedCursor? = nil
}
