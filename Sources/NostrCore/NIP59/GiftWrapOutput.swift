/// One gift wrap ready to publish, with the one-time key that signed it.
///
/// Keep ``oneTimeKey`` if you may later want to delete the wrap: relays accept a NIP-09
/// deletion (kind 5) of a wrap only when it is signed by the wrap's own pubkey.
/// Immutable; safe to share between threads.
public struct GiftWrapOutput: Sendable {
    /// The signed kind-1059 (or 21059) event.
    public let event: Event
    /// The recipient named in its `p` tag.
    public let recipient: PublicKey
    /// The fresh key that signed the wrap and encrypted the seal to the recipient.
    public let oneTimeKey: Keypair

    /// The wrap's event id, as relays and NIP-09 deletions see it.
    public var id: WrapID { WrapID(event.id) }
}
