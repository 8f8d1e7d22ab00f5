/// What deleting a post could ask of the relays. Members stop seeing the post either way (the
/// `root_delete`); the relays drop its gift wraps only when asked by each wrap's one-time key.
public struct PostDeletion: Sendable, Equatable {
    /// The wraps whose NIP-09 deletion request no relay accepted, each with the reason.
    public var refused: [String]
    /// This machine does not hold the one-time keys the post's wraps were sent with (the account
    /// was restored here and the post came back by sync), so it could not ask relays to drop them.
    public var withoutWrapKeys: Bool

    /// True when relays keep copies of the post's gift wraps.
    public var relayCopiesKept: Bool { withoutWrapKeys || !refused.isEmpty }
}
