import LinkstrEngine
import NostrCore

extension EngineChange {
    /// The session the change belongs to.
    public var sessionID: SessionID {
        switch self {
        case .session(let session): session.id
        case .members(let id, _, _, _): id
        case .post(let post): post.sessionID
        case .reaction(let reaction): reaction.key.sessionID
        case .delete(let reference, _): reference.sessionID
        }
    }

    /// The people the change names: who did it, or who joined and left.
    public var people: [PublicKey] {
        switch self {
        case .session(let session): [session.creator]
        case .members(_, _, let added, let removed): added + removed
        case .post(let post): [post.sender]
        case .reaction(let reaction): [reaction.key.sender]
        case .delete(_, let deletedBy): [deletedBy]
        }
    }
}
