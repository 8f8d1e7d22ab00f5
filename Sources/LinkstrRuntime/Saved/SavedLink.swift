import LinkstrEngine
import NostrCore

/// A link the user keeps for themselves, with their tags. Its identity is its normalized URL (saved
/// twice, it stays one link); `id` is a UUID for the tools it is handed to (webhook, exports).
public struct SavedLink: Sendable, Equatable {
    /// A lowercase UUID, kept for the life of the link.
    public var id: String
    /// The URL, normalized as a post URL is.
    public var url: String
    public var note: String?
    /// Sorted, each a `TagName`.
    public var tags: [String]
    /// When it was first saved (Unix seconds); a second save keeps it.
    public var savedAt: Int64
    /// When the link or its tags last changed (Unix seconds).
    public var updatedAt: Int64
    /// When it was removed (`unsave`), nil while it is kept.
    public var deletedAt: Int64?
    /// Who shared it, when it was saved from a post.
    public var sharedBy: PublicKey?
    /// The session it was shared in, when it was saved from a post.
    public var sharedIn: SessionID?
    /// The title a media provider fetched for the URL, if any was fetched.
    public var title: String?

    public init(
        id: String, url: String, note: String? = nil, tags: [String] = [], savedAt: Int64, updatedAt: Int64, deletedAt: Int64? = nil,
        sharedBy: PublicKey? = nil, sharedIn: SessionID? = nil, title: String? = nil
    ) {
        self.id = id
        self.url = url
        self.note = note
        self.tags = tags
        self.savedAt = savedAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.sharedBy = sharedBy
        self.sharedIn = sharedIn
        self.title = title
    }

    public var isDeleted: Bool { deletedAt != nil }
}
