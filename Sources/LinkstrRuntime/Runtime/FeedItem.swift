import LinkstrEngine
import NostrCore

/// One post of `linkstr feed`, with its active reactions grouped by emoji.
public struct FeedItem: Sendable, Equatable {
    public var post: Post
    /// Emoji → who reacted with it, in reaction order.
    public var reactions: [(emoji: String, senders: [PublicKey])]
    /// The link's title and thumbnail URL, once fetched (`feed --titles`).
    public var title: String?
    public var thumbnail: String?
    /// The link's video file in the media cache, when it was fetched (`media fetch`, `play`).
    public var cachedVideo: String?

    public static func == (lhs: FeedItem, rhs: FeedItem) -> Bool {
        lhs.post == rhs.post && lhs.title == rhs.title && lhs.thumbnail == rhs.thumbnail && lhs.cachedVideo == rhs.cachedVideo && lhs.reactions.map(\.emoji) == rhs.reactions.map(\.emoji)
            && lhs.reactions.map(\.senders) == rhs.reactions.map(\.senders)
    }
}
