import NostrCore

/// A post within a session.
public struct PostReference: Hashable, Sendable {
    public var sessionID: SessionID
    public var postID: RumorID

    public init(sessionID: SessionID, postID: RumorID) {
        self.sessionID = sessionID
        self.postID = postID
    }
}
