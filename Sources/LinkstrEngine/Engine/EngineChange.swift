import NostrCore

/// One accepted change, as `linkstr watch` prints it.
public enum EngineChange: Equatable, Sendable {
    case session(Session)
    case members(sessionID: SessionID, members: [PublicKey], added: [PublicKey], removed: [PublicKey])
    case post(Post)
    case reaction(Reaction)
    case delete(PostReference, deletedBy: PublicKey)
}
