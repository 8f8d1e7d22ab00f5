import NostrCore

/// A notification the engine asks for. The engine decides when (live inbound root posts and
/// reactions that become active; never for archived sessions, own echoes, deactivations or
/// backfill); notifiers decide how, and what they may show.
public struct EngineNotification: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case post, reaction
    }

    /// Stable per event: `post-<rumor id>` / `reaction-<rumor id>`.
    public var id: String
    public var kind: Kind
    public var sessionID: SessionID
    public var sessionName: String
    public var sender: PublicKey
    public var postID: RumorID
    public var url: String
    public var note: String?
    public var emoji: String?
    public var createdAt: Int64
}
