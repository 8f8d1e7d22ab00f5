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

    /// What the person is warned of: the relays' copies that stay, one sentence each.
    public var warnings: [String] {
        let keys =
            withoutWrapKeys
            ? ["members no longer see the post, but relays keep their copies of it: only the machine that sent it holds the keys to ask them to drop those copies"]
            : []
        return keys + refused.map { "a relay kept a gift wrap of the post: \($0)" }
    }
}
