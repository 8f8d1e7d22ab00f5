/// An identity and where its key is, as a profile keeps it (and as `<data>/account.json` kept the one
/// account of a home before profiles). Holds no secret.
public struct AccountFile: Codable, Equatable, Sendable {
    public var pubkey: String
    public var keyStore: KeyStoreKind
    public var name: String?
    public var createdAt: Int64
    /// Set when the key is in a remote signer (NIP-46) rather than in the key store.
    public var remoteSigner: RemoteSignerLink?
    /// The Nostr profile name (kind 0) others see, as last published or synced; kept here so that
    /// `whoami` shows it without the key.
    public var publishedName: String?

    public init(pubkey: String, keyStore: KeyStoreKind, name: String?, createdAt: Int64, remoteSigner: RemoteSignerLink? = nil) {
        self.pubkey = pubkey
        self.keyStore = keyStore
        self.name = name
        self.createdAt = createdAt
        self.remoteSigner = remoteSigner
    }

    enum CodingKeys: String, CodingKey {
        case pubkey
        case keyStore = "key_store"
        case name
        case createdAt = "created_at"
        case remoteSigner = "remote_signer"
        case publishedName = "published_name"
    }

    /// The secrets this account keeps in its key store.
    var keySlots: [KeySlot] { remoteSigner == nil ? [.accountKey] : [.remoteSession, .dataKey] }
}
