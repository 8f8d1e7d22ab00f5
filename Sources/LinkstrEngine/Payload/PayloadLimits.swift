/// Size limits of linkstr payloads. The per-field limits are for what linkstr sends (a clear
/// error): NIP-44 (legacy profile) caps a seal's plaintext at 65 535 bytes, and the rumor travels
/// inside it, so every payload must stay well below that. The iPhone app has no per-field limits,
/// so what arrives is held only to what one seal can carry (`receivedContentBytes`): a long name,
/// note or URL, or a long member list, is accepted as the app shows it.
public enum PayloadLimits {
    /// The most rumor content accepted on receive, in UTF-8 bytes: all a seal can carry. It bounds
    /// every field of a received payload (and so the memory one rumor takes).
    public static let receivedContentBytes = 65_535
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
