/// What the pages show, as plain values (``AppRuntime`` makes them from the runtime's).

/// One row of the sessions list.
struct SessionRow: Sendable {
    var id: String
    var name: String
    var updatedAt: Int64
    var unread: Bool
    var memberCount: Int
    /// This account was removed: the session is read-only history.
    var removed: Bool
}

/// One page of a session's feed, newest first.
struct FeedView: Sendable {
    var id: String
    var name: String
    var memberCount: Int
    var removed: Bool
    var posts: [PostRow]
    /// The membership changes in the span of `posts`, newest first.
    var membership: [MembershipLine]
    /// Older posts exist beyond this page.
    var hasOlder: Bool
}

struct PostRow: Sendable {
    var id: String
    /// Alias, else published name, else npub.
    var sender: String
    var mine: Bool
    var url: String
    var note: String?
    var title: String?
    var createdAt: Int64
    var unread: Bool
    var reactions: [ReactionCount]
}

struct ReactionCount: Sendable {
    var emoji: String
    var count: Int
    /// This account is among those who reacted with it.
    var mine: Bool
}

/// "in: Bob" / "out: Carol".
struct MembershipLine: Sendable {
    var time: Int64
    var added: [String]
    var removed: [String]
}

struct ContactRow: Sendable {
    var npub: String
    /// Alias, else published name, else npub.
    var name: String
    /// The published name, when an alias is shown instead (then it comes second).
    var publishedName: String?
}
