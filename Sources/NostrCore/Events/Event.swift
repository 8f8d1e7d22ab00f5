/// A NIP-01 event. `sig` is nil only for rumors (the unsigned inner events of NIP-59).
///
/// Creating or parsing an `Event` does not verify it; call ``verify()`` (gift-wrap
/// unwrapping does this for both outer layers).
///
/// A value type; safe to share between threads.
public struct Event: Hashable, Sendable {
    public let id: EventID
    public let pubkey: PublicKey
    /// Unix time in seconds.
    public let createdAt: Int64
    public let kind: Int
    public let tags: [[String]]
    public let content: String
    public let sig: Signature?

    /// Assembles an event from its parts without checking them; see ``verify()``.
    public init(id: EventID, pubkey: PublicKey, createdAt: Int64, kind: Int, tags: [[String]], content: String,
                sig: Signature?) {
        self.id = id
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tags = tags
        self.content = content
        self.sig = sig
    }

    /// The fields the id commits to.
    public var unsigned: UnsignedEvent {
        UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content)
    }

    /// The id these fields hash to (may differ from ``id`` for a forged or corrupted event).
    public func computedID() -> EventID { unsigned.id }

    /// Checks that ``id`` is the hash of the fields and that ``sig`` is a valid BIP-340
    /// signature of it by ``pubkey``. Thread-safe.
    public func verify() throws(EventVerificationError) {
        let computed = computedID()
        guard computed == id else { throw .idMismatch(claimed: id, computed: computed) }
        guard let sig else { throw .missingSignature }
        guard pubkey.verify(sig, for: id) else { throw .invalidSignature }
    }

    /// True when ``verify()`` would succeed.
    public var isValid: Bool { (try? verify()) != nil }
}
