import NostrCore

/// Fixed keys for the fuzz targets that need a sender, a recipient or a one-time key: a fuzz run is
/// reproducible only if the same input meets the same keys.
enum FuzzKeys {
    static let createdAt: Int64 = 1_700_000_000
    static let nonce = [UInt8](repeating: 7, count: 32)
    /// Secret keys 1 and 2: the keys of the first NIP-44 test vector, so that its payloads open.
    static let sender = LocalSigner(keypair: keypair(1))
    static let recipient = LocalSigner(keypair: keypair(2))
    static let oneTime = keypair(3)
    static let conversationKey = try! ConversationKey(secretKey: sender.keypair.secretKey, peer: recipient.publicKey)
    static let oneTimeConversationKey = try! ConversationKey(secretKey: oneTime.secretKey, peer: recipient.publicKey)

    private static func keypair(_ secret: UInt8) -> Keypair {
        Keypair(secretKey: try! SecretKey(bytes: [UInt8](repeating: 0, count: 31) + [secret]))
    }
}
