/// The fields of a NIP-01 event that its id commits to: everything except `id` and `sig`.
/// Hand it to a ``Signer`` to get a signed ``Event``, or call ``rumor()`` to get the unsigned
/// inner event of a gift wrap.
///
/// A value type; safe to share between threads.
public struct UnsignedEvent: Hashable, Sendable {
    public var pubkey: PublicKey
    /// Unix time in seconds.
    public var createdAt: Int64
    /// NIP-01 kind (0…65535 on the wire; the parser refuses other values).
    public var kind: Int
    public var tags: [[String]]
    public var content: String

    public init(pubkey: PublicKey, createdAt: Int64, kind: Int, tags: [[String]] = [], content: String) {
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tags = tags
        self.content = content
    }

    /// The NIP-01 id: SHA-256 of ``canonicalSerialization()``.
    public var id: EventID {
        EventID(bytes: canonicalSerialization().withUnsafeBytes { SHA256.hash($0) })
    }

    /// This event as an unsigned rumor (NIP-59): id computed, no signature.
    public func rumor() -> Event {
        Event(id: id, pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content, sig: nil)
    }
}
