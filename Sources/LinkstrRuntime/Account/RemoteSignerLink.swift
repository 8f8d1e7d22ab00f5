/// Where an account's remote signer (NIP-46) is, kept in `account.json` so that the account
/// reconnects without its `bunker://` link: the signer's key and relays. The link's one-time secret
/// is not kept; the client's session key is in the key store.
public struct RemoteSignerLink: Codable, Equatable, Sendable {
    /// The signer's public key (hex), not the user's.
    public var signer: String
    public var relays: [String]
    /// False after `account disconnect`: the session key is forgotten and a new link is needed.
    public var connected: Bool

    public init(signer: String, relays: [String], connected: Bool) {
        self.signer = signer
        self.relays = relays
        self.connected = connected
    }
}
