import NostrCore

/// A delete notice's target: a post id in a session, deleted by a sender. Keyed by the
/// deleter, so a forged notice can only ever block posts its own sender wrote.
public struct DeletionKey: Hashable, Sendable {
    public var sessionID: SessionID
    public var postID: RumorID
    public var deletedBy: PublicKey

    public init(sessionID: SessionID, postID: RumorID, deletedBy: PublicKey) {
        self.sessionID = sessionID
        self.postID = postID
        self.deletedBy = deletedBy
    }
}
