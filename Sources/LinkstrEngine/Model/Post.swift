import NostrCore

/// A root post: a link shared in a session. Its id is the rumor id.
public struct Post: Equatable, Sendable {
    public var id: RumorID
    public var sessionID: SessionID
    public var sender: PublicKey
    public var url: String
    public var note: String?
    /// The rumor's created_at.
    public var createdAt: Int64
    /// Inbound posts are unread until read; own posts are stored read.
    public var unread: Bool
    /// Every gift wrap that carried this rumor (merged across deliveries), for NIP-09 deletes.
    public var wrapIDs: [WrapID]
    /// The one-time secret keys of our own wraps, so a NIP-09 delete can be signed by the wrap's
    /// author as relays require (the iPhone app cannot do this). Empty for inbound posts.
    public var wrapSecretKeys: [SecretKey]

    public init(
        id: RumorID, sessionID: SessionID, sender: PublicKey, url: String, note: String?, createdAt: Int64,
        unread: Bool, wrapIDs: [WrapID], wrapSecretKeys: [SecretKey] = []
    ) {
        self.id = id
        self.sessionID = sessionID
        self.sender = sender
        self.url = url
        self.note = note
        self.createdAt = createdAt
        self.unread = unread
        self.wrapIDs = wrapIDs
        self.wrapSecretKeys = wrapSecretKeys
    }
}
