import NostrCore

/// Where a page of a session's feed ends: its oldest post, by time and id. The next (older) page
/// starts right after it, so that any page of a long session is read as fast as the first.
public struct FeedCursor: Hashable, Sendable, CustomStringConvertible {
    public var createdAt: Int64
    public var post: RumorID

    public init(createdAt: Int64, post: RumorID) {
        self.createdAt = createdAt
        self.post = post
    }

    /// `TIME-POSTID` (Unix seconds, the post id in hex), as a page's address carries it.
    public var description: String { "\(createdAt)-\(post.hex)" }

    /// Reads `description`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let time = Int64(parts[0]), let post = try? RumorID(hex: String(parts[1])) else { return nil }
        self.init(createdAt: time, post: post)
    }
}
