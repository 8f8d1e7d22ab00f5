import LinkstrEngine

extension DeepLink {
    /// The link that opens `post` (`linkstr share`), in the iPhone app's payload format.
    public init(post: Post) {
        self.init(url: post.url, timestamp: post.createdAt, messageGUID: post.id.hex)
    }
}
