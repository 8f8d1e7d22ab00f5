/// A ``Signer`` backed by a key pair in this process, with a ``ConversationKeyCache`` so that
/// repeated NIP-44 traffic with the same peer skips the ECDH.
///
/// Immutable (the cache is internally synchronized); safe to share between threads.
public struct LocalSigner: Signer {
    public let keypair: Keypair
    public let conversationKeys: ConversationKeyCache

    public init(keypair: Keypair, conversationKeys: ConversationKeyCache = ConversationKeyCache()) {
        self.keypair = keypair
        self.conversationKeys = conversationKeys
    }

    public init(secretKey: SecretKey) {
        self.init(keypair: Keypair(secretKey: secretKey))
    }

    public var publicKey: PublicKey { keypair.publicKey }

    public func sign(_ unsigned: UnsignedEvent) throws(SignerError) -> Event {
        guard unsigned.pubkey == keypair.publicKey else {
            throw .publicKeyMismatch(signer: keypair.publicKey, event: unsigned.pubkey)
        }
        return keypair.signedEvent(unsigned)
    }

    public func nip44Encrypt(_ plaintext: String, to peer: PublicKey) throws(NIP44Error) -> String {
        try NIP44.encrypt(plaintext, conversationKey: cachedKey(peer))
    }

    public func nip44Decrypt(_ payload: String, from peer: PublicKey) throws(NIP44Error) -> String {
        try NIP44.decrypt(payload, conversationKey: cachedKey(peer))
    }

    /// Bypasses the cache: a one-time key's conversation key is never needed again.
    public func nip44Decrypt(_ payload: String, fromOneTimeKey peer: PublicKey) throws(NIP44Error) -> String {
        let key: ConversationKey
        do throws(CryptoError) {
            key = try ConversationKey(secretKey: keypair.secretKey, peer: peer)
        } catch {
            throw .crypto(error)
        }
        return try NIP44.decrypt(payload, conversationKey: key)
    }

    /// A peer key this signer has validated before (its conversation key is cached), or nil.
    func knownPeer(_ bytes: Bytes32) -> PublicKey? {
        conversationKeys.knownPeer(bytes, own: keypair.publicKey)
    }

    private func cachedKey(_ peer: PublicKey) throws(NIP44Error) -> ConversationKey {
        do throws(CryptoError) {
            return try conversationKeys.conversationKey(for: keypair, peer: peer)
        } catch {
            throw .crypto(error)
        }
    }
}

extension LocalSigner: CustomStringConvertible {
    public var description: String { "LocalSigner(publicKey: \(publicKey.hex))" }
}
