/// Size limits of linkstr payloads, enforced the same way on send (a clear error) and on receive (a
/// counted rejection). NIP-44 (legacy profile) caps a seal's plaintext at 65 535 bytes, and the rumor
/// travels inside it, so every payload must stay well below that.
public enum PayloadLimits {
    /// The whole rumor content (the payload JSON), in UTF-8 bytes.
    public static let contentBytes = 32_768
    /// A post's URL, in UTF-8 bytes.
    public static let urlBytes = 4_096
    /// A post's note, in UTF-8 bytes.
    public static let noteBytes = 8_192
    /// A session name, in UTF-8 bytes.
    public static let sessionNameBytes = 256
    /// A reaction's emoji, in UTF-8 bytes.
    public static let emojiBytes = 64
    /// Members in one snapshot (each costs 67 bytes of JSON).
    public static let members = 256
    /// How far a rumor's created_at may lie in the future of the receiver's clock, in seconds.
    public static let futureSkewSeconds: Int64 = 900
}
