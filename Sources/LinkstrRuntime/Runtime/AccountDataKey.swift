import NostrCore

/// The account's 32-byte data key for encryption at rest: HMAC-SHA256 of a fixed label under the
/// account's secret key. It is never stored — it exists while the secret key is unlocked (Secret
/// Service, `ncryptsec` passphrase or plain file), so the database alone opens nothing.
///
/// A remote signer (NIP-46) never hands out the secret key: an account using one derives the data
/// key the same way from a random secret kept in its key store.
enum AccountDataKey {
    static let label = Array("linkstr local data key v1".utf8)

    static func derive(from secretKey: SecretKey) -> [UInt8] {
        RecordCipher.hmac(key: secretKey.exportBytes(), label)
    }
}
