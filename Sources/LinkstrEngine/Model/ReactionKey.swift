import NostrCore

/// What a reaction toggles: one sender's emoji on one post.
public struct ReactionKey: Hashable, Sendable {
    public var sessionID: SessionID
    public var postID: RumorID
    public var emoji: String
    public var sender: PublicKey

    public init(sessionID: SessionID, postID: RumorID, emoji: String, sender: PublicKey) {
        self.sessionID = sessionID
        self.postID = postID
        self.emoji = emoji
        self.sender = sender
    }
}
