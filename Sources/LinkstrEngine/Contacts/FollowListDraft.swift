import NostrCore

/// A follow-list change to publish: the host signs `event` with the account's signer, publishes it
/// and, once a relay accepted it, calls `ContactBook.confirm`. Nothing changes locally before that
/// (publish first, await OK, then update).
public struct FollowListDraft: Equatable, Sendable {
    /// The whole new kind 3: every tag and the content of the applied list, with the change.
    public var event: UnsignedEvent
    public var added: [PublicKey]
    public var removed: [PublicKey]

    public init(event: UnsignedEvent, added: [PublicKey], removed: [PublicKey]) {
        self.event = event
        self.added = added
        self.removed = removed
    }

    /// The id the signed event will have (signing does not change it).
    public var id: EventID { event.id }
}
