/// The result of a successful ``GiftWrap/unwrap(_:recipient:)``: every check passed.
/// Immutable; safe to share between threads.
public struct UnwrappedGift: Sendable {
    /// The unsigned inner event; its `id` was checked against the hash of its fields.
    public let rumor: Event
    /// The verified seal (kind 13, no tags, signed by ``sender``).
    public let seal: Event
    /// The id of the outer gift wrap.
    public let wrapID: WrapID

    /// The rumor's id: the identity of the message (a linkstr post id).
    public var rumorID: RumorID { RumorID(rumor.id) }
    /// The author: the seal's signer, which is also the rumor's pubkey.
    public var sender: PublicKey { seal.pubkey }
}
