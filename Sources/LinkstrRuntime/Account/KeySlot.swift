/// One secret in an account's key store. A local account keeps its secret key; an account whose key
/// is in a remote signer keeps the client's session key for that signer and the random key its
/// local data key is derived from (which outlives reconnections, so the data stays readable).
struct KeySlot: Sendable, Hashable {
    /// The file name in the data folder, without `.ncryptsec` or `.nsec`.
    var fileName: String
    /// Added to the npub in the Secret Service's `account` attribute ("" for the account key).
    var secretServiceSuffix: String

    static let accountKey = KeySlot(fileName: "key", secretServiceSuffix: "")
    static let remoteSession = KeySlot(fileName: "remote-session", secretServiceSuffix: " remote-session")
    static let dataKey = KeySlot(fileName: "data-key", secretServiceSuffix: " data-key")

}
