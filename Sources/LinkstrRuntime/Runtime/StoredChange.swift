import LinkstrEngine

/// What changed in one session, as the home's change feed keeps it for the other processes of the
/// home (``ChangeFeed/storedChanges(after:in:)``): a page open in the app refreshes that session.
public struct StoredChange: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case session, members, post, reaction, delete
    }

    public var kind: Kind
    public var session: SessionID

    public init(kind: Kind, session: SessionID) {
        self.kind = kind
        self.session = session
    }

    public init(_ change: EngineChange) {
        let kind: Kind =
            switch change {
            case .session: .session
            case .members: .members
            case .post: .post
            case .reaction: .reaction
            case .delete: .delete
            }
        self.init(kind: kind, session: change.sessionID)
    }
}

/// Where a reader of the change feed is: the newest time it read, and the records it read lately
/// (a record written a moment late by another process lands a little before that time).
public struct StoredChangeCursor: Sendable {
    var time: Int64
    var read: [[UInt8]: Int64]
}
