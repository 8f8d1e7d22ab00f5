import NostrCore

/// An account's secrets, read from its key store: what the runtime needs to sign and to open the
/// account's local data.
public enum UnlockedAccount: Sendable {
    /// The secret key is here.
    case local(SecretKey)
    /// The key is in a remote signer: the user's key, where the signer is, the client's session
    /// key, the key the local data key is derived from, and each request's time limit.
    case remote(user: PublicKey, link: BunkerLink, sessionKey: SecretKey, dataSecret: SecretKey, timeout: Duration)
}
