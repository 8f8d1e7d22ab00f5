/// Whatever holds the account's secret key: signs events and does NIP-44 with it. Gift-wrap
/// creation and unwrapping use the long-term key only through this protocol, so a NIP-46
/// remote signer can stand in for ``LocalSigner``.
///
/// Implementations must be safe to call from several threads at once.
public protocol Signer: Sendable {
    /// The account's x-only public key.
    var publicKey: PublicKey { get }

    /// Computes the id and signs. `unsigned.pubkey` must equal ``publicKey``.
    func sign(_ unsigned: UnsignedEvent) throws -> Event

    /// NIP-44 v2 encryption of `plaintext` to `peer`.
    func nip44Encrypt(_ plaintext: String, to peer: PublicKey) throws -> String

    /// NIP-44 v2 decryption of `payload` from `peer`.
    func nip44Decrypt(_ payload: String, from peer: PublicKey) throws -> String

    /// NIP-44 v2 decryption from a key that will not be seen again (a gift wrap's one-time
    /// key), so there is no point caching its conversation key. The default implementation
    /// calls ``nip44Decrypt(_:from:)``.
    func nip44Decrypt(_ payload: String, fromOneTimeKey peer: PublicKey) throws -> String
}

extension Signer {
    public func nip44Decrypt(_ payload: String, fromOneTimeKey peer: PublicKey) throws -> String {
        try nip44Decrypt(payload, from: peer)
    }
}
